// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false},canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s

// slice.tf_strided_slice (TensorFlow StridedSlice) with a static data shape and constant
// index operands becomes one normal-form slice.window whose result type carries the new
// and shrunk axes; its index constants go away. With a non-constant index operand or a
// dynamic data dim it stays. Windows were computed by hand from the api_def examples
// (seeds/tensorflow-strided-slice.txt) and research/semantics.md section C (IDs in the
// comments), under SPEC.md section 2 (Python clamping for a negative stride).

// api_def: foo[:] on shape (3,) selects everything: the identity.
// CHECK-LABEL: func @seed_full_range(
// CHECK-SAME:      %[[X:.+]]: tensor<3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<3xf32>
func.func @seed_full_range(%x: tensor<3xf32>) -> tensor<3xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 1 : i64, end_mask = 1 : i64} : tensor<3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// api_def: foo[0:-1] on shape (3,) drops the last element.
// CHECK-LABEL: func @seed_not_full_range(
// CHECK-SAME:      %[[X:.+]]: tensor<3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [2] strides [1] : tensor<3xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @seed_not_full_range(%x: tensor<3xf32>) -> tensor<2xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[-1]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// api_def / C96: foo[-2::-1] on [1, 2, 3, 4] is [3, 2, 1] (the document claims [4, 3]).
// CHECK-LABEL: func @seed_c96_reverse_from_minus_2(
// CHECK-SAME:      %[[X:.+]]: tensor<4xi32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2] sizes [3] strides [-1] : tensor<4xi32> -> tensor<3xi32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xi32>
func.func @seed_c96_reverse_from_minus_2(%x: tensor<4xi32>) -> tensor<3xi32> {
  %begin = arith.constant dense<[-2]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {end_mask = 1 : i64} : tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

// api_def: foo[2, :] on shape (5, 6) gives shape (6,).
// CHECK-LABEL: func @seed_single_index(
// CHECK-SAME:      %[[X:.+]]: tensor<5x6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2, 0] sizes [1, 6] strides [1, 1] : tensor<5x6xf32> -> tensor<6xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<6xf32>
func.func @seed_single_index(%x: tensor<5x6xf32>) -> tensor<6xf32> {
  %begin = arith.constant dense<[2, 0]> : tensor<2xi64>
  %end = arith.constant dense<[3, 0]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 1 : i64} : tensor<5x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}

// -----

// api_def / C95: foo[1, 2:4, None, ..., :-3:-1, :] on shape (5, 5, 5, 5, 5, 5) is (2, 1,
// 5, 5, 2, 5).
// CHECK-LABEL: func @seed_c95_api_def_example(
// CHECK-SAME:      %[[X:.+]]: tensor<5x5x5x5x5x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 2, 0, 0, 4, 0] sizes [1, 2, 5, 5, 2, 5] strides [1, 1, 1, 1, -1, 1] : tensor<5x5x5x5x5x5xf32> -> tensor<2x1x5x5x2x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x1x5x5x2x5xf32>
func.func @seed_c95_api_def_example(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %begin = arith.constant dense<[1, 2, 0, 0, 0, 0]> : tensor<6xi64>
  %end = arith.constant dense<[2, 4, 0, 0, -3, 0]> : tensor<6xi64>
  %strides = arith.constant dense<[1, 1, 1, 1, -1, 1]> : tensor<6xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 48 : i64, end_mask = 32 : i64, ellipsis_mask = 8 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64} : tensor<5x5x5x5x5x5xf32>, tensor<6xi64>, tensor<6xi64>, tensor<6xi64> -> tensor<2x1x5x5x2x5xf32>
  func.return %0 : tensor<2x1x5x5x2x5xf32>
}

// -----

// C50 (BasicStride).
// CHECK-LABEL: func @c50_basic_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [5, 4] strides [2, 2] : tensor<10x10xf32> -> tensor<5x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5x4xf32>
func.func @c50_basic_stride(%x: tensor<10x10xf32>) -> tensor<5x4xf32> {
  %begin = arith.constant dense<[1, 1]> : tensor<2xi64>
  %end = arith.constant dense<[7, 7]> : tensor<2xi64>
  %strides = arith.constant dense<2> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 1 : i64} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<5x4xf32>
  func.return %0 : tensor<5x4xf32>
}

// -----

// C51 (NegativeBeginEnd), i32 indices.
// CHECK-LABEL: func @c51_negative_begin_end(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [3, 4] strides [2, 2] : tensor<10x10xf32> -> tensor<3x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x4xf32>
func.func @c51_negative_begin_end(%x: tensor<10x10xf32>) -> tensor<3x4xf32> {
  %begin = arith.constant dense<[-9, -20]> : tensor<2xi32>
  %end = arith.constant dense<-3> : tensor<2xi32>
  %strides = arith.constant dense<2> : tensor<2xi32>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<10x10xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32> -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

// C52 (EmptyOutputDim).
// CHECK-LABEL: func @c52_empty_output_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [3, 0] strides [1, 1] : tensor<10x10xf32> -> tensor<3x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x0xf32>
func.func @c52_empty_output_dim(%x: tensor<10x10xf32>) -> tensor<3x0xf32> {
  %begin = arith.constant dense<[1, 1]> : tensor<2xi64>
  %end = arith.constant dense<[7, 1]> : tensor<2xi64>
  %strides = arith.constant dense<[2, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<3x0xf32>
  func.return %0 : tensor<3x0xf32>
}

// -----

// C54 (ShrinkAxis): index 1, begin_mask and end_mask ignored.
// CHECK-LABEL: func @c54_shrink_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [3, 1, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<3x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x5xf32>
func.func @c54_shrink_axis(%x: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %begin = arith.constant dense<[0, 1, 0]> : tensor<3xi64>
  %end = arith.constant dense<[3, 1, 5]> : tensor<3xi64>
  %strides = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 2 : i64} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// C57 (NewAxis): the full window stays because it inserts a unit dim.
// CHECK-LABEL: func @c57_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [10, 10] strides [1, 1] : tensor<10x10xf32> -> tensor<10x1x10xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<10x1x10xf32>
func.func @c57_new_axis(%x: tensor<10x10xf32>) -> tensor<10x1x10xf32> {
  %begin = arith.constant dense<[0, 0]> : tensor<2xi64>
  %end = arith.constant dense<[10, 10]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {new_axis_mask = 2 : i64} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<10x1x10xf32>
  func.return %0 : tensor<10x1x10xf32>
}

// -----

// C58 (Ellipsis): x[..., None].
// CHECK-LABEL: func @c58_ellipsis_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<10x10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [10, 10] strides [1, 1] : tensor<10x10xf32> -> tensor<10x10x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<10x10x1xf32>
func.func @c58_ellipsis_new_axis(%x: tensor<10x10xf32>) -> tensor<10x10x1xf32> {
  %begin = arith.constant dense<[0, 0]> : tensor<2xi64>
  %end = arith.constant dense<[0, 0]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<10x10x1xf32>
  func.return %0 : tensor<10x10x1xf32>
}

// -----

// C60: shrink at -1 (end 0 ignored) gives a rank-0 result.
// CHECK-LABEL: func @c60_shrink_negative_index(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
// CHECK-NEXT:      func.return %[[R]] : tensor<f32>
func.func @c60_shrink_negative_index(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<[-1]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {shrink_axis_mask = 1 : i64} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C61: shrink at -5 is index 0.
// CHECK-LABEL: func @c61_shrink_minus_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
// CHECK-NEXT:      func.return %[[R]] : tensor<f32>
func.func @c61_shrink_minus_dim(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<[-5]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {shrink_axis_mask = 1 : i64} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C65: shrink at 2 with end -100 and stride 7.
// CHECK-LABEL: func @c65_shrink_ignores_end_and_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
// CHECK-NEXT:      func.return %[[R]] : tensor<f32>
func.func @c65_shrink_ignores_end_and_stride(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<[2]> : tensor<1xi64>
  %end = arith.constant dense<[-100]> : tensor<1xi64>
  %strides = arith.constant dense<[7]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {shrink_axis_mask = 1 : i64} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C66: shrink ignores begin_mask: index 3.
// CHECK-LABEL: func @c66_shrink_with_begin_mask(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
// CHECK-NEXT:      func.return %[[R]] : tensor<f32>
func.func @c66_shrink_with_begin_mask(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<[3]> : tensor<1xi64>
  %end = arith.constant dense<[4]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 1 : i64, shrink_axis_mask = 1 : i64} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C67: ::-1.
// CHECK-LABEL: func @c67_reverse(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c67_reverse(%x: tensor<5xf32>) -> tensor<5xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 1 : i64, end_mask = 1 : i64} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C68: 3::-1 runs through index 0.
// CHECK-LABEL: func @c68_end_mask_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [4] strides [-1] : tensor<5xf32> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @c68_end_mask_backward(%x: tensor<5xf32>) -> tensor<4xf32> {
  %begin = arith.constant dense<[3]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {end_mask = 1 : i64} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// C70: 3:-1:-1 is empty (-1 is index 4).
// CHECK-LABEL: func @c70_end_minus_1_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c70_end_minus_1_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %begin = arith.constant dense<[3]> : tensor<1xi64>
  %end = arith.constant dense<[-1]> : tensor<1xi64>
  %strides = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C71: 3:-6:-1 runs through index 0.
// CHECK-LABEL: func @c71_end_minus_6_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [4] strides [-1] : tensor<5xf32> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @c71_end_minus_6_backward(%x: tensor<5xf32>) -> tensor<4xf32> {
  %begin = arith.constant dense<[3]> : tensor<1xi64>
  %end = arith.constant dense<[-6]> : tensor<1xi64>
  %strides = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// C72: TensorFlow's Python rule: a begin below -dim with a negative stride is empty.
// CHECK-LABEL: func @c72_begin_below_minus_dim_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c72_begin_below_minus_dim_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %begin = arith.constant dense<[-10]> : tensor<1xi64>
  %end = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %strides = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C73: INT64_MIN:INT64_MAX is the whole dim: the identity.
// CHECK-LABEL: func @c73_int64_extremes(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<5xf32>
func.func @c73_int64_extremes(%x: tensor<5xf32>) -> tensor<5xf32> {
  %begin = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %end = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C75: stride INT64_MIN takes the last element.
// CHECK-LABEL: func @c75_stride_int64_min(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c75_stride_int64_min(%x: tensor<5xf32>) -> tensor<1xf32> {
  %begin = arith.constant dense<[-1]> : tensor<1xi64>
  %end = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %strides = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C76: 4:0:-3.
// CHECK-LABEL: func @c76_backward_stride3(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [2] strides [-3] : tensor<6xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c76_backward_stride3(%x: tensor<6xf32>) -> tensor<2xf32> {
  %begin = arith.constant dense<[4]> : tensor<1xi32>
  %end = arith.constant dense<[0]> : tensor<1xi32>
  %strides = arith.constant dense<[-3]> : tensor<1xi32>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C78: x[1:2, ..., ::2].
// CHECK-LABEL: func @c78_range_ellipsis_range(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0, 0, 0] sizes [1, 3, 4, 3] strides [1, 1, 1, 2] : tensor<2x3x4x5xf32> -> tensor<1x3x4x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3x4x3xf32>
func.func @c78_range_ellipsis_range(%x: tensor<2x3x4x5xf32>) -> tensor<1x3x4x3xf32> {
  %begin = arith.constant dense<[1, 0, 0]> : tensor<3xi64>
  %end = arith.constant dense<[2, 0, 5]> : tensor<3xi64>
  %strides = arith.constant dense<[1, 1, 2]> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {ellipsis_mask = 2 : i64} : tensor<2x3x4x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<1x3x4x3xf32>
  func.return %0 : tensor<1x3x4x3xf32>
}

// -----

// C82: x[None, 0:1].
// CHECK-LABEL: func @c82_new_axis_first(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [1, 3] strides [1, 1] : tensor<2x3xf32> -> tensor<1x1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1x3xf32>
func.func @c82_new_axis_first(%x: tensor<2x3xf32>) -> tensor<1x1x3xf32> {
  %begin = arith.constant dense<[0, 0]> : tensor<2xi64>
  %end = arith.constant dense<[0, 1]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {new_axis_mask = 1 : i64} : tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x1x3xf32>
  func.return %0 : tensor<1x1x3xf32>
}

// -----

// C87: new-axis and shrink bits on one entry: a new axis; the full window stays.
// CHECK-LABEL: func @c87_new_axis_beats_shrink(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [2, 3] strides [1, 1] : tensor<2x3xf32> -> tensor<1x2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2x3xf32>
func.func @c87_new_axis_beats_shrink(%x: tensor<2x3xf32>) -> tensor<1x2x3xf32> {
  %begin = arith.constant dense<[1, 0]> : tensor<2xi64>
  %end = arith.constant dense<[2, 3]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {new_axis_mask = 1 : i64, shrink_axis_mask = 1 : i64} : tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2x3xf32>
  func.return %0 : tensor<1x2x3xf32>
}

// -----

// C89: a new axis on rank-0 data.
// CHECK-LABEL: func @c89_rank0_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [] sizes [] strides [] : tensor<f32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c89_rank0_new_axis(%x: tensor<f32>) -> tensor<1xf32> {
  %begin = arith.constant dense<[0]> : tensor<1xi64>
  %end = arith.constant dense<[0]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {new_axis_mask = 1 : i64} : tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C90: rank-0 data with an empty spec: the identity.
// CHECK-LABEL: func @c90_rank0_no_parameters(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<f32>
func.func @c90_rank0_no_parameters(%x: tensor<f32>) -> tensor<f32> {
  %begin = arith.constant dense<> : tensor<0xi64>
  %end = arith.constant dense<> : tensor<0xi64>
  %strides = arith.constant dense<> : tensor<0xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<f32>, tensor<0xi64>, tensor<0xi64>, tensor<0xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C93: x[..., -1].
// CHECK-LABEL: func @c93_ellipsis_shrink_last(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 3] sizes [2, 3, 1] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xf32>
func.func @c93_ellipsis_shrink_last(%x: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %begin = arith.constant dense<[0, -1]> : tensor<2xi64>
  %end = arith.constant dense<[0, 0]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {ellipsis_mask = 1 : i64, shrink_axis_mask = 2 : i64} : tensor<2x3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// C94: mask bits at or past len(begin) are ignored.
// CHECK-LABEL: func @c94_mask_bits_past_spec(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 3] strides [1, 1] : tensor<2x3xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @c94_mask_bits_past_spec(%x: tensor<2x3xf32>) -> tensor<1x3xf32> {
  %begin = arith.constant dense<[1]> : tensor<1xi64>
  %end = arith.constant dense<[2]> : tensor<1xi64>
  %strides = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 6 : i64, end_mask = 6 : i64, new_axis_mask = 4 : i64} : tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// C99: begin [1234, 2], end [1234, 4321], strides [1, -1]: both dims empty.
// CHECK-LABEL: func @c99_clamping(
// CHECK-SAME:      %[[X:.+]]: tensor<2x2xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [0, 0] strides [1, 1] : tensor<2x2xf32> -> tensor<0x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0x0xf32>
func.func @c99_clamping(%x: tensor<2x2xf32>) -> tensor<0x0xf32> {
  %begin = arith.constant dense<[1234, 2]> : tensor<2xi64>
  %end = arith.constant dense<[1234, 4321]> : tensor<2xi64>
  %strides = arith.constant dense<[1, -1]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<2x2xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<0x0xf32>
  func.return %0 : tensor<0x0xf32>
}

// -----

// C101: x[1:, :, ::-1] with masks.
// CHECK-LABEL: func @c101_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0, 3] sizes [1, 3, 4] strides [1, 1, -1] : tensor<2x3x4xf32> -> tensor<1x3x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3x4xf32>
func.func @c101_masks(%x: tensor<2x3x4xf32>) -> tensor<1x3x4xf32> {
  %begin = arith.constant dense<[1, 1, 123]> : tensor<3xi64>
  %end = arith.constant dense<[0, 0, 2]> : tensor<3xi64>
  %strides = arith.constant dense<[1, 1, -1]> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 6 : i64, end_mask = 7 : i64} : tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<1x3x4xf32>
  func.return %0 : tensor<1x3x4xf32>
}

// -----

// C114: x[..., None, 1].
// CHECK-LABEL: func @c114_ellipsis_new_shrink(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 1] sizes [2, 3, 1] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3x1xf32>
func.func @c114_ellipsis_new_shrink(%x: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %begin = arith.constant dense<[0, 0, 1]> : tensor<3xi64>
  %end = arith.constant dense<[0, 0, 2]> : tensor<3xi64>
  %strides = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 4 : i64} : tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<2x3x1xf32>
  func.return %0 : tensor<2x3x1xf32>
}

// -----

// strides is a function argument: the op and its constants stay.
// CHECK-LABEL: func @non_constant_strides(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>, %[[S:.+]]: tensor<1xi32>)
// CHECK-NEXT:      %[[B:.+]] = arith.constant dense<3> : tensor<1xi32>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<0> : tensor<1xi32>
// CHECK-NEXT:      %[[R:.+]] = slice.tf_strided_slice %[[X]] begin %[[B]] end %[[E]] strides %[[S]] {end_mask = 1 : i64} : tensor<5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @non_constant_strides(%x: tensor<5xf32>, %strides: tensor<1xi32>) -> tensor<4xf32> {
  %begin = arith.constant dense<[3]> : tensor<1xi32>
  %end = arith.constant dense<[0]> : tensor<1xi32>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {end_mask = 1 : i64} : tensor<5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// C116: [1:3, 1:-1:2] on a [?, 6] input. Dim 1 is static, but the window needs every
// dim: the op stays.
// CHECK-LABEL: func @c116_dynamic_data_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>)
// CHECK-NEXT:      %[[B:.+]] = arith.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<[3, -1]> : tensor<2xi64>
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.tf_strided_slice %[[X]] begin %[[B]] end %[[E]] strides %[[S]] : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x2xf32>
func.func @c116_dynamic_data_dim(%x: tensor<?x6xf32>) -> tensor<?x2xf32> {
  %begin = arith.constant dense<1> : tensor<2xi64>
  %end = arith.constant dense<[3, -1]> : tensor<2xi64>
  %strides = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}
