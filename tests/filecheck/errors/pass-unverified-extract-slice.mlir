// With --disable-verify a tensor.extract_slice of a memref reaches
// convert-tensor-to-slice; it fails with the IRDL constraint's message at the op, never
// an AssertionError or a traceback.
//
// RUN: not slice-opt %s --disable-verify -p convert-tensor-to-slice 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}.mlir:[[# @LINE + 4]]:3: tensor.extract_slice: source must be a tensor, got memref<4xf32>{{$}}
// CHECK-NOT: Traceback

func.func @main(%x: memref<4xf32>) -> tensor<2xf32> {
  %r = "tensor.extract_slice"(%x) <{static_offsets = array<i64: 0>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (memref<4xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
