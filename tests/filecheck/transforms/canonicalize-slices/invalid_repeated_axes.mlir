// RUN: not slice-opt %s -p canonicalize-slices 2>&1 | filecheck %s

// C40: repeated axes (axis 1 given as 1 and as -1) are an error for every ONNX opset
// (SPEC section 2): slice-opt prints the verifier's message, no IR and no traceback, and
// exits non-zero.

// CHECK-NOT: Traceback
// CHECK: error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx: axes[1] = -1 repeats axis 1 (already given by axes[0])
// CHECK-NOT: Traceback
// CHECK-NOT: builtin.module
func.func @repeated_axes(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  %starts = arith.constant dense<[0, 1]> : tensor<2xi64>
  %ends = arith.constant dense<[4, 3]> : tensor<2xi64>
  %axes = arith.constant dense<[1, -1]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes {opset = 10 : i64} : tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}
