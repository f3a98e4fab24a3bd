// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false},canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s

// slice.onnx_v1 (ONNX Slice-1) with a static data shape becomes one normal-form
// slice.window; with a dynamic data dim it stays. Windows were computed by hand from
// research/semantics.md section C (IDs in the comments) and SPEC.md section 2.

// ONNX Slice-1 document, Example 1 (C03): axes [0, 1], starts [1, 0], ends [2, 3].
// CHECK-LABEL: func @seed_example1(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 3] strides [1, 1] : tensor<2x4xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @seed_example1(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %0 = slice.onnx_v1 %x starts [1, 0] ends [2, 3] axes [0, 1] : tensor<2x4xf32> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// ONNX Slice-1 document, Example 2 (C02): default axes, ends [-1, 1000].
// CHECK-LABEL: func @seed_example2(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [1, 3] strides [1, 1] : tensor<2x4xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @seed_example2(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// C05: start and end 1000 on a dim of 10 clamp to 10: empty dim.
// CHECK-LABEL: func @c05_start_out_of_bounds(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [20, 0, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x0x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x0x5xf32>
func.func @c05_start_out_of_bounds(%x: tensor<20x10x5xf32>) -> tensor<20x0x5xf32> {
  %0 = slice.onnx_v1 %x starts [1000] ends [1000] axes [1] : tensor<20x10x5xf32> -> tensor<20x0x5xf32>
  func.return %0 : tensor<20x0x5xf32>
}

// -----

// C06: end 1000 clamps to 10.
// CHECK-LABEL: func @c06_end_out_of_bounds(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [20, 9, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x9x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x9x5xf32>
func.func @c06_end_out_of_bounds(%x: tensor<20x10x5xf32>) -> tensor<20x9x5xf32> {
  %0 = slice.onnx_v1 %x starts [1] ends [1000] axes [1] : tensor<20x10x5xf32> -> tensor<20x9x5xf32>
  func.return %0 : tensor<20x9x5xf32>
}

// -----

// C07: end -1 is dim - 1.
// CHECK-LABEL: func @c07_negative_end(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xi32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [20, 9, 5] strides [1, 1, 1] : tensor<20x10x5xi32> -> tensor<20x9x5xi32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x9x5xi32>
func.func @c07_negative_end(%x: tensor<20x10x5xi32>) -> tensor<20x9x5xi32> {
  %0 = slice.onnx_v1 %x starts [0] ends [-1] axes [1] : tensor<20x10x5xi32> -> tensor<20x9x5xi32>
  func.return %0 : tensor<20x9x5xi32>
}

// -----

// C08: no axes: [0, 1, 2].
// CHECK-LABEL: func @c08_default_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 3] sizes [20, 10, 1] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x10x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x10x1xf32>
func.func @c08_default_axes(%x: tensor<20x10x5xf32>) -> tensor<20x10x1xf32> {
  %0 = slice.onnx_v1 %x starts [0, 0, 3] ends [20, 10, 4] : tensor<20x10x5xf32> -> tensor<20x10x1xf32>
  func.return %0 : tensor<20x10x1xf32>
}

// -----

// C09: negative axes count from the back.
// CHECK-LABEL: func @c09_negative_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf16>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 3] sizes [20, 10, 1] strides [1, 1, 1] : tensor<20x10x5xf16> -> tensor<20x10x1xf16>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x10x1xf16>
func.func @c09_negative_axes(%x: tensor<20x10x5xf16>) -> tensor<20x10x1xf16> {
  %0 = slice.onnx_v1 %x starts [0, 0, 3] ends [20, 10, 4] axes [0, -2, -1] : tensor<20x10x5xf16> -> tensor<20x10x1xf16>
  func.return %0 : tensor<20x10x1xf16>
}

// -----

// C12: -100:100 clamps to the whole dim: the identity, so the source is returned.
// CHECK-LABEL: func @c12_clamped_to_whole(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<10xf32>
func.func @c12_clamped_to_whole(%x: tensor<10xf32>) -> tensor<10xf32> {
  %0 = slice.onnx_v1 %x starts [-100] ends [100] : tensor<10xf32> -> tensor<10xf32>
  func.return %0 : tensor<10xf32>
}

// -----

// C19: axes [0, 1], the last dim untouched.
// CHECK-LABEL: func @c19_leading_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [4, 10, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<4x10x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x10x5xf32>
func.func @c19_leading_axes(%x: tensor<20x10x5xf32>) -> tensor<4x10x5xf32> {
  %0 = slice.onnx_v1 %x starts [0, 0] ends [4, 10] axes [0, 1] : tensor<20x10x5xf32> -> tensor<4x10x5xf32>
  func.return %0 : tensor<4x10x5xf32>
}

// -----

// C20: end INT64_MAX clamps to dim: the identity.
// CHECK-LABEL: func @c20_int64_max_end(
// CHECK-SAME:      %[[X:.+]]: tensor<5xi64>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<5xi64>
func.func @c20_int64_max_end(%x: tensor<5xi64>) -> tensor<5xi64> {
  %0 = slice.onnx_v1 %x starts [0] ends [9223372036854775807] : tensor<5xi64> -> tensor<5xi64>
  func.return %0 : tensor<5xi64>
}

// -----

// C29: start == end is empty (offset 0, stride 1 in normal form).
// CHECK-LABEL: func @c29_start_equals_end(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c29_start_equals_end(%x: tensor<5xf32>) -> tensor<0xf32> {
  %0 = slice.onnx_v1 %x starts [3] ends [3] : tensor<5xf32> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C30: start after end is empty.
// CHECK-LABEL: func @c30_start_after_end(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c30_start_after_end(%x: tensor<5xf32>) -> tensor<0xf32> {
  %0 = slice.onnx_v1 %x starts [4] ends [1] : tensor<5xf32> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C38: a dim of size 0 stays empty: the identity.
// CHECK-LABEL: func @c38_empty_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<0xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<0xf32>
func.func @c38_empty_dim(%x: tensor<0xf32>) -> tensor<0xf32> {
  %0 = slice.onnx_v1 %x starts [0] ends [9223372036854775807] : tensor<0xf32> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C42: axis -1 of a rank-2 tensor is axis 1.
// CHECK-LABEL: func @c42_negative_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [3, 2] strides [1, 1] : tensor<3x4xf32> -> tensor<3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x2xf32>
func.func @c42_negative_axis(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %0 = slice.onnx_v1 %x starts [1] ends [3] axes [-1] : tensor<3x4xf32> -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// C43: axes [1, 0] in any order.
// CHECK-LABEL: func @c43_unsorted_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xbf16>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [2, 2] strides [1, 1] : tensor<3x4xbf16> -> tensor<2x2xbf16>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xbf16>
func.func @c43_unsorted_axes(%x: tensor<3x4xbf16>) -> tensor<2x2xbf16> {
  %0 = slice.onnx_v1 %x starts [1, 0] ends [3, 2] axes [1, 0] : tensor<3x4xbf16> -> tensor<2x2xbf16>
  func.return %0 : tensor<2x2xbf16>
}

// -----

// C44: one element of the middle axis; the unit dim stays in the result.
// CHECK-LABEL: func @c44_middle_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [3, 1, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<3x1x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x1x5xf32>
func.func @c44_middle_axis(%x: tensor<3x4x5xf32>) -> tensor<3x1x5xf32> {
  %0 = slice.onnx_v1 %x starts [1] ends [2] axes [1] : tensor<3x4x5xf32> -> tensor<3x1x5xf32>
  func.return %0 : tensor<3x1x5xf32>
}

// -----

// C46: empty starts and ends select the whole input.
// CHECK-LABEL: func @c46_no_parameters(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<2x3xf32>
func.func @c46_no_parameters(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = slice.onnx_v1 %x starts [] ends [] : tensor<2x3xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// C47: start INT64_MIN clamps to 0; end -1 is 4.
// CHECK-LABEL: func @c47_int64_min_start(
// CHECK-SAME:      %[[X:.+]]: tensor<5xi8>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [4] strides [1] : tensor<5xi8> -> tensor<4xi8>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xi8>
func.func @c47_int64_min_start(%x: tensor<5xi8>) -> tensor<4xi8> {
  %0 = slice.onnx_v1 %x starts [-9223372036854775808] ends [-1] : tensor<5xi8> -> tensor<4xi8>
  func.return %0 : tensor<4xi8>
}

// -----

// C48: -10:INT64_MAX is the whole dim: the identity.
// CHECK-LABEL: func @c48_below_minus_dim_to_int64_max(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<5xf32>
func.func @c48_below_minus_dim_to_int64_max(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = slice.onnx_v1 %x starts [-10] ends [9223372036854775807] : tensor<5xf32> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// INT64_MIN/INT64_MAX on one axis, negative end on the other.
// CHECK-LABEL: func @int64_extremes_2d(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xcomplex<f32>>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 2] sizes [4, 2] strides [1, 1] : tensor<4x6xcomplex<f32>> -> tensor<4x2xcomplex<f32>>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x2xcomplex<f32>>
func.func @int64_extremes_2d(%x: tensor<4x6xcomplex<f32>>) -> tensor<4x2xcomplex<f32>> {
  %0 = slice.onnx_v1 %x starts [-9223372036854775808, 2] ends [9223372036854775807, -2] : tensor<4x6xcomplex<f32>> -> tensor<4x2xcomplex<f32>>
  func.return %0 : tensor<4x2xcomplex<f32>>
}

// -----

// A single element: -1:INT64_MAX on both axes.
// CHECK-LABEL: func @last_element_of_each_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x5xui8>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2, 4] sizes [1, 1] strides [1, 1] : tensor<3x5xui8> -> tensor<1x1xui8>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1xui8>
func.func @last_element_of_each_axis(%x: tensor<3x5xui8>) -> tensor<1x1xui8> {
  %0 = slice.onnx_v1 %x starts [-1, -1] ends [9223372036854775807, 9223372036854775807] : tensor<3x5xui8> -> tensor<1x1xui8>
  func.return %0 : tensor<1x1xui8>
}

// -----

// An end below -dim clamps to 0: empty.
// CHECK-LABEL: func @end_below_minus_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx_v1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @end_below_minus_dim(%x: tensor<5xf32>) -> tensor<0xf32> {
  %0 = slice.onnx_v1 %x starts [0] ends [-10] : tensor<5xf32> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// A dynamic dim that is sliced: the clamping needs its size, so the op stays.
// CHECK-LABEL: func @dynamic_sliced_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.onnx_v1 %[[X]] starts [0, 1] ends [1, 3] : tensor<?x4xf32> -> tensor<?x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x2xf32>
func.func @dynamic_sliced_dim(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [1, 3] : tensor<?x4xf32> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}

// -----

// A dynamic dim that is not sliced: slice.window needs a static source, so the op stays.
// CHECK-LABEL: func @dynamic_unsliced_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.onnx_v1 %[[X]] starts [1] ends [3] axes [1] : tensor<?x4xf32> -> tensor<?x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x2xf32>
func.func @dynamic_unsliced_dim(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %0 = slice.onnx_v1 %x starts [1] ends [3] axes [1] : tensor<?x4xf32> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}
