// One case per kind of invalid input; each chunk's output starts with the exact message.
//
// RUN: slice-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics | filecheck %s
//
// Operand types are IRDL constraints, which the custom form checks while it parses: cases
// of a wrong index or data type are written in the generic form here (the custom form's
// located parse error is in invalid_operand_kind_custom.mlir).

// ===== slice.onnx_v1 =====

// CHECK:      {{^}}slice.onnx_v1: axes[1] = 0 repeats axis 0 (already given by axes[0]){{$}}
func.func @onnx_v1_repeated_axes(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [1, 2] axes [0, 0] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: axes[0] = -3 is out of range [-2, 1] for rank 2{{$}}
func.func @onnx_v1_axis_out_of_range(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0] ends [1] axes [-3] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: ends has 1 value but starts has 2{{$}}
func.func @onnx_v1_ends_length(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [1] : tensor<2x4xf32> -> tensor<1x3xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: axes has 2 values but starts has 1{{$}}
func.func @onnx_v1_axes_length(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0] ends [1] axes [0, 1] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: starts has 3 values but data has rank 2 (default axes are [0 .. 2]){{$}}
func.func @onnx_v1_too_many_for_rank(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0, 0, 0] ends [1, 1, 1] : tensor<2x4xf32> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: data must have rank >= 1, got a rank-0 tensor{{$}}
func.func @onnx_v1_rank0(%x: tensor<f32>) {
  %0 = slice.onnx_v1 %x starts [] ends [] : tensor<f32> -> tensor<f32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: result element type f64 differs from the data element type f32{{$}}
func.func @onnx_v1_element_type(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0] ends [1] : tensor<2x4xf32> -> tensor<1x4xf64>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: result type tensor<2x4xf32> does not match the shape [1, 4] the slice gives{{$}}
func.func @onnx_v1_result_shape(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [0] ends [1] : tensor<2x4xf32> -> tensor<2x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx_v1: result type tensor<8xf32> does not match the shape [2, 4] the slice gives{{$}}
func.func @onnx_v1_result_rank(%x: tensor<2x4xf32>) {
  %0 = slice.onnx_v1 %x starts [] ends [] : tensor<2x4xf32> -> tensor<8xf32>
  func.return
}

// -----

// ===== slice.onnx =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: steps[1] = 0: a step must be non-zero{{$}}
func.func @onnx_step_zero(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<2> : tensor<2xi64>
  %st = arith.constant dense<[1, 0]> : tensor<2xi64>
  %0 = slice.onnx %x starts %s ends %e steps %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: axes[0] = 2 is out of range [-2, 1] for rank 2{{$}}
func.func @onnx_axis_out_of_range(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %a = arith.constant dense<2> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e axes %a : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<2x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: axes[1] = -1 repeats axis 1 (already given by axes[0]){{$}}
func.func @onnx_repeated_axes_after_normalization(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %a = arith.constant dense<[1, -1]> : tensor<2xi32>
  %0 = slice.onnx %x starts %s ends %e axes %a : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi32> -> tensor<2x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: ends has 1 value but starts has 2{{$}}
func.func @onnx_ends_length(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e : tensor<2x4xf32>, tensor<2xi64>, tensor<1xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: steps has 1 value but starts has 2{{$}}
func.func @onnx_steps_length(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e steps %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> steps tensor<1xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: axes has 1 value but starts has 2{{$}}
func.func @onnx_axes_length(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %a = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e axes %a : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<1xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: starts has 3 values but data has rank 2 (default axes are [0 .. 2]){{$}}
func.func @onnx_too_many_for_rank(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<3xi64>
  %e = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.onnx %x starts %s ends %e : tensor<2x4xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: opset = 12 is not one of [10, 11, 13]{{$}}
func.func @onnx_opset_12(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.onnx %x starts %s ends %e {opset = 12 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: opset = 12 is not one of [10, 11, 13]{{$}}
func.func @onnx_opset_12_generic(%x: tensor<2x4xf32>, %s: tensor<2xi64>) {
  %0 = "slice.onnx"(%x, %s, %s) <{opset = 12 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: data must have rank >= 1, got a rank-0 tensor{{$}}
func.func @onnx_rank0(%x: tensor<f32>) {
  %n = arith.constant dense<> : tensor<0xi64>
  %0 = slice.onnx %x starts %n ends %n : tensor<f32>, tensor<0xi64>, tensor<0xi64> -> tensor<f32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: starts must be a 1-D tensor of i32 or i64, got tensor<2xf32>{{$}}
func.func @onnx_f32_index(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0.0> : tensor<2xf32>
  %e = arith.constant dense<1> : tensor<2xi64>
  %0 = "slice.onnx"(%x, %s, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<2x4xf32>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: axes must be a 1-D tensor of i32 or i64, got tensor<2xi16>{{$}}
func.func @onnx_i16_index(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi16>
  %0 = "slice.onnx"(%x, %s, %s, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi16>) -> tensor<0x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: result element type f32 differs from the data element type i32{{$}}
func.func @onnx_element_type(%x: tensor<2x4xi32>, %s: tensor<2xi64>) {
  %0 = slice.onnx %x starts %s ends %s : tensor<2x4xi32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: result type tensor<1x4xf32> does not match the shape [1, 3] the slice gives{{$}}
func.func @onnx_result_shape(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %0 = slice.onnx %x starts %s ends %e : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x4xf32>
  func.return
}

// -----

// ===== slice.ov_slice =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: step[0] = 0: a step must be non-zero{{$}}
func.func @ov_slice_step_zero(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<2> : tensor<2xi64>
  %st = arith.constant dense<[0, 1]> : tensor<2xi64>
  %0 = slice.ov_slice %x start %s stop %e step %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: axes[1] = -3 is out of range [-2, 1] for rank 2{{$}}
func.func @ov_slice_axis_out_of_range(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %a = arith.constant dense<[0, -3]> : tensor<2xi64>
  %0 = slice.ov_slice %x start %s stop %e step %e axes %a : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: axes[1] = -2 repeats axis 0 (already given by axes[0]){{$}}
func.func @ov_slice_repeated_axes(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %a = arith.constant dense<[0, -2]> : tensor<2xi64>
  %0 = slice.ov_slice %x start %s stop %e step %e axes %a : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<1x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: stop has 1 value but start has 2{{$}}
func.func @ov_slice_stop_length(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_slice %x start %s stop %e step %s : tensor<2x4xf32>, tensor<2xi64>, tensor<1xi64>, tensor<2xi64> -> tensor<1x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: step has 1 value but start has 2{{$}}
func.func @ov_slice_step_length(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_slice %x start %s stop %s step %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<1xi64> -> tensor<0x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: axes has 1 value but start has 2{{$}}
func.func @ov_slice_axes_length(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<1> : tensor<2xi64>
  %a = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.ov_slice %x start %s stop %s step %s axes %a : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<1xi64> -> tensor<0x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: data must have rank >= 1, got a rank-0 tensor{{$}}
func.func @ov_slice_rank0(%x: tensor<f32>) {
  %n = arith.constant dense<> : tensor<0xi64>
  %0 = slice.ov_slice %x start %n stop %n step %n : tensor<f32>, tensor<0xi64>, tensor<0xi64>, tensor<0xi64> -> tensor<f32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: result type tensor<2x3xf32> does not match the shape [1, 3] the slice gives{{$}}
func.func @ov_slice_result_shape(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_slice %x start %s stop %e step %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<2x3xf32>
  func.return
}

// -----

// ===== slice.ov_strided_slice =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: begin_mask[1] = 2: a mask value must be 0 or 1{{$}}
func.func @ov_strided_mask_value_2(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 2>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// IRDL's count checks name the op (they gave the bare "Expected 4 operands, but got 3").
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: Expected 4 operands, but got 3{{$}}
func.func @tf_strided_operand_count(%x: tensor<4xf32>, %b: tensor<1xi64>) {
  %0 = "slice.tf_strided_slice"(%x, %b, %b) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64}> : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}property 'begin_mask' expected in operation 'slice.ov_strided_slice'{{$}}
func.func @ov_strided_missing_begin_mask(%x: tensor<2x4xf32>, %b: tensor<2xi64>) {
  %0 = slice.ov_strided_slice %x begin %b end %b {end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: ellipsis_mask sets more than one ellipsis (entries 0 and 1){{$}}
func.func @ov_strided_two_ellipses(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, ellipsis_mask = array<i64: 1, 1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<2x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: begin[0] = 2 is out of range [-2, 1] for the shrink axis 0 of size 2{{$}}
func.func @ov_strided_shrink_out_of_range(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<[2, 0]> : tensor<2xi64>
  %e = arith.constant dense<[3, 4]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: begin has 3 entries that index input dimensions (not new axes or an ellipsis) but the input has rank 2{{$}}
func.func @ov_strided_too_many_entries(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<3xi64>
  %e = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64>, end_mask = array<i64>} : tensor<2x4xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: stride[1] = 0: a stride must be non-zero{{$}}
func.func @ov_strided_stride_zero(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %st = arith.constant dense<[1, 0]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e stride %st {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: end has 1 value but begin has 2{{$}}
func.func @ov_strided_end_length(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<1xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: stride has 3 values but begin has 2{{$}}
func.func @ov_strided_stride_length(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %b end %b stride %st {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<3xi64> -> tensor<0x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: begin must be a 1-D tensor of i32 or i64, got tensor<2x2xi64>{{$}}
func.func @ov_strided_2d_index(%x: tensor<2x4xf32>, %b: tensor<2x2xi64>, %e: tensor<2xi64>) {
  %0 = "slice.ov_strided_slice"(%x, %b, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>}> : (tensor<2x4xf32>, tensor<2x2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: result type tensor<2x4xf32> does not match the shape [2, 4, 1] the slice gives{{$}}
func.func @ov_strided_result_shape(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<3xi64>
  %e = arith.constant dense<[2, 4, 0]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64>, end_mask = array<i64>, new_axis_mask = array<i64: 0, 0, 1>} : tensor<2x4xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<2x4xf32>
  func.return
}

// -----

// ===== slice.tf_strided_slice =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: ellipsis_mask sets more than one ellipsis (entries 0 and 1){{$}}
func.func @tf_two_ellipses(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %st {ellipsis_mask = 3 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<2x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: begin[0] = -3 is out of range [-2, 1] for the shrink axis 0 of size 2{{$}}
func.func @tf_shrink_out_of_range(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<-3> : tensor<1xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %st {shrink_axis_mask = 1 : i64} : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: strides[1] = -1: a shrink axis needs a positive stride{{$}}
func.func @tf_shrink_negative_stride(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %st = arith.constant dense<[1, -1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {shrink_axis_mask = 2 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: strides[0] = 0: a stride must be non-zero{{$}}
func.func @tf_shrink_zero_stride(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %st = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {shrink_axis_mask = 1 : i64} : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: strides[1] = 0: a stride must be non-zero{{$}}
func.func @tf_stride_zero(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %st = arith.constant dense<[1, 0]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: begin has 3 entries that index input dimensions (not new axes or an ellipsis) but the input has rank 2{{$}}
func.func @tf_too_many_entries(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<3xi64>
  %st = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %st : tensor<2x4xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<0x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: begin has 32 entries but TensorFlow allows at most 31 (masks are 32-bit fields){{$}}
func.func @tf_32_entries(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<32xi64>
  %st = arith.constant dense<1> : tensor<32xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %st {new_axis_mask = 4294967295 : i64} : tensor<2x4xf32>, tensor<32xi64>, tensor<32xi64>, tensor<32xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: strides has 1 value but begin has 2{{$}}
func.func @tf_strides_length(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<0> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<1xi64> -> tensor<0x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: result type tensor<1x3xf32> does not match the shape [3] the slice gives{{$}}
func.func @tf_result_shape(%x: tensor<2x4xf32>) {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {shrink_axis_mask = 1 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
  func.return
}

// -----

// ===== slice.dml_slice1 =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: window_strides[0] = 0: a stride must be non-zero{{$}}
func.func @dml_stride_zero(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [0] : tensor<5xf32> -> tensor<1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: window_sizes[1] = 0: a window size must be at least 1{{$}}
func.func @dml_empty_window(%x: tensor<5x5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0, 0] window_sizes [5, 0] window_strides [1, 1] : tensor<5x5xf32> -> tensor<5x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: window_offsets[0] = -1: an offset must be non-negative{{$}}
func.func @dml_negative_offset(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [-1] window_sizes [2] window_strides [1] : tensor<5xf32> -> tensor<2xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: window_offsets[0] + window_sizes[0] = 2 + 4 exceeds dimension 0 of size 5{{$}}
func.func @dml_window_past_input(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [2] window_sizes [4] window_strides [1] : tensor<5xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: result dimension 0 has size 4 but the window allows 1 to 3 (1 + (window_sizes[0] - 1) / |window_strides[0]|){{$}}
func.func @dml_output_too_large(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [-2] : tensor<5xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: result dimension 0 has size 0 but the window allows 1 to 5 (1 + (window_sizes[0] - 1) / |window_strides[0]|){{$}}
func.func @dml_output_empty(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [1] : tensor<5xf32> -> tensor<0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: result dimension 0 is dynamic but DirectML needs output sizes{{$}}
func.func @dml_output_dynamic(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [1] : tensor<5xf32> -> tensor<?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: input has rank 0 but DirectML takes rank 1 to 8{{$}}
func.func @dml_rank0(%x: tensor<f32>) {
  %0 = slice.dml_slice1 %x window_offsets [] window_sizes [] window_strides [] : tensor<f32> -> tensor<f32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: input has rank 9 but DirectML takes rank 1 to 8{{$}}
func.func @dml_rank9(%x: tensor<1x1x1x1x1x1x1x1x1xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0, 0, 0, 0, 0, 0, 0, 0, 0] window_sizes [1, 1, 1, 1, 1, 1, 1, 1, 1] window_strides [1, 1, 1, 1, 1, 1, 1, 1, 1] : tensor<1x1x1x1x1x1x1x1x1xf32> -> tensor<1x1x1x1x1x1x1x1x1xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: window_sizes has 2 values but the input has rank 1{{$}}
func.func @dml_sizes_length(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5, 1] window_strides [1] : tensor<5xf32> -> tensor<5xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: result has rank 2 but the input has rank 1{{$}}
func.func @dml_result_rank(%x: tensor<5xf32>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [1] : tensor<5xf32> -> tensor<1x5xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dml_slice1: result element type f16 differs from the input element type bf16{{$}}
func.func @dml_element_type(%x: tensor<5xbf16>) {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [1] : tensor<5xbf16> -> tensor<5xf16>
  func.return
}

// -----

// ===== slice.window =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: offsets[0] = 2 is out of bounds for dimension 0 of size 2{{$}}
func.func @window_offset_out_of_bounds(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<2x4xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: offsets[1] = -1 is out of bounds for dimension 1 of size 4{{$}}
func.func @window_negative_offset(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, -1] sizes [2, 2] strides [1, 1] : tensor<2x4xf32> -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: last index offsets[1] + strides[1] * (sizes[1] - 1) = 0 + 2 * (3 - 1) is out of bounds for dimension 1 of size 4{{$}}
func.func @window_last_index_out_of_bounds(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 3] strides [1, 2] : tensor<2x4xf32> -> tensor<2x3xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 0 + -1 * (2 - 1) is out of bounds for dimension 0 of size 2{{$}}
func.func @window_last_index_negative(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 4] strides [-1, 1] : tensor<2x4xf32> -> tensor<2x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: sizes[0] = -1: a size must be >= 0{{$}}
func.func @window_negative_size(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [-1, 4] strides [1, 1] : tensor<2x4xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: strides[1] = 0: a stride must be non-zero{{$}}
func.func @window_stride_zero(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 4] strides [1, 0] : tensor<2x4xf32> -> tensor<2x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: strides[0] = 2 with sizes[0] = 1: normal form needs stride 1 where size <= 1{{$}}
func.func @window_unit_size_stride(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [1, 4] strides [2, 1] : tensor<2x4xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: strides[1] = -1 with sizes[1] = 0: normal form needs stride 1 where size <= 1{{$}}
func.func @window_empty_size_stride(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 0] strides [1, -1] : tensor<2x4xf32> -> tensor<2x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: offsets[1] = 2 with sizes[1] = 0: normal form needs offset 0 where size is 0{{$}}
func.func @window_empty_size_offset(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 2] sizes [2, 0] strides [1, 1] : tensor<2x4xf32> -> tensor<2x0xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: result type tensor<3x2xf32> does not match sizes [2, 3] (only size-1 dims may be inserted or removed){{$}}
func.func @window_result_shape(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 3] strides [1, 1] : tensor<2x4xf32> -> tensor<3x2xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: result type tensor<?x3xf32> does not match sizes [2, 3] (only size-1 dims may be inserted or removed){{$}}
func.func @window_result_dynamic(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 3] strides [1, 1] : tensor<2x4xf32> -> tensor<?x3xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: source dimension 0 is dynamic but a window needs a static source{{$}}
func.func @window_dynamic_source(%x: tensor<?x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [1, 4] strides [1, 1] : tensor<?x4xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: strides has 1 value but the source has rank 2{{$}}
func.func @window_length_mismatch(%x: tensor<2x4xf32>) {
  %0 = slice.window %x offsets [0, 0] sizes [1, 4] strides [1] : tensor<2x4xf32> -> tensor<4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.window: result element type complex<f64> differs from the source element type complex<f32>{{$}}
func.func @window_element_type(%x: tensor<2x4xcomplex<f32>>) {
  %0 = slice.window %x offsets [0, 0] sizes [2, 4] strides [1, 1] : tensor<2x4xcomplex<f32>> -> tensor<2x4xcomplex<f64>>
  func.return
}

// -----

// ===== Parameters that are not constants: errors the types alone show =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: result type tensor<?xf32> has rank 1 but the slice gives rank 2{{$}}
func.func @onnx_result_rank(%x: tensor<2x4xf32>, %s: tensor<2xi64>) {
  %0 = slice.onnx %x starts %s ends %s : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: new_axis_mask[1] = -1: a mask value must be 0 or 1{{$}}
func.func @ov_strided_mask_value_runtime_params(%x: tensor<2x4xf32>, %b: tensor<2xi64>) {
  %0 = slice.ov_strided_slice %x begin %b end %b {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, new_axis_mask = array<i64: 0, -1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_strided_slice: result type tensor<?x?xf32> has rank 2 but the slice gives rank 1{{$}}
func.func @ov_strided_result_rank(%x: tensor<2x4xf32>, %b: tensor<2xi64>) {
  %0 = slice.ov_strided_slice %x begin %b end %b {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 0, 1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: ends must be a 1-D tensor of i32 or i64, got tensor<2x2xi64>{{$}}
func.func @onnx_2d_index(%x: tensor<2x4xf32>, %s: tensor<2xi64>, %e: tensor<2x2xi64>) {
  %0 = "slice.onnx"(%x, %s, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2x2xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: start must be a 1-D tensor of i32 or i64, got tensor<2xf32>{{$}}
func.func @ov_slice_f32_index(%x: tensor<2x4xf32>, %s: tensor<2xf32>, %e: tensor<2xi64>) {
  %0 = "slice.ov_slice"(%x, %s, %e, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (tensor<2x4xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: strides must be a 1-D tensor of i32 or i64, got tensor<2xf32>{{$}}
func.func @tf_f32_index(%x: tensor<2x4xf32>, %b: tensor<2xi64>, %st: tensor<2xf32>) {
  %0 = "slice.tf_strided_slice"(%x, %b, %b, %st) : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: result element type i8 differs from the input element type ui8{{$}}
func.func @tf_element_type(%x: tensor<4xui8>, %b: tensor<1xi64>) {
  %0 = slice.tf_strided_slice %x begin %b end %b strides %b : tensor<4xui8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<?xi8>
  func.return
}

// -----

// Lengths known from the index types must agree even when the values are not constant.
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: ends has 3 values but starts has 2{{$}}
func.func @onnx_lengths_runtime_params(%x: tensor<2x4xf32>, %s: tensor<2xi64>, %e: tensor<3xi64>) {
  %0 = slice.onnx %x starts %s ends %e : tensor<2x4xf32>, tensor<2xi64>, tensor<3xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// Rank-0 data is an error even when the parameters are not constant.
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: data must have rank >= 1, got a rank-0 tensor{{$}}
func.func @onnx_rank0_runtime_params(%x: tensor<f32>, %s: tensor<1xi64>) {
  %0 = slice.onnx %x starts %s ends %s : tensor<f32>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return
}

// -----

// An index operand of unknown length (SPEC section 7).
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: starts must have a static length, got tensor<?xi64>{{$}}
func.func @onnx_unknown_length(%x: tensor<4xf32>, %s: tensor<?xi64>) {
  %0 = slice.onnx %x starts %s ends %s : tensor<4xf32>, tensor<?xi64>, tensor<?xi64> -> tensor<?xf32>
  func.return
}

// -----

// A static result dim is checked where the parameters leave it known: axis 1 is not sliced.
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: result type tensor<?x3xf32> does not match the shape [?, 4] the slice gives{{$}}
func.func @onnx_partly_known_result(%x: tensor<2x4xf32>, %s: tensor<1xi64>) {
  %a = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %s axes %a : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x3xf32>
  func.return
}

// -----

// A constant zero step is an error even when the other parameters are run-time values.
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
func.func @onnx_constant_zero_step(%x: tensor<2x4xf32>, %s: tensor<1xi64>) {
  %st = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %s steps %st : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<?x4xf32>
  func.return
}

// -----

// An index operand longer than any slice could use is refused by its length, before
// its values are listed (issue 10 D).
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: starts has 1000 values but a slice of tensor<2x4xf32> to tensor<?x?xf32> uses at most 32{{$}}
func.func @onnx_huge_splat(%x: tensor<2x4xf32>) {
  %s = arith.constant dense<0> : tensor<1000xi64>
  %0 = slice.onnx %x starts %s ends %s : tensor<2x4xf32>, tensor<1000xi64>, tensor<1000xi64> -> tensor<?x?xf32>
  func.return
}

// -----

// TensorFlow masks are bit fields of their integer type: 1 : i1 is bit 0, not every bit
// (sign-extended, it masked the begin of both entries: [3, 4]).
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.tf_strided_slice: result type tensor<4x1xf32> does not match the shape [3, 3] the slice gives{{$}}
func.func @tf_i1_mask(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<[1, 1]> : tensor<2xi64>
  %e = arith.constant dense<[3, 4]> : tensor<2xi64>
  %s = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %s {begin_mask = 1 : i1} : tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<4x1xf32>
  func.return
}

// -----

// Rank-0 data is an error even when the parameters are not constant.
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.ov_slice: data must have rank >= 1, got a rank-0 tensor{{$}}
func.func @ov_slice_rank0_runtime_params(%x: tensor<f32>, %s: tensor<1xi64>) {
  %0 = slice.ov_slice %x start %s stop %s step %s : tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return
}

// -----

// Index tensors are signless i32 or i64 (SPEC section 1).
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.onnx: steps must be a 1-D tensor of i32 or i64, got tensor<2xui32>{{$}}
func.func @onnx_unsigned_index(%x: tensor<2x4xf32>, %s: tensor<2xi64>, %st: tensor<2xui32>) {
  %0 = "slice.onnx"(%x, %s, %s, %st) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xui32>) -> tensor<?x?xf32>
  func.return
}

// -----

// ===== slice.dynamic_window and slice.check =====

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dynamic_window: strides[1] = 0: a stride must be non-zero{{$}}
func.func @dynamic_window_zero_stride(%x: tensor<?x6xf32>, %n: index) {
  %r = slice.dynamic_window %x offsets [0, 0] sizes [%n, 3] strides [1, 0] : tensor<?x6xf32> -> tensor<?x3xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dynamic_window: last index offsets[1] + strides[1] * (sizes[1] - 1) = 2 + 2 * (3 - 1) is out of bounds for dimension 1 of size 6{{$}}
func.func @dynamic_window_static_bounds(%x: tensor<?x6xf32>, %n: index) {
  %r = slice.dynamic_window %x offsets [0, 2] sizes [%n, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
  func.return
}

// -----

// A negative stride running below 0 needs no dim size: refused on a ? dim too (it passed,
// and convert-slice-to-tensor exported an extract_slice at offset -2).
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dynamic_window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 1 + -1 * (3 - 1) is out of bounds for dimension 0 of size ?{{$}}
func.func @dynamic_window_below_zero(%x: tensor<?x4xf32>) {
  %r = slice.dynamic_window %x offsets [1, 0] sizes [3, 4] strides [-1, 1] : tensor<?x4xf32> -> tensor<3x4xf32>
  func.return
}

// -----

// A static offset of int64's least is MLIR's marker of a dynamic one: named, and why.
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dynamic_window: The number of dynamic positions passed as values (0) does not match the number of dynamic position markers (1) in the offset arguments. (a static offset of -9223372036854775808 reads as the marker of a dynamic one: pass such a value as an operand){{$}}
func.func @dynamic_window_marker_offset(%x: tensor<4xf32>) {
  %r = slice.dynamic_window %x offsets [-9223372036854775808] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  func.return
}

// -----

// More values than markers (the generic form): no hint of a static marker, which
// there is none of (session 47's review).
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dynamic_window: The number of dynamic positions passed as values (1) does not match the number of dynamic position markers (0) in the offset arguments.{{$}}
func.func @dynamic_window_values_without_markers(%x: tensor<4xf32>, %n: index) {
  %r = "slice.dynamic_window"(%x, %n) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (tensor<4xf32>, index) -> tensor<?xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.dynamic_window: result type tensor<?x4xf32> does not match sizes [?, 3] (only size-1 dims may be inserted or removed){{$}}
func.func @dynamic_window_result(%x: tensor<?x6xf32>, %n: index) {
  %r = slice.dynamic_window %x offsets [0, 0] sizes [%n, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x4xf32>
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message placeholder {1} does not name one of the 1 values ({0} to {0}){{$}}
func.func @check_placeholder(%ok: i1, %a: i64) {
  slice.check %ok, "slice.onnx: axes[0] = {1}", %a
  func.return
}

// -----

// A message holds only {N} placeholders and the escapes {{ and }}: no format spec (a
// width of 10^20 made the interpreter raise a ValueError and the C runtime garble the
// message; one of 5*10^7 built a 50 MB message at every failing call), no conversion,
// no attribute access, no automatic numbering, no single brace.

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field {0:>100000000000000000000} is not a placeholder {N}: a message holds only {0}, {1}, ... (one per value) and the escapes {{[{][{]}} and {{[}][}]}}{{$}}
func.func @check_width(%ok: i1, %a: i64) {
  slice.check %ok, "bad value {0:>100000000000000000000}", %a
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field {0:x} is not a placeholder {N}: {{.*}}{{$}}
func.func @check_spec(%ok: i1, %a: i64) {
  slice.check %ok, "value {{{0}}} then {0:x}", %a
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field {0!r} is not a placeholder {N}: {{.*}}{{$}}
func.func @check_conversion(%ok: i1, %a: i64) {
  slice.check %ok, "value {0!r}", %a
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field {0.__class__} is not a placeholder {N}: {{.*}}{{$}}
func.func @check_attribute(%ok: i1, %a: i64) {
  slice.check %ok, "value {0.__class__}", %a
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field {} is not a placeholder {N}: {{.*}}{{$}}
func.func @check_automatic(%ok: i1, %a: i64) {
  slice.check %ok, "value {}", %a
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field {01} is not a placeholder {N}: {{.*}}{{$}}
func.func @check_leading_zero(%ok: i1, %a: i64) {
  slice.check %ok, "value {01}", %a
  func.return
}

// -----

// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{^}}slice.check: message field } is not a placeholder {N}: {{.*}}{{$}}
func.func @check_single_brace(%ok: i1, %a: i64) {
  slice.check %ok, "value {0} }", %a
  func.return
}
