// A property whose attribute its constraint refuses. The custom form reads some
// properties from the attribute dictionary (slice.onnx's opset, the OpenVINO masks) and
// checks them while it parses: the error is at the dictionary's entry and names the op,
// the property and its value, as the generic form's does (it was xDSL's bare message
// with no position: `error: "13" should be of base attribute integer`; until session 45
// it was at the op's first operand and named no property). The
// generic form's verifier names the op, the property and its value (it was xDSL's bare
// `Expected attribute i64 but got i32`), for every slice op.
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 4]]:41{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx %x starts %s ends %s {opset = "13"}
// CHECK:      {{^ +}}slice.onnx: property opset = "13": "13" should be of base attribute integer{{$}}
func.func @opset_string(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = slice.onnx %x starts %s ends %s {opset = "13"} : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// CHECK:      {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 3]]:51{{$}}
// CHECK:      {{^ +}}slice.ov_strided_slice: property begin_mask = array<i32: 0>: Expected attribute i64 but got i32{{$}}
func.func @mask_i32(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = slice.ov_strided_slice %x begin %s end %s {begin_mask = array<i32: 0>, end_mask = array<i64: 1>} : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 2]]:3: slice.onnx_v1: property starts = array<i32: 0>: Expected attribute i64 but got i32{{$}}
func.func @starts_i32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "slice.onnx_v1"(%x) <{starts = array<i32: 0>, ends = array<i64: 4>}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 2]]:3: slice.tf_strided_slice: property begin_mask = 1 : index: index should be of base attribute integer_type{{$}}
func.func @mask_index(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = "slice.tf_strided_slice"(%x, %s, %s, %s) <{begin_mask = 1 : index}> : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 3]]:3: slice.copy_run: property count = 1 : i32: Expected attribute i64 but got i32{{$}}
func.func @count_i32(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  "slice.copy_run"(%a, %c0, %b, %c0) <{count = 1 : i32, source_stride = 1 : i64, dest_stride = 1 : i64}> : (memref<8xf32>, index, memref<8xf32>, index) -> ()
  func.return
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 3]]:3: slice.copy_run: property nontemporal = 1 : i64: 1 : i64 should be of base attribute unit{{$}}
func.func @nontemporal_i64(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  "slice.copy_run"(%a, %c0, %b, %c0) <{count = 1 : i64, source_stride = 1 : i64, dest_stride = 1 : i64, nontemporal = 1 : i64}> : (memref<8xf32>, index, memref<8xf32>, index) -> ()
  func.return
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 2]]:3: slice.check: property message = 5 : i64: 5 : i64 should be of base attribute string{{$}}
func.func @message_int(%c: i1) {
  "slice.check"(%c) <{message = 5 : i64}> : (i1) -> ()
  func.return
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 2]]:3: slice.fill_constant: property value = 5 : i32: 5 : i32 should be of base attribute dense{{$}}
func.func @value_scalar(%b: memref<3xi32>) {
  "slice.fill_constant"(%b) <{value = 5 : i32}> : (memref<3xi32>) -> ()
  func.return
}

// -----

// The opset is an i64 (SPEC section 1), in the generic and the custom form alike.
// CHECK: {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 2]]:3: slice.onnx: property opset = 13 : i32: Expected attribute i64 but got i32{{$}}
func.func @opset_i32_generic(%x: tensor<4x6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = "slice.onnx"(%x, %s, %s) <{opset = 13 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// CHECK:      {{^}}error: {{.*}}invalid_property_kinds.mlir:[[# @LINE + 4]]:41{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx %x starts %s ends %s {opset = 11 : i32}
// CHECK:      {{^ +}}slice.onnx: property opset = 11 : i32: Expected attribute i64 but got i32{{$}}
func.func @opset_i32_custom(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = slice.onnx %x starts %s ends %s {opset = 11 : i32} : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
