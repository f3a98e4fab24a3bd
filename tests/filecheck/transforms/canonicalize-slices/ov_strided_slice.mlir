// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false},canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s

// slice.ov_strided_slice (OpenVINO StridedSlice-1) with a static data shape and constant
// index operands becomes one normal-form slice.window whose result type carries the new
// and shrunk axes; its index constants go away. With a non-constant index operand or a
// dynamic data dim it stays. Windows were computed by hand from the seed document's
// examples and research/semantics.md section C (IDs in the comments), under SPEC.md
// section 2 (TensorFlow's precedence ellipsis > new axis > shrink; short masks zero-padded).

// OpenVINO StridedSlice-1, basic example (C98): x[0:4, 1:4, 0:4:2, 1:4:2, 3:0:-1,
// 3:0:-2]; 3:0:-1 has 3 elements, not the 4 the document lists.
// CHECK-LABEL: func @seed_example1(
// CHECK-SAME:      %[[X:.+]]: tensor<4x4x4x4x4x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0, 1, 3, 3] sizes [4, 3, 2, 2, 3, 2] strides [1, 1, 2, 2, -1, -2] : tensor<4x4x4x4x4x4xf32> -> tensor<4x3x2x2x3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x3x2x2x3x2xf32>
func.func @seed_example1(%x: tensor<4x4x4x4x4x4xf32>) -> tensor<4x3x2x2x3x2xf32> {
  %begin = arith.constant dense<[0, 1, 0, 1, 3, 3]> : tensor<6xi64>
  %end = arith.constant dense<[4, 4, 4, 4, 0, 0]> : tensor<6xi64>
  %stride = arith.constant dense<[1, 1, 2, 2, -1, -2]> : tensor<6xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0, 0, 0, 0>, end_mask = array<i64: 0, 0, 0, 0, 0, 0>} : tensor<4x4x4x4x4x4xf32>, tensor<6xi64>, tensor<6xi64> stride tensor<6xi64> -> tensor<4x3x2x2x3x2xf32>
  func.return %0 : tensor<4x3x2x2x3x2xf32>
}

// -----

// Clamping example (C99): begin [1234, 2], end [1234, 4321], stride [1, -1] is empty in
// both dims (the document claims [1, 1]).
// CHECK-LABEL: func @seed_example2(
// CHECK-SAME:      %[[X:.+]]: tensor<2x2xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [0, 0] strides [1, 1] : tensor<2x2xf32> -> tensor<0x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0x0xf32>
func.func @seed_example2(%x: tensor<2x2xf32>) -> tensor<0x0xf32> {
  %begin = arith.constant dense<[1234, 2]> : tensor<2xi64>
  %end = arith.constant dense<[1234, 4321]> : tensor<2xi64>
  %stride = arith.constant dense<[1, -1]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x2xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<0x0xf32>
  func.return %0 : tensor<0x0xf32>
}

// -----

// Negative example (C100): x[0:2, 0:2, 0:-1].
// CHECK-LABEL: func @seed_example3(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [2, 2, 3] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2x3xf32>
func.func @seed_example3(%x: tensor<2x3x4xf32>) -> tensor<2x2x3xf32> {
  %begin = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %end = arith.constant dense<[2, 2, -1]> : tensor<3xi64>
  %stride = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 0, 0>} : tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<2x2x3xf32>
  func.return %0 : tensor<2x2x3xf32>
}

// -----

// Mask example (C101): x[1:, :, ::-1]; the end_mask runs through index 0 (4 elements).
// CHECK-LABEL: func @seed_example4(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0, 3] sizes [1, 3, 4] strides [1, 1, -1] : tensor<2x3x4xf32> -> tensor<1x3x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3x4xf32>
func.func @seed_example4(%x: tensor<2x3x4xf32>) -> tensor<1x3x4xf32> {
  %begin = arith.constant dense<[1, 1, 123]> : tensor<3xi64>
  %end = arith.constant dense<[0, 0, 2]> : tensor<3xi64>
  %stride = arith.constant dense<[1, 1, -1]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 1, 1>, end_mask = array<i64: 1, 1, 1>, new_axis_mask = array<i64: 0, 0, 0, 0, 0>, shrink_axis_mask = array<i64: 0, 0>, ellipsis_mask = array<i64: 0>} : tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<1x3x4xf32>
  func.return %0 : tensor<1x3x4xf32>
}

// -----

// new_axis_mask example (C102): x[None, 0:2, None, 0:4] selects everything; the full
// window stays because it inserts unit dims.
// CHECK-LABEL: func @seed_example5(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [2, 4] strides [1, 1] : tensor<2x4xf32> -> tensor<1x2x1x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2x1x4xf32>
func.func @seed_example5(%x: tensor<2x4xf32>) -> tensor<1x2x1x4xf32> {
  %begin = arith.constant dense<[1234, 0, -1, 0]> : tensor<4xi64>
  %end = arith.constant dense<[1234, 2, 9876, 4]> : tensor<4xi64>
  %stride = arith.constant dense<[132, 1, 241, 1]> : tensor<4xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0, 0>, end_mask = array<i64: 0, 0, 0, 0>, new_axis_mask = array<i64: 1, 0, 1, 0>, shrink_axis_mask = array<i64: 0, 0, 0, 0>, ellipsis_mask = array<i64: 0, 0, 0, 0>} : tensor<2x4xf32>, tensor<4xi64>, tensor<4xi64> stride tensor<4xi64> -> tensor<1x2x1x4xf32>
  func.return %0 : tensor<1x2x1x4xf32>
}

// -----

// shrink_axis_mask example (C103): x[0:1, 0, 0:384, 0:640, 0:8].
// CHECK-LABEL: func @seed_example6(
// CHECK-SAME:      %[[X:.+]]: tensor<1x2x384x640x8xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0, 0, 0] sizes [1, 1, 384, 640, 8] strides [1, 1, 1, 1, 1] : tensor<1x2x384x640x8xf32> -> tensor<1x384x640x8xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x384x640x8xf32>
func.func @seed_example6(%x: tensor<1x2x384x640x8xf32>) -> tensor<1x384x640x8xf32> {
  %begin = arith.constant dense<[0, 0, 0, 0, 0]> : tensor<5xi64>
  %end = arith.constant dense<[1, 0, 384, 640, 8]> : tensor<5xi64>
  %stride = arith.constant dense<[1, 1, 1, 1, 1]> : tensor<5xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0, 0, 0>, end_mask = array<i64: 0, 0, 0, 0, 0>, new_axis_mask = array<i64: 0, 0, 0, 0, 0>, shrink_axis_mask = array<i64: 0, 1, 0, 0, 0>, ellipsis_mask = array<i64: 0, 0, 0, 0, 0>} : tensor<1x2x384x640x8xf32>, tensor<5xi64>, tensor<5xi64> stride tensor<5xi64> -> tensor<1x384x640x8xf32>
  func.return %0 : tensor<1x384x640x8xf32>
}

// -----

// ellipsis_mask example (C104, middle dims of size 1): x[0:4, ..., 0:5]; the ellipsis
// covers 10 dims.
// CHECK-LABEL: func @seed_example7(
// CHECK-SAME:      %[[X:.+]]: tensor<6x1x1x1x1x1x1x1x1x1x1x7xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] sizes [4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5] strides [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : tensor<6x1x1x1x1x1x1x1x1x1x1x7xf32> -> tensor<4x1x1x1x1x1x1x1x1x1x1x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x1x1x1x1x1x1x1x1x1x1x5xf32>
func.func @seed_example7(%x: tensor<6x1x1x1x1x1x1x1x1x1x1x7xf32>) -> tensor<4x1x1x1x1x1x1x1x1x1x1x5xf32> {
  %begin = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %end = arith.constant dense<[4, 0, 5]> : tensor<3xi64>
  %stride = arith.constant dense<[1, -1, 1]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 0, 0>, new_axis_mask = array<i64: 0, 0, 0>, shrink_axis_mask = array<i64: 0, 0, 0>, ellipsis_mask = array<i64: 0, 1, 0>} : tensor<6x1x1x1x1x1x1x1x1x1x1x7xf32>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<4x1x1x1x1x1x1x1x1x1x1x5xf32>
  func.return %0 : tensor<4x1x1x1x1x1x1x1x1x1x1x5xf32>
}

// -----

// Masks of unequal length (C105): x[2:, ..., None, :5] on a 12-D input; short masks are
// zero-padded (SPEC).
// CHECK-LABEL: func @seed_example8(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10x10x10x10x10x10x10x10x10x10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] sizes [8, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5] strides [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : tensor<10x10x10x10x10x10x10x10x10x10x10x10xf32> -> tensor<8x10x10x10x10x10x10x10x10x10x10x1x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<8x10x10x10x10x10x10x10x10x10x10x1x5xf32>
func.func @seed_example8(%x: tensor<10x10x10x10x10x10x10x10x10x10x10x10xf32>) -> tensor<8x10x10x10x10x10x10x10x10x10x10x1x5xf32> {
  %begin = arith.constant dense<[2, 1, 10, 10]> : tensor<4xi64>
  %end = arith.constant dense<[123, 1, 10, 5]> : tensor<4xi64>
  %stride = arith.constant dense<[1, -1, 1, 1]> : tensor<4xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 1, 1>, end_mask = array<i64: 1, 1, 0, 0>, new_axis_mask = array<i64: 0, 0, 1>, shrink_axis_mask = array<i64: 0>, ellipsis_mask = array<i64: 0, 1>} : tensor<10x10x10x10x10x10x10x10x10x10x10x10xf32>, tensor<4xi64>, tensor<4xi64> stride tensor<4xi64> -> tensor<8x10x10x10x10x10x10x10x10x10x10x1x5xf32>
  func.return %0 : tensor<8x10x10x10x10x10x10x10x10x10x10x1x5xf32>
}

// -----

// C50: begin_mask on dim 1, end_mask on dim 0.
// CHECK-LABEL: func @c50_basic_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [5, 4] strides [2, 2] : tensor<10x10xf32> -> tensor<5x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5x4xf32>
func.func @c50_basic_stride(%x: tensor<10x10xf32>) -> tensor<5x4xf32> {
  %begin = arith.constant dense<[1, 1]> : tensor<2xi64>
  %end = arith.constant dense<[7, 7]> : tensor<2xi64>
  %stride = arith.constant dense<[2, 2]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 1>, end_mask = array<i64: 1, 0>} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<5x4xf32>
  func.return %0 : tensor<5x4xf32>
}

// -----

// C51: negative begin and end.
// CHECK-LABEL: func @c51_negative_begin_end(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [3, 4] strides [2, 2] : tensor<10x10xf32> -> tensor<3x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x4xf32>
func.func @c51_negative_begin_end(%x: tensor<10x10xf32>) -> tensor<3x4xf32> {
  %begin = arith.constant dense<[-9, -20]> : tensor<2xi32>
  %end = arith.constant dense<[-3, -3]> : tensor<2xi32>
  %stride = arith.constant dense<[2, 2]> : tensor<2xi32>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<10x10xf32>, tensor<2xi32>, tensor<2xi32> stride tensor<2xi32> -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

// C52: an empty second dim; the first keeps its stride.
// CHECK-LABEL: func @c52_empty_output_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [3, 0] strides [1, 1] : tensor<10x10xf32> -> tensor<3x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x0xf32>
func.func @c52_empty_output_dim(%x: tensor<10x10xf32>) -> tensor<3x0xf32> {
  %begin = arith.constant dense<[1, 1]> : tensor<2xi64>
  %end = arith.constant dense<[7, 1]> : tensor<2xi64>
  %stride = arith.constant dense<[2, 1]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<3x0xf32>
  func.return %0 : tensor<3x0xf32>
}

// -----

// C54: shrink index 1 (begin_mask and end_mask ignored), no stride operand.
// CHECK-LABEL: func @c54_shrink_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [3, 1, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<3x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x5xf32>
func.func @c54_shrink_axis(%x: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %begin = arith.constant dense<[0, 1, 0]> : tensor<3xi64>
  %end = arith.constant dense<[3, 1, 5]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 1, 0>, end_mask = array<i64: 0, 1, 0>, shrink_axis_mask = array<i64: 0, 1, 0>} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// C56: OpenVINO ignores a shrink entry's stride (TensorFlow rejects it).
// CHECK-LABEL: func @c56_shrink_negative_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [3, 1, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<3x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x5xf32>
func.func @c56_shrink_negative_stride(%x: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %begin = arith.constant dense<[0, 1, 0]> : tensor<3xi64>
  %end = arith.constant dense<[3, 2, 5]> : tensor<3xi64>
  %stride = arith.constant dense<[1, -1, 1]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 1, 0>, end_mask = array<i64: 0, 1, 0>, shrink_axis_mask = array<i64: 0, 1, 0>} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// C57: a new axis between the two dims; the full window stays.
// CHECK-LABEL: func @c57_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [10, 10] strides [1, 1] : tensor<10x10xf32> -> tensor<10x1x10xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<10x1x10xf32>
func.func @c57_new_axis(%x: tensor<10x10xf32>) -> tensor<10x1x10xf32> {
  %begin = arith.constant dense<[0, 0]> : tensor<2xi64>
  %end = arith.constant dense<[10, 10]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, new_axis_mask = array<i64: 0, 1>} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<10x1x10xf32>
  func.return %0 : tensor<10x1x10xf32>
}

// -----

// C60: shrink at -1 reads index 4 into a rank-0 result (end 0 ignored).
// CHECK-LABEL: func @c60_shrink_negative_index(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
// CHECK-NEXT:      func.return %[[R]] : tensor<f32>
func.func @c60_shrink_negative_index(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<[-1]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0>, end_mask = array<i64: 0>, shrink_axis_mask = array<i64: 1>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C66: shrink ignores begin_mask: index 3.
// CHECK-LABEL: func @c66_shrink_with_begin_mask(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
// CHECK-NEXT:      func.return %[[R]] : tensor<f32>
func.func @c66_shrink_with_begin_mask(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<[3]> : tensor<1xi64>
  %end = arith.constant dense<[4]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 1>, end_mask = array<i64: 0>, shrink_axis_mask = array<i64: 1>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C67: ::-1.
// CHECK-LABEL: func @c67_reverse(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c67_reverse(%x: tensor<5xf32>) -> tensor<5xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %stride = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 1>, end_mask = array<i64: 1>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> stride tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C69: :1:-1.
// CHECK-LABEL: func @c69_begin_mask_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [3] strides [-1] : tensor<5xf32> -> tensor<3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xf32>
func.func @c69_begin_mask_backward(%x: tensor<5xf32>) -> tensor<3xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[1]> : tensor<1xi64>
  %stride = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 1>, end_mask = array<i64: 0>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> stride tensor<1xi64> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// C70a: begin == end without shrink is empty (not one element).
// CHECK-LABEL: func @c70a_begin_equals_end(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c70a_begin_equals_end(%x: tensor<5xf32>) -> tensor<0xf32> {
  %begin = arith.constant dense<[2]> : tensor<1xi64>
  %end = arith.constant dense<[2]> : tensor<1xi64>
  %stride = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0>, end_mask = array<i64: 0>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> stride tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C72: OpenVINO clamps a begin below -dim to 0 for a negative stride: element 0.
// CHECK-LABEL: func @c72_begin_below_minus_dim_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c72_begin_below_minus_dim_backward(%x: tensor<5xf32>) -> tensor<1xf32> {
  %begin = arith.constant dense<[-10]> : tensor<1xi64>
  %end = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %stride = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0>, end_mask = array<i64: 0>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> stride tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C74: end INT64_MAX with a negative stride clamps: empty.
// CHECK-LABEL: func @c74_int64_max_end_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c74_int64_max_end_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %begin = arith.constant dense<[-1]> : tensor<1xi64>
  %end = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %stride = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0>, end_mask = array<i64: 0>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> stride tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C75: stride INT64_MIN takes the last element.
// CHECK-LABEL: func @c75_stride_int64_min(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c75_stride_int64_min(%x: tensor<5xf32>) -> tensor<1xf32> {
  %begin = arith.constant dense<[-1]> : tensor<1xi64>
  %end = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %stride = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0>, end_mask = array<i64: 0>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> stride tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C77: x[..., 1:3].
// CHECK-LABEL: func @c77_ellipsis_first(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 1] sizes [2, 3, 2] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3x2xf32>
func.func @c77_ellipsis_first(%x: tensor<2x3x4xf32>) -> tensor<2x3x2xf32> {
  %begin = arith.constant dense<[0, 1]> : tensor<2xi64>
  %end = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, ellipsis_mask = array<i64: 1, 0>} : tensor<2x3x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<2x3x2xf32>
  func.return %0 : tensor<2x3x2xf32>
}

// -----

// C83: x[None, ..., 0].
// CHECK-LABEL: func @c83_new_ellipsis_shrink(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [2, 3, 1] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<1x2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2x3xf32>
func.func @c83_new_ellipsis_shrink(%x: tensor<2x3x4xf32>) -> tensor<1x2x3xf32> {
  %begin = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %end = arith.constant dense<[0, 0, 1]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 0, 0>, new_axis_mask = array<i64: 1, 0, 0>, shrink_axis_mask = array<i64: 0, 0, 1>, ellipsis_mask = array<i64: 0, 1, 0>} : tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<1x2x3xf32>
  func.return %0 : tensor<1x2x3xf32>
}

// -----

// C86: an entry with both ellipsis and new-axis bits is an ellipsis (SPEC precedence).
// CHECK-LABEL: func @c86_ellipsis_beats_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [2, 1] strides [1, 1] : tensor<2x3xf32> -> tensor<2x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x1xf32>
func.func @c86_ellipsis_beats_new_axis(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  %begin = arith.constant dense<[0, 0]> : tensor<2xi64>
  %end = arith.constant dense<[0, 1]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, new_axis_mask = array<i64: 1, 0>, ellipsis_mask = array<i64: 1, 0>} : tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<2x1xf32>
  func.return %0 : tensor<2x1xf32>
}

// -----

// C88: ellipsis and shrink bits on one entry: an ellipsis, so the whole input.
// CHECK-LABEL: func @c88_ellipsis_beats_shrink(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<2x3xf32>
func.func @c88_ellipsis_beats_shrink(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %begin = arith.constant dense<[1, 0]> : tensor<2xi64>
  %end = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>, ellipsis_mask = array<i64: 1, 0>} : tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// C89: a new axis on rank-0 data.
// CHECK-LABEL: func @c89_rank0_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [] sizes [] strides [] : tensor<f32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c89_rank0_new_axis(%x: tensor<f32>) -> tensor<1xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0>, end_mask = array<i64: 0>, new_axis_mask = array<i64: 1>} : tensor<f32>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C90: rank-0 data, empty begin and end: the identity.
// CHECK-LABEL: func @c90_rank0_no_parameters(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<f32>
func.func @c90_rank0_no_parameters(%x: tensor<f32>) -> tensor<f32> {
  %begin = arith.constant dense<> : tensor<0xi64>
  %end = arith.constant dense<> : tensor<0xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64>, end_mask = array<i64>} : tensor<f32>, tensor<0xi64>, tensor<0xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C95: x[1, 2:4, None, ..., :-3:-1, :] on a 6-D input.
// CHECK-LABEL: func @c95_api_def_example(
// CHECK-SAME:      %[[X:.+]]: tensor<5x5x5x5x5x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 2, 0, 0, 4, 0] sizes [1, 2, 5, 5, 2, 5] strides [1, 1, 1, 1, -1, 1] : tensor<5x5x5x5x5x5xf32> -> tensor<2x1x5x5x2x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x1x5x5x2x5xf32>
func.func @c95_api_def_example(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %begin = arith.constant dense<[1, 2, 0, 0, 0, 0]> : tensor<6xi64>
  %end = arith.constant dense<[2, 4, 0, 0, -3, 0]> : tensor<6xi64>
  %stride = arith.constant dense<[1, 1, 1, 1, -1, 1]> : tensor<6xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0, 0, 1, 1>, end_mask = array<i64: 0, 0, 0, 0, 0, 1>, new_axis_mask = array<i64: 0, 0, 1, 0, 0, 0>, shrink_axis_mask = array<i64: 1, 0, 0, 0, 0, 0>, ellipsis_mask = array<i64: 0, 0, 0, 1, 0, 0>} : tensor<5x5x5x5x5x5xf32>, tensor<6xi64>, tensor<6xi64> stride tensor<6xi64> -> tensor<2x1x5x5x2x5xf32>
  func.return %0 : tensor<2x1x5x5x2x5xf32>
}

// -----

// C106: masks of length 1 are zero-padded.
// CHECK-LABEL: func @c106_short_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 1] sizes [2, 1, 1] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x1x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x1x1xf32>
func.func @c106_short_masks(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %begin = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  %end = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 1>, end_mask = array<i64: 1>, new_axis_mask = array<i64: 0>, shrink_axis_mask = array<i64: 0>, ellipsis_mask = array<i64: 0>} : tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<2x1x1xf32>
  func.return %0 : tensor<2x1x1xf32>
}

// -----

// C107: mask entries past len(begin) are ignored.
// CHECK-LABEL: func @c107_long_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 3] strides [1, 1] : tensor<2x3xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @c107_long_masks(%x: tensor<2x3xf32>) -> tensor<1x3xf32> {
  %begin = arith.constant dense<[1]> : tensor<1xi64>
  %end = arith.constant dense<[2]> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 1, 1>, end_mask = array<i64>, new_axis_mask = array<i64: 0, 0, 1>, shrink_axis_mask = array<i64: 0>, ellipsis_mask = array<i64: 0>} : tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// C111: reversing dim 0 of an empty [2, 0] tensor. The empty window's normal form
// (offsets 0, strides 1) selects the whole source in its own type: the slice is x.
// CHECK-LABEL: func @c111_empty_dim_reverse(
// CHECK-SAME:      %[[X:.+]]: tensor<2x0xf32>)
// CHECK-NEXT:      func.return %[[X]] : tensor<2x0xf32>
func.func @c111_empty_dim_reverse(%x: tensor<2x0xf32>) -> tensor<2x0xf32> {
  %begin = arith.constant dense<[0, 0]> : tensor<2xi64>
  %end = arith.constant dense<[0, 0]> : tensor<2xi64>
  %stride = arith.constant dense<[-1, 1]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 1, 0>, end_mask = array<i64: 1, 0>} : tensor<2x0xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<2x0xf32>
  func.return %0 : tensor<2x0xf32>
}

// -----

// C115: x[1, ..., None, ::-1].
// CHECK-LABEL: func @c115_shrink_ellipsis_new_reverse(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0, 3] sizes [1, 3, 4] strides [1, 1, -1] : tensor<2x3x4xf32> -> tensor<3x1x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x1x4xf32>
func.func @c115_shrink_ellipsis_new_reverse(%x: tensor<2x3x4xf32>) -> tensor<3x1x4xf32> {
  %begin = arith.constant dense<[1, 0, 0, 0]> : tensor<4xi64>
  %end = arith.constant dense<[2, 0, 0, 0]> : tensor<4xi64>
  %stride = arith.constant dense<[1, 1, 1, -1]> : tensor<4xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0, 0, 1>, end_mask = array<i64: 0, 0, 0, 1>, new_axis_mask = array<i64: 0, 0, 1, 0>, shrink_axis_mask = array<i64: 1, 0, 0, 0>, ellipsis_mask = array<i64: 0, 1, 0, 0>} : tensor<2x3x4xf32>, tensor<4xi64>, tensor<4xi64> stride tensor<4xi64> -> tensor<3x1x4xf32>
  func.return %0 : tensor<3x1x4xf32>
}

// -----

// begin is a function argument: the op and its constants stay.
// CHECK-LABEL: func @non_constant_begin(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>, %[[B:.+]]: tensor<3xi64>)
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<[3, 2, 5]> : tensor<3xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 0, 0>, shrink_axis_mask = array<i64: 0, 1, 0>} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x5xf32>
func.func @non_constant_begin(%x: tensor<3x4x5xf32>, %begin: tensor<3xi64>) -> tensor<3x5xf32> {
  %end = arith.constant dense<[3, 2, 5]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 0, 0>, shrink_axis_mask = array<i64: 0, 1, 0>} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// Constant parameters but a dynamic data dim: the op stays.
// CHECK-LABEL: func @dynamic_data_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>)
// CHECK-NEXT:      %[[B:.+]] = arith.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<[3, -1]> : tensor<2xi64>
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] stride %[[S]] {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<?x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x2xf32>
func.func @dynamic_data_dim(%x: tensor<?x6xf32>) -> tensor<?x2xf32> {
  %begin = arith.constant dense<1> : tensor<2xi64>
  %end = arith.constant dense<[3, -1]> : tensor<2xi64>
  %stride = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}
