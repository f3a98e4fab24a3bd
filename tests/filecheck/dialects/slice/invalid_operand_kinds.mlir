// Data, source and result operands that are not tensors, in the generic form: the
// message names the op and the operand (not xDSL's "operand 'data' at position 0 does
// not verify: memref<4x6xf32> should be of base attribute tensor").
//
// RUN: slice-opt %s --split-input-file --verify-diagnostics | filecheck %s

// CHECK:      {{^}}slice.onnx: data must be a tensor, got memref<4x6xf32>{{$}}
func.func @onnx_memref_data(%x: memref<4x6xf32>, %s: tensor<1xi64>) {
  %r = "slice.onnx"(%x, %s, %s) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (memref<4x6xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<4x6xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: input must be a tensor, got memref<5xf32>{{$}}
func.func @tf_memref_input(%x: memref<5xf32>, %b: tensor<1xi64>) {
  %r = "slice.tf_strided_slice"(%x, %b, %b, %b) : (memref<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: result must be a tensor, got memref<2xf32>{{$}}
func.func @window_memref_result(%x: tensor<4xf32>) {
  %r = "slice.window"(%x) <{offsets = array<i64: 0>, sizes = array<i64: 2>, strides = array<i64: 1>}> : (tensor<4xf32>) -> memref<2xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: input must be a tensor, got i32{{$}}
func.func @dml_scalar_input(%x: i32) {
  %r = "slice.dml_slice1"(%x) <{window_offsets = array<i64: 0>, window_sizes = array<i64: 1>, window_strides = array<i64: 1>}> : (i32) -> tensor<1xi32>
  func.return
}
