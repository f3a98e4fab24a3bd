// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false},canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s

// slice.onnx (ONNX Slice-10/11/13) with a static data shape and constant index operands
// becomes one normal-form slice.window, and its index constants go away; with a
// non-constant index operand or a dynamic data dim it stays. Windows were computed by
// hand from research/semantics.md section C (IDs in the comments) and SPEC.md section 2.

// ONNX Slice-13 document, Example 1 (C01): axes [0, 1], steps [1, 2].
// CHECK-LABEL: func @seed_example1(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 2] strides [1, 2] : tensor<2x4xf32> -> tensor<1x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2xf32>
func.func @seed_example1(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %starts = arith.constant dense<[1, 0]> : tensor<2xi64>
  %ends = arith.constant dense<[2, 3]> : tensor<2xi64>
  %axes = arith.constant dense<[0, 1]> : tensor<2xi64>
  %steps = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes steps %steps : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// ONNX Slice-13 document, Example 2 (C02): no axes, no steps.
// CHECK-LABEL: func @seed_example2(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [1, 3] strides [1, 1] : tensor<2x4xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @seed_example2(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %starts = arith.constant dense<[0, 1]> : tensor<2xi64>
  %ends = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// Example 1 under opset 10 (same semantics).
// CHECK-LABEL: func @seed_example1_opset10(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 2] strides [1, 2] : tensor<2x4xf32> -> tensor<1x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2xf32>
func.func @seed_example1_opset10(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %starts = arith.constant dense<[1, 0]> : tensor<2xi64>
  %ends = arith.constant dense<[2, 3]> : tensor<2xi64>
  %axes = arith.constant dense<[0, 1]> : tensor<2xi64>
  %steps = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes steps %steps {opset = 10 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// C04 (test_slice_neg_steps): steps without axes; starts past the end clamp to dim - 1.
// CHECK-LABEL: func @c04_negative_steps(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [19, 9, 4] sizes [19, 3, 2] strides [-1, -3, -2] : tensor<20x10x5xf32> -> tensor<19x3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<19x3x2xf32>
func.func @c04_negative_steps(%x: tensor<20x10x5xf32>) -> tensor<19x3x2xf32> {
  %starts = arith.constant dense<[20, 10, 4]> : tensor<3xi64>
  %ends = arith.constant dense<[0, 0, 1]> : tensor<3xi64>
  %steps = arith.constant dense<[-1, -3, -2]> : tensor<3xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<20x10x5xf32>, tensor<3xi64>, tensor<3xi64> steps tensor<3xi64> -> tensor<19x3x2xf32>
  func.return %0 : tensor<19x3x2xf32>
}

// -----

// C05 with i32 indices: an empty middle dim.
// CHECK-LABEL: func @c05_start_out_of_bounds_i32(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [20, 0, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x0x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x0x5xf32>
func.func @c05_start_out_of_bounds_i32(%x: tensor<20x10x5xf32>) -> tensor<20x0x5xf32> {
  %starts = arith.constant dense<[1000]> : tensor<1xi32>
  %ends = arith.constant dense<[1000]> : tensor<1xi32>
  %axes = arith.constant dense<[1]> : tensor<1xi32>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes : tensor<20x10x5xf32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> -> tensor<20x0x5xf32>
  func.return %0 : tensor<20x0x5xf32>
}

// -----

// C06 under opset 11.
// CHECK-LABEL: func @c06_end_out_of_bounds_opset11(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [20, 9, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x9x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x9x5xf32>
func.func @c06_end_out_of_bounds_opset11(%x: tensor<20x10x5xf32>) -> tensor<20x9x5xf32> {
  %starts = arith.constant dense<[1]> : tensor<1xi64>
  %ends = arith.constant dense<[1000]> : tensor<1xi64>
  %axes = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes {opset = 11 : i64} : tensor<20x10x5xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<20x9x5xf32>
  func.return %0 : tensor<20x9x5xf32>
}

// -----

// C09: negative axes are accepted for opset 10 too (SPEC).
// CHECK-LABEL: func @c09_negative_axes_opset10(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 3] sizes [20, 10, 1] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x10x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x10x1xf32>
func.func @c09_negative_axes_opset10(%x: tensor<20x10x5xf32>) -> tensor<20x10x1xf32> {
  %starts = arith.constant dense<[0, 0, 3]> : tensor<3xi64>
  %ends = arith.constant dense<[20, 10, 4]> : tensor<3xi64>
  %axes = arith.constant dense<[0, -2, -1]> : tensor<3xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes {opset = 10 : i64} : tensor<20x10x5xf32>, tensor<3xi64>, tensor<3xi64> axes tensor<3xi64> -> tensor<20x10x1xf32>
  func.return %0 : tensor<20x10x1xf32>
}

// -----

// C13: 9:-11:-1 reverses the whole dim.
// CHECK-LABEL: func @c13_backward_all(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [10] strides [-1] : tensor<10xf32> -> tensor<10xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<10xf32>
func.func @c13_backward_all(%x: tensor<10xf32>) -> tensor<10xf32> {
  %starts = arith.constant dense<[9]> : tensor<1xi64>
  %ends = arith.constant dense<[-11]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<10xf32>
  func.return %0 : tensor<10xf32>
}

// -----

// C16: 9:-11:-2.
// CHECK-LABEL: func @c16_backward_step2(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [5] strides [-2] : tensor<10xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c16_backward_step2(%x: tensor<10xf32>) -> tensor<5xf32> {
  %starts = arith.constant dense<[9]> : tensor<1xi64>
  %ends = arith.constant dense<[-11]> : tensor<1xi64>
  %steps = arith.constant dense<[-2]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C18: 0:2:1, 1:4:2.
// CHECK-LABEL: func @c18_two_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<2x5xi32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [2, 2] strides [1, 2] : tensor<2x5xi32> -> tensor<2x2xi32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xi32>
func.func @c18_two_axes(%x: tensor<2x5xi32>) -> tensor<2x2xi32> {
  %starts = arith.constant dense<[0, 1]> : tensor<2xi64>
  %ends = arith.constant dense<[2, 4]> : tensor<2xi64>
  %steps = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<2x5xi32>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<2x2xi32>
  func.return %0 : tensor<2x2xi32>
}

// -----

// C21: -1:INT64_MIN:-1 runs through index 0.
// CHECK-LABEL: func @c21_int64_min_end(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c21_int64_min_end(%x: tensor<5xf32>) -> tensor<5xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C22: start INT64_MAX clamps to dim - 1 for a negative step.
// CHECK-LABEL: func @c22_int64_max_start(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c22_int64_max_start(%x: tensor<5xf32>) -> tensor<5xf32> {
  %starts = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C23: end INT64_MAX with a negative step clamps like any value: empty (not ONNX
// Runtime's reversal).
// CHECK-LABEL: func @c23_int64_max_end_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c23_int64_max_end_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi64>
  %ends = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C24: the same with i32 INT32_MAX: empty.
// CHECK-LABEL: func @c24_int32_max_end_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c24_int32_max_end_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi32>
  %ends = arith.constant dense<[2147483647]> : tensor<1xi32>
  %steps = arith.constant dense<[-1]> : tensor<1xi32>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi32>, tensor<1xi32> steps tensor<1xi32> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C25: end -d-1 runs through index 0.
// CHECK-LABEL: func @c25_end_minus_dim_minus_1(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c25_end_minus_dim_minus_1(%x: tensor<5xf32>) -> tensor<5xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi64>
  %ends = arith.constant dense<[-6]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C26: end -1 is dim - 1, not 'before 0': empty.
// CHECK-LABEL: func @c26_end_minus_1_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c26_end_minus_1_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi64>
  %ends = arith.constant dense<[-1]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C27: negative step, start below -dim reads element 0 (SPEC).
// CHECK-LABEL: func @c27_start_below_minus_dim_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c27_start_below_minus_dim_backward(%x: tensor<5xf32>) -> tensor<1xf32> {
  %starts = arith.constant dense<[-10]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C31: 1:4:-1 is empty.
// CHECK-LABEL: func @c31_wrong_direction(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c31_wrong_direction(%x: tensor<5xf32>) -> tensor<0xf32> {
  %starts = arith.constant dense<[1]> : tensor<1xi64>
  %ends = arith.constant dense<[4]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C33: a huge step takes one element; stride 1 in normal form.
// CHECK-LABEL: func @c33_step_int64_max(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c33_step_int64_max(%x: tensor<5xf32>) -> tensor<1xf32> {
  %starts = arith.constant dense<[1]> : tensor<1xi64>
  %ends = arith.constant dense<[5]> : tensor<1xi64>
  %steps = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C34: step INT64_MIN takes the last element.
// CHECK-LABEL: func @c34_step_int64_min(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c34_step_int64_min(%x: tensor<5xf32>) -> tensor<1xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %steps = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C35: 4:0:-2.
// CHECK-LABEL: func @c35_backward_step2(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [2] strides [-2] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c35_backward_step2(%x: tensor<5xf32>) -> tensor<2xf32> {
  %starts = arith.constant dense<[4]> : tensor<1xi64>
  %ends = arith.constant dense<[0]> : tensor<1xi64>
  %steps = arith.constant dense<[-2]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C36: 3:INT64_MIN:-2.
// CHECK-LABEL: func @c36_backward_step2_int64_min(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [2] strides [-2] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c36_backward_step2_int64_min(%x: tensor<5xf32>) -> tensor<2xf32> {
  %starts = arith.constant dense<[3]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %steps = arith.constant dense<[-2]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C37: 0:7:3.
// CHECK-LABEL: func @c37_step3(
// CHECK-SAME:      %[[X:.+]]: tensor<7xf64>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [3] strides [3] : tensor<7xf64> -> tensor<3xf64>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xf64>
func.func @c37_step3(%x: tensor<7xf64>) -> tensor<3xf64> {
  %starts = arith.constant dense<[0]> : tensor<1xi64>
  %ends = arith.constant dense<[7]> : tensor<1xi64>
  %steps = arith.constant dense<[3]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<7xf64>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<3xf64>
  func.return %0 : tensor<3xf64>
}

// -----

// C39: a dim of size 0 stays empty: the identity.
// CHECK-LABEL: func @c39_empty_dim_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<0xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<0xf32>
func.func @c39_empty_dim_backward(%x: tensor<0xf32>) -> tensor<0xf32> {
  %starts = arith.constant dense<[-1]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %steps = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<0xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C43: axes [1, 0].
// CHECK-LABEL: func @c43_unsorted_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [2, 2] strides [1, 1] : tensor<3x4xf32> -> tensor<2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xf32>
func.func @c43_unsorted_axes(%x: tensor<3x4xf32>) -> tensor<2x2xf32> {
  %starts = arith.constant dense<[1, 0]> : tensor<2xi64>
  %ends = arith.constant dense<[3, 2]> : tensor<2xi64>
  %axes = arith.constant dense<[1, 0]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes : tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// C46: empty starts and ends: the identity.
// CHECK-LABEL: func @c46_no_parameters(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<2x3xf32>
func.func @c46_no_parameters(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %starts = arith.constant dense<> : tensor<0xi64>
  %ends = arith.constant dense<> : tensor<0xi64>
  %0 = slice.onnx %x starts %starts ends %ends : tensor<2x3xf32>, tensor<0xi64>, tensor<0xi64> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Splat starts and ends.
// CHECK-LABEL: func @splat_constants(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 1] sizes [2, 2] strides [1, 1] : tensor<4x6xf32> -> tensor<2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xf32>
func.func @splat_constants(%x: tensor<4x6xf32>) -> tensor<2x2xf32> {
  %starts = arith.constant dense<1> : tensor<2xi64>
  %ends = arith.constant dense<3> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends : tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// i32 splats: -1:INT32_MIN:-1 on both axes reverses both.
// CHECK-LABEL: func @splat_reverse_i32(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3, 5] sizes [4, 6] strides [-1, -1] : tensor<4x6xf32> -> tensor<4x6xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x6xf32>
func.func @splat_reverse_i32(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %starts = arith.constant dense<-1> : tensor<2xi32>
  %ends = arith.constant dense<-2147483648> : tensor<2xi32>
  %steps = arith.constant dense<-1> : tensor<2xi32>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32> steps tensor<2xi32> -> tensor<4x6xf32>
  func.return %0 : tensor<4x6xf32>
}

// -----

// i32 INT32_MIN:INT32_MAX:2.
// CHECK-LABEL: func @int32_extremes(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [3] strides [2] : tensor<6xf32> -> tensor<3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xf32>
func.func @int32_extremes(%x: tensor<6xf32>) -> tensor<3xf32> {
  %starts = arith.constant dense<[-2147483648]> : tensor<1xi32>
  %ends = arith.constant dense<[2147483647]> : tensor<1xi32>
  %steps = arith.constant dense<[2]> : tensor<1xi32>
  %0 = slice.onnx %x starts %starts ends %ends steps %steps : tensor<6xf32>, tensor<1xi32>, tensor<1xi32> steps tensor<1xi32> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// One constant used as both starts and steps.
// CHECK-LABEL: func @shared_constant(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2] sizes [2] strides [2] : tensor<6xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @shared_constant(%x: tensor<6xf32>) -> tensor<2xf32> {
  %starts = arith.constant dense<[2]> : tensor<1xi64>
  %ends = arith.constant dense<[6]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %starts : tensor<6xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// Axis -2, 3:INT64_MIN:-5 takes one element.
// CHECK-LABEL: func @negative_axis_single_element_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<4x9xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3, 0] sizes [1, 9] strides [1, 1] : tensor<4x9xf32> -> tensor<1x9xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x9xf32>
func.func @negative_axis_single_element_backward(%x: tensor<4x9xf32>) -> tensor<1x9xf32> {
  %starts = arith.constant dense<[3]> : tensor<1xi64>
  %ends = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %axes = arith.constant dense<[-2]> : tensor<1xi64>
  %steps = arith.constant dense<[-5]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes steps %steps : tensor<4x9xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<1x9xf32>
  func.return %0 : tensor<1x9xf32>
}

// -----

// starts is a function argument: nothing is known, the op and its constants stay.
// CHECK-LABEL: func @non_constant_starts(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>, %[[S:.+]]: tensor<2xi64>)
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.onnx %[[X]] starts %[[S]] ends %[[E]] : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @non_constant_starts(%x: tensor<2x4xf32>, %starts: tensor<2xi64>) -> tensor<1x3xf32> {
  %ends = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// Only steps is a function argument: the op still stays.
// CHECK-LABEL: func @non_constant_steps(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>, %[[ST:.+]]: tensor<1xi32>)
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<1> : tensor<1xi32>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<8> : tensor<1xi32>
// CHECK-NEXT:      %[[A:.+]] = arith.constant dense<0> : tensor<1xi32>
// CHECK-NEXT:      %[[R:.+]] = slice.onnx %[[X]] starts %[[S]] ends %[[E]] axes %[[A]] steps %[[ST]] {opset = 11 : i64} : tensor<10xf32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> steps tensor<1xi32> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @non_constant_steps(%x: tensor<10xf32>, %steps: tensor<1xi32>) -> tensor<4xf32> {
  %starts = arith.constant dense<[1]> : tensor<1xi32>
  %ends = arith.constant dense<[8]> : tensor<1xi32>
  %axes = arith.constant dense<[0]> : tensor<1xi32>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes steps %steps {opset = 11 : i64} : tensor<10xf32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> steps tensor<1xi32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Constant parameters but a dynamic data dim: the op stays.
// CHECK-LABEL: func @dynamic_data_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<[1, 4]> : tensor<2xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.onnx %[[X]] starts %[[S]] ends %[[E]] : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x3xf32>
func.func @dynamic_data_dim(%x: tensor<?x4xf32>) -> tensor<?x3xf32> {
  %starts = arith.constant dense<[0, 1]> : tensor<2xi64>
  %ends = arith.constant dense<[1, 4]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}

// -----

// Inside a loop body, with the index constants defined outside the loop: the slice still
// becomes a window and the constants go.
// CHECK-LABEL: func @inside_loop(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[LB:.+]]: index, %[[UB:.+]]: index, %[[ST:.+]]: index)
// CHECK-NEXT:      %[[L:.+]] = scf.for %[[I:.+]] = %[[LB]] to %[[UB]] step %[[ST]] iter_args(%[[ACC:.+]] = %[[X]]) -> (tensor<8xf32>) {
// CHECK-NEXT:        %[[W:.+]] = slice.window %[[ACC]] offsets [7] sizes [8] strides [-1] : tensor<8xf32> -> tensor<8xf32>
// CHECK-NEXT:        scf.yield %[[W]] : tensor<8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      func.return %[[L]] : tensor<8xf32>
func.func @inside_loop(%x: tensor<8xf32>, %lb: index, %ub: index, %st: index) -> tensor<8xf32> {
  %starts = arith.constant dense<-1> : tensor<1xi64>
  %ends = arith.constant dense<-9223372036854775808> : tensor<1xi64>
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (tensor<8xf32>) {
    %w = slice.onnx %acc starts %starts ends %ends steps %starts : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<8xf32>
    scf.yield %w : tensor<8xf32>
  }
  func.return %r : tensor<8xf32>
}
