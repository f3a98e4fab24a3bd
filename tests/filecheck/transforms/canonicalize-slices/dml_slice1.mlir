// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false},canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s

// slice.dml_slice1 (DirectML DML_SLICE1) on a static input becomes one normal-form
// slice.window: a negative stride starts at the window's end, and the result type (the
// OutputSizes) gives the counts. On a dynamic input it stays. Windows were computed by
// hand from the seed document's examples and research/semantics.md section C.3.

// DML_SLICE1 Example 1 (C117): positive strides.
// CHECK-LABEL: func @seed_example1(
// CHECK-SAME:      %[[X:.+]]: tensor<1x1x4x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0, 1] sizes [1, 1, 2, 2] strides [1, 1, 2, 2] : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1x2x2xf32>
func.func @seed_example1(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0, 0, 0, 1] window_sizes [1, 1, 4, 3] window_strides [1, 1, 2, 2] : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  func.return %0 : tensor<1x1x2x2xf32>
}

// -----

// DML_SLICE1 Example 2 (C118): a negative stride copies from the window's end (offset 0 +
// 4 - 1 = 3).
// CHECK-LABEL: func @seed_example2(
// CHECK-SAME:      %[[X:.+]]: tensor<1x1x4x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 3, 1] sizes [1, 1, 2, 2] strides [1, 1, -2, 2] : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1x2x2xf32>
func.func @seed_example2(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0, 0, 0, 1] window_sizes [1, 1, 4, 3] window_strides [1, 1, -2, 2] : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  func.return %0 : tensor<1x1x2x2xf32>
}

// -----

// C119: 2 of the 4 reachable elements.
// CHECK-LABEL: func @c119_fewer_outputs(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [2] strides [1] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c119_fewer_outputs(%x: tensor<5xf32>) -> tensor<2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [1] window_sizes [4] window_strides [1] : tensor<5xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C120: stride -1 starts at offset + size - 1 = 3.
// CHECK-LABEL: func @c120_negative_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [2] strides [-1] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c120_negative_stride(%x: tensor<5xf32>) -> tensor<2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [4] window_strides [-1] : tensor<5xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C121: stride -2 over the whole dim, 2 of 3 reachable elements.
// CHECK-LABEL: func @c121_negative_stride2(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [2] strides [-2] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c121_negative_stride2(%x: tensor<5xf32>) -> tensor<2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [-2] : tensor<5xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C125: ONNX C04 as the DirectML EP converts it; the same window as C04.
// CHECK-LABEL: func @c125_onnx_c04_converted(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [19, 9, 4] sizes [19, 3, 2] strides [-1, -3, -2] : tensor<20x10x5xf32> -> tensor<19x3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<19x3x2xf32>
func.func @c125_onnx_c04_converted(%x: tensor<20x10x5xf32>) -> tensor<19x3x2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [1, 1, 2] window_sizes [19, 9, 3] window_strides [-1, -3, -2] : tensor<20x10x5xf32> -> tensor<19x3x2xf32>
  func.return %0 : tensor<19x3x2xf32>
}

// -----

// The whole input with unit strides: the identity.
// CHECK-LABEL: func @full_window(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<3x4xf32>
func.func @full_window(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0, 0] window_sizes [3, 4] window_strides [1, 1] : tensor<3x4xf32> -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

// The whole input, rows reversed.
// CHECK-LABEL: func @full_window_reversed(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2, 0] sizes [3, 4] strides [-1, 1] : tensor<3x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x4xf32>
func.func @full_window_reversed(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0, 0] window_sizes [3, 4] window_strides [-1, 1] : tensor<3x4xf32> -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

// One output element: stride 1 in normal form.
// CHECK-LABEL: func @single_output_positive_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<6xi8>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [2] sizes [1] strides [1] : tensor<6xi8> -> tensor<1xi8>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xi8>
func.func @single_output_positive_stride(%x: tensor<6xi8>) -> tensor<1xi8> {
  %0 = slice.dml_slice1 %x window_offsets [2] window_sizes [3] window_strides [3] : tensor<6xi8> -> tensor<1xi8>
  func.return %0 : tensor<1xi8>
}

// -----

// One output element with stride -2: the window's last element, stride 1.
// CHECK-LABEL: func @single_output_negative_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<6xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @single_output_negative_stride(%x: tensor<6xf32>) -> tensor<1xf32> {
  %0 = slice.dml_slice1 %x window_offsets [1] window_sizes [4] window_strides [-2] : tensor<6xf32> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// A stride larger than the window allows one element.
// CHECK-LABEL: func @stride_larger_than_window(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [1] strides [1] : tensor<6xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @stride_larger_than_window(%x: tensor<6xf32>) -> tensor<1xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [6] window_strides [10] : tensor<6xf32> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// 3 of the 5 reachable elements backward from index 8.
// CHECK-LABEL: func @fewer_outputs_negative_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<9xf64>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [8] sizes [3] strides [-2] : tensor<9xf64> -> tensor<3xf64>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xf64>
func.func @fewer_outputs_negative_stride(%x: tensor<9xf64>) -> tensor<3xf64> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [9] window_strides [-2] : tensor<9xf64> -> tensor<3xf64>
  func.return %0 : tensor<3xf64>
}

// -----

// Window [2, 7) backward by 3: indices 6 and 3.
// CHECK-LABEL: func @negative_stride_inner_window(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [6] sizes [2] strides [-3] : tensor<10xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @negative_stride_inner_window(%x: tensor<10xf32>) -> tensor<2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [2] window_sizes [5] window_strides [-3] : tensor<10xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// All 4 reachable elements of 0..6 by 2.
// CHECK-LABEL: func @max_outputs_stride2(
// CHECK-SAME:      %[[X:.+]]: tensor<7xcomplex<f64>>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [4] strides [2] : tensor<7xcomplex<f64>> -> tensor<4xcomplex<f64>>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xcomplex<f64>>
func.func @max_outputs_stride2(%x: tensor<7xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [7] window_strides [2] : tensor<7xcomplex<f64>> -> tensor<4xcomplex<f64>>
  func.return %0 : tensor<4xcomplex<f64>>
}

// -----

// A 2x3 block at [1, 2].
// CHECK-LABEL: func @inner_block(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xui16>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 2] sizes [2, 3] strides [1, 1] : tensor<4x5xui16> -> tensor<2x3xui16>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xui16>
func.func @inner_block(%x: tensor<4x5xui16>) -> tensor<2x3xui16> {
  %0 = slice.dml_slice1 %x window_offsets [1, 2] window_sizes [2, 3] window_strides [1, 1] : tensor<4x5xui16> -> tensor<2x3xui16>
  func.return %0 : tensor<2x3xui16>
}

// -----

// Rank 8, the largest DirectML rank, two reversed dims.
// CHECK-LABEL: func @rank8(
// CHECK-SAME:      %[[X:.+]]: tensor<2x1x3x1x2x1x2x2xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.dml_slice1
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1, 0, 2, 0, 0, 0, 1, 1] sizes [1, 1, 3, 1, 2, 1, 1, 2] strides [1, 1, -1, 1, 1, 1, 1, -1] : tensor<2x1x3x1x2x1x2x2xf32> -> tensor<1x1x3x1x2x1x1x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1x3x1x2x1x1x2xf32>
func.func @rank8(%x: tensor<2x1x3x1x2x1x2x2xf32>) -> tensor<1x1x3x1x2x1x1x2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [1, 0, 0, 0, 0, 0, 1, 0] window_sizes [1, 1, 3, 1, 2, 1, 1, 2] window_strides [1, 1, -1, 1, 1, 1, 1, -1] : tensor<2x1x3x1x2x1x2x2xf32> -> tensor<1x1x3x1x2x1x1x2xf32>
  func.return %0 : tensor<1x1x3x1x2x1x1x2xf32>
}

// -----

// A dynamic input dim: the op stays.
// CHECK-LABEL: func @dynamic_data_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.dml_slice1 %[[X]] window_offsets [0, 1] window_sizes [1, 3] window_strides [1, -2] : tensor<?x4xf32> -> tensor<1x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2xf32>
func.func @dynamic_data_dim(%x: tensor<?x4xf32>) -> tensor<1x2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0, 1] window_sizes [1, 3] window_strides [1, -2] : tensor<?x4xf32> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}
