// With --disable-verify (or IR built in Python and not verified) a slice op that does
// not verify reaches the passes; each of them verifies the slice ops before it reads
// them (passes.verify_slice_ops; xDSL's canonicalize runs the ops' patterns on
// verified ops only), so it fails with the verifier's message at the op. Before
// session 61 canonicalize-slices rewrote this wrong static result type into a
// tensor.cast that does not verify, and a memref index operand was an AssertionError.
//
// RUN: not slice-opt %s --disable-verify -p canonicalize-slices 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p canonicalize 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p convert-slice-to-loops 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p convert-slice-to-tensor 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p 'export-slices{framework=onnx}' 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p convert-tensor-to-slice 2>&1 | filecheck %s
// RUN: not slice-opt %s --split-input-file --disable-verify -p canonicalize-slices 2>&1 | filecheck %s --check-prefix=INDEX
// RUN: not slice-opt %s --split-input-file --disable-verify -p canonicalize 2>&1 | filecheck %s --check-prefix=INDEX

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}.mlir:[[# @LINE + 4]]:3: slice.onnx_v1: result type tensor<3x6xf32> does not match the shape [2, 6] the slice gives{{$}}
// CHECK-NOT: Traceback

func.func @main(%x: tensor<4x6xf32>) -> tensor<3x6xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<4x6xf32> -> tensor<3x6xf32>
  func.return %r : tensor<3x6xf32>
}

// -----

// INDEX-NOT: Traceback
// INDEX:     {{^}}error: {{.+}}.mlir:[[# @LINE + 3]]:3: slice.onnx: starts must be a 1-D tensor of i32 or i64, got memref<1xi64>{{$}}

func.func @index(%x: tensor<4x6xf32>, %s: memref<1xi64>, %e: tensor<1xi64>) -> tensor<?x6xf32> {
  %r = "slice.onnx"(%x, %s, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<4x6xf32>, memref<1xi64>, tensor<1xi64>) -> tensor<?x6xf32>
  func.return %r : tensor<?x6xf32>
}
