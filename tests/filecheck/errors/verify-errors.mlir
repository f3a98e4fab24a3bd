// Ops that parse but do not verify: one `error:` with the verifier's message, no
// traceback. Each RUN line cuts one function out of this file (slice-opt stops at the
// first error, so every case needs a file of its own).
//
// RUN: sed -n '/^\/\/ STEP0-BEGIN/,/^\/\/ STEP0-END/p' %s > %t.step0.mlir
// RUN: not slice-opt %t.step0.mlir 2>&1 | filecheck %s --check-prefix=STEP0
// RUN: sed -n '/^\/\/ OOB-BEGIN/,/^\/\/ OOB-END/p' %s > %t.oob.mlir
// RUN: not slice-opt %t.oob.mlir -p canonicalize-slices,convert-slice-to-loops -t c 2>&1 | filecheck %s --check-prefix=OOB
// RUN: sed -n '/^\/\/ TYPE-BEGIN/,/^\/\/ TYPE-END/p' %s > %t.type.mlir
// RUN: not slice-opt %t.type.mlir 2>&1 | filecheck %s --check-prefix=TYPE
// RUN: not slice-run %t.type.mlir --output %t.npy 2>&1 | filecheck %s --check-prefix=TYPE
// RUN: sed -n '/^\/\/ DML-BEGIN/,/^\/\/ DML-END/p' %s > %t.dml.mlir
// RUN: not slice-opt %t.dml.mlir 2>&1 | filecheck %s --check-prefix=DML
// RUN: sed -n '/^\/\/ ELLIPSIS-BEGIN/,/^\/\/ ELLIPSIS-END/p' %s > %t.ellipsis.mlir
// RUN: not slice-opt %t.ellipsis.mlir 2>&1 | filecheck %s --check-prefix=ELLIPSIS
// RUN: not slice-opt %s 2>&1 | filecheck %s --check-prefix=FIRST

// STEP0-NOT:    Traceback
// STEP0:        {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
// STEP0-NOT:    Traceback
// OOB-NOT:      Traceback
// OOB:          {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 4 + 1 * (3 - 1) is out of bounds for dimension 0 of size 5{{$}}
// OOB-NOT:      Traceback
// TYPE-NOT:     Traceback
// TYPE:         {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx_v1: result type tensor<4x4xf32> does not match the shape [4, 2] the slice gives{{$}}
// TYPE-NOT:     Traceback
// DML-NOT:      Traceback
// DML:          {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.dml_slice1: result dimension 0 has size 4 but the window allows 1 to 3 (1 + (window_sizes[0] - 1) / |window_strides[0]|){{$}}
// DML-NOT:      Traceback
// ELLIPSIS-NOT: Traceback
// ELLIPSIS:     {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.tf_strided_slice: ellipsis_mask sets more than one ellipsis (entries 0 and 1){{$}}
// ELLIPSIS-NOT: Traceback
// FIRST-NOT:    Traceback
// FIRST:        {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
// FIRST-NOT:    Traceback

// STEP0-BEGIN
func.func @step0(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  %e = arith.constant dense<[4]> : tensor<1xi64>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %t = arith.constant dense<[0]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %t : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}
// STEP0-END

// OOB-BEGIN
func.func @oob(%x: tensor<5xf32>) -> tensor<3xf32> {
  %r = slice.window %x offsets [4] sizes [3] strides [1] : tensor<5xf32> -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
// OOB-END

// TYPE-BEGIN
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = slice.onnx_v1 %x starts [0] ends [2] axes [1] : tensor<4x4xf32> -> tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}
// TYPE-END

// DML-BEGIN
func.func @dml(%x: tensor<5xf32>) -> tensor<4xf32> {
  %r = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [2] : tensor<5xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
// DML-END

// ELLIPSIS-BEGIN
func.func @ellipsis(%x: tensor<5xf32>) -> tensor<5xf32> {
  %b = arith.constant dense<[0, 0]> : tensor<2xi64>
  %r = slice.tf_strided_slice %x begin %b end %b strides %b {ellipsis_mask = 3 : i64} : tensor<5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}
// ELLIPSIS-END
