// A custom-form op on an unranked tensor: refused while it parses, at the op; an unranked
// tensor is a tensor, of no shape a slice can take (the message said "must be a tensor").
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_unranked_custom.mlir:[[# @LINE + 3]]:22{{$}}
// CHECK:      {{^ +}}slice.onnx_v1: data must be a ranked tensor, got tensor<*xf32>{{$}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<*xf32> -> tensor<*xf32>
  func.return %r : tensor<*xf32>
}
