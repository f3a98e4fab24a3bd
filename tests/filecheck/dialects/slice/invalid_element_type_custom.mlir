// A custom-form op on an element type outside SPEC section 1 (slice_dialect/dtypes.py):
// refused while it parses, at the op, naming the op, the operand and the type (it used to
// verify and fail at the C target or at a call, naming neither).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_element_type_custom.mlir:[[# @LINE + 5]]:22{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<4xf80> -> tensor<2xf80>{{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECK-NEXT: {{^ +}}slice.onnx_v1: data has type tensor<4xf80>: element type f80 is not supported: a slice moves integers of 1 to 64 bits, f16, bf16, f32, f64, complex<f32> and complex<f64>{{$}}
func.func @f80(%x: tensor<4xf80>) -> tensor<2xf80> {
  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<4xf80> -> tensor<2xf80>
  func.return %r : tensor<2xf80>
}
