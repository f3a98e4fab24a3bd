// A discardable attribute with the name of one of the op's properties is refused. xDSL
// keeps it beside the property (MLIR would set the property), so it was silently ignored
// (`{axes = ...}` on slice.onnx_v1 sliced axis 0; `{prefetch = 8 : i64}` on
// slice.copy_run did not prefetch) or made the op unprintable (slice-opt printed
// `error: Cannot print attributes and properties with the same name in a single
// dictionary`, without a position).
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK: {{^}}error: {{.*}}invalid_shadowed_property.mlir:[[# @LINE + 2]]:3: slice.onnx_v1: the attribute axes = array<i64: 1> has the name of a property of the op, and a discardable attribute of that name would be ignored; set the property instead (in the generic form, inside <{...}>){{$}}
func.func @axes_in_dictionary(%x: tensor<2x4xf32>) -> tensor<?x?xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [2] {axes = array<i64: 1>} : tensor<2x4xf32> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_shadowed_property.mlir:[[# @LINE + 2]]:3: slice.onnx: the attribute opset = 11 : i64 has the name of a property of the op, {{.*}}{{$}}
func.func @opset_twice(%x: tensor<2x4xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = "slice.onnx"(%x, %s, %s) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, opset = 13 : i64}> {opset = 11 : i64} : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_shadowed_property.mlir:[[# @LINE + 2]]:3: slice.window: the attribute offsets = array<i64: 1> has the name of a property of the op, {{.*}}{{$}}
func.func @window_offsets(%x: tensor<5xf32>) -> tensor<2xf32> {
  %r = "slice.window"(%x) <{offsets = array<i64: 0>, sizes = array<i64: 2>, strides = array<i64: 1>}> {offsets = array<i64: 1>} : (tensor<5xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_shadowed_property.mlir:[[# @LINE + 3]]:3: slice.copy_run: the attribute prefetch = 8 : i64 has the name of a property of the op, {{.*}}{{$}}
func.func @prefetch_in_dictionary(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 3 source_stride 1 dest_stride 1 {prefetch = 8 : i64} : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}error: {{.*}}invalid_shadowed_property.mlir:[[# @LINE + 2]]:3: slice.check: the attribute message = "other" has the name of a property of the op, {{.*}}{{$}}
func.func @message_twice(%c: i1) {
  slice.check %c, "m" {message = "other"}
  func.return
}

// -----

// Attributes of other names are kept, in both forms.
// CHECK-LABEL: func.func @other_names(
// CHECK: slice.onnx_v1 %{{.+}} starts [1] ends [2] axes [1] {note = "kept"} :
func.func @other_names(%x: tensor<2x4xf32>) -> tensor<2x1xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [2] axes [1] {note = "kept"} : tensor<2x4xf32> -> tensor<2x1xf32>
  func.return %r : tensor<2x1xf32>
}
