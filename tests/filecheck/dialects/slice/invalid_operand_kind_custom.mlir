// A custom-form op whose data is not a tensor: its types are checked while it parses,
// and the error names the op and the operand at the op's position (it used to be
// xDSL's bare "memref<4x6xf32> should be of base attribute tensor", issue 10 item 5).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_operand_kind_custom.mlir:[[# @LINE + 3]]:19{{$}}
// CHECK:      {{^ +}}slice.onnx: data must be a tensor, got memref<4x6xf32>{{$}}
func.func @onnx_memref_data(%x: memref<4x6xf32>, %s: tensor<1xi64>) {
  %r = slice.onnx %x starts %s ends %s : memref<4x6xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<4x6xf32>
  func.return
}
