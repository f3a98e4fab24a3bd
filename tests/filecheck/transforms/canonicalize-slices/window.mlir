// RUN: slice-opt %s -p canonicalize-slices --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize-slices,canonicalize-slices --split-input-file | filecheck %s

// slice.window of slice.window is one window, offset o1 + o2 * s1 and stride s1 * s2 per
// dim (SPEC section 3), with unit dims of the intermediate type inserted or removed; a
// window that selects its whole source in the same type is its source; everything that
// is not a slice op stays exactly as it was.

// x[2:6][1::2] = x[3], x[5].
// CHECK-LABEL: func @fold_positive_strides(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [2] strides [2] : tensor<8xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @fold_positive_strides(%x: tensor<8xf32>) -> tensor<2xf32> {
  %a = slice.window %x offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  %b = slice.window %a offsets [1] sizes [2] strides [2] : tensor<4xf32> -> tensor<2xf32>
  func.return %b : tensor<2xf32>
}

// -----

// x[7], x[5], x[3], x[1], then its elements 1 and 0: x[5], x[7]. Two negative strides
// give a positive one.
// CHECK-LABEL: func @fold_negative_strides(
// CHECK-SAME:      %[[X:.+]]: tensor<8xi32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [5] sizes [2] strides [2] : tensor<8xi32> -> tensor<2xi32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xi32>
func.func @fold_negative_strides(%x: tensor<8xi32>) -> tensor<2xi32> {
  %a = slice.window %x offsets [7] sizes [4] strides [-2] : tensor<8xi32> -> tensor<4xi32>
  %b = slice.window %a offsets [1] sizes [2] strides [-1] : tensor<4xi32> -> tensor<2xi32>
  func.return %b : tensor<2xi32>
}

// -----

// Rows 1..2 and columns 4, 2, 0; then row 1 and columns 2, 1 of that: x[2, 0], x[2, 2].
// The size-1 row gets stride 1 (normal form).
// CHECK-LABEL: func @fold_mixed_strides_2d(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [2, 0] sizes [1, 2] strides [1, 2] : tensor<4x5xf32> -> tensor<1x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x2xf32>
func.func @fold_mixed_strides_2d(%x: tensor<4x5xf32>) -> tensor<1x2xf32> {
  %a = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
  %b = slice.window %a offsets [1, 2] sizes [1, 2] strides [1, -1] : tensor<2x3xf32> -> tensor<1x2xf32>
  func.return %b : tensor<1x2xf32>
}

// -----

// The inner window drops the unit row (shrink), the outer one inserts a unit dim.
// CHECK-LABEL: func @fold_shrink_then_insert_unit_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [1, 4] sizes [1, 3] strides [1, -2] : tensor<4x6xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
func.func @fold_shrink_then_insert_unit_dim(%x: tensor<4x6xf32>) -> tensor<1x3xf32> {
  %a = slice.window %x offsets [1, 0] sizes [1, 6] strides [1, 1] : tensor<4x6xf32> -> tensor<6xf32>
  %b = slice.window %a offsets [4] sizes [3] strides [-2] : tensor<6xf32> -> tensor<1x3xf32>
  func.return %b : tensor<1x3xf32>
}

// -----

// The inner window inserts a unit dim (a full window that stays on its own), the outer
// one removes it again.
// CHECK-LABEL: func @fold_insert_then_remove_unit_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [2] strides [3] : tensor<6xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @fold_insert_then_remove_unit_dim(%x: tensor<6xf32>) -> tensor<2xf32> {
  %a = slice.window %x offsets [0] sizes [6] strides [1] : tensor<6xf32> -> tensor<1x6xf32>
  %b = slice.window %a offsets [0, 1] sizes [1, 2] strides [1, 3] : tensor<1x6xf32> -> tensor<2xf32>
  func.return %b : tensor<2xf32>
}

// -----

// Inserting a unit dim and removing it with two full windows composes to the identity.
// CHECK-LABEL: func @fold_unit_dim_round_trip_to_identity(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NEXT:      func.return %[[X]] : tensor<6xf32>
func.func @fold_unit_dim_round_trip_to_identity(%x: tensor<6xf32>) -> tensor<6xf32> {
  %a = slice.window %x offsets [0] sizes [6] strides [1] : tensor<6xf32> -> tensor<1x6xf32>
  %b = slice.window %a offsets [0, 0] sizes [1, 6] strides [1, 1] : tensor<1x6xf32> -> tensor<6xf32>
  func.return %b : tensor<6xf32>
}

// -----

// x[1:9], then [7::-2] of that (x[8], x[6], x[4], x[2]), then [1::2] of that: x[6], x[2].
// CHECK-LABEL: func @fold_chain_of_three(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf64>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [6] sizes [2] strides [-4] : tensor<10xf64> -> tensor<2xf64>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf64>
func.func @fold_chain_of_three(%x: tensor<10xf64>) -> tensor<2xf64> {
  %a = slice.window %x offsets [1] sizes [8] strides [1] : tensor<10xf64> -> tensor<8xf64>
  %b = slice.window %a offsets [7] sizes [4] strides [-2] : tensor<8xf64> -> tensor<4xf64>
  %c = slice.window %b offsets [1] sizes [2] strides [2] : tensor<4xf64> -> tensor<2xf64>
  func.return %c : tensor<2xf64>
}

// -----

// Reversing the rows twice is the identity.
// CHECK-LABEL: func @fold_reverse_of_reverse_to_identity(
// CHECK-SAME:      %[[X:.+]]: tensor<4x3xf32>)
// CHECK-NEXT:      func.return %[[X]] : tensor<4x3xf32>
func.func @fold_reverse_of_reverse_to_identity(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %a = slice.window %x offsets [3, 0] sizes [4, 3] strides [-1, 1] : tensor<4x3xf32> -> tensor<4x3xf32>
  %b = slice.window %a offsets [3, 0] sizes [4, 3] strides [-1, 1] : tensor<4x3xf32> -> tensor<4x3xf32>
  func.return %b : tensor<4x3xf32>
}

// -----

// An empty window of a window is an empty window of the source (offset 0, stride 1).
// CHECK-LABEL: func @fold_empty_outer(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<8xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @fold_empty_outer(%x: tensor<8xf32>) -> tensor<0xf32> {
  %a = slice.window %x offsets [5] sizes [4] strides [-1] : tensor<8xf32> -> tensor<4xf32>
  %b = slice.window %a offsets [0] sizes [0] strides [1] : tensor<4xf32> -> tensor<0xf32>
  func.return %b : tensor<0xf32>
}

// -----

// The outer window is empty along the inner window's size-1 row: one empty window of the
// source, offsets [0, 0] sizes [0, 6] strides [1, 1] (a 0x6 result needs no inserted or
// removed unit dim).
// CHECK-LABEL: func @fold_empty_outer_along_unit_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [0, 6] strides [1, 1] : tensor<4x6xf32> -> tensor<0x6xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0x6xf32>
func.func @fold_empty_outer_along_unit_dim(%x: tensor<4x6xf32>) -> tensor<0x6xf32> {
  %a = slice.window %x offsets [1, 0] sizes [1, 6] strides [1, 1] : tensor<4x6xf32> -> tensor<1x6xf32>
  %b = slice.window %a offsets [0, 0] sizes [0, 6] strides [1, 1] : tensor<1x6xf32> -> tensor<0x6xf32>
  func.return %b : tensor<0x6xf32>
}

// -----

// The same along a middle size-1 dim: rows 1..2, no element of column 2, all of the last
// dim.
// CHECK-LABEL: func @fold_empty_outer_along_middle_unit_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [2, 0, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<2x0x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x0x5xf32>
func.func @fold_empty_outer_along_middle_unit_dim(%x: tensor<3x4x5xf32>) -> tensor<2x0x5xf32> {
  %a = slice.window %x offsets [0, 2, 0] sizes [3, 1, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<3x1x5xf32>
  %b = slice.window %a offsets [1, 0, 0] sizes [2, 0, 5] strides [1, 1, 1] : tensor<3x1x5xf32> -> tensor<2x0x5xf32>
  func.return %b : tensor<2x0x5xf32>
}

// -----

// An empty selection along a unit dim the inner window inserted: a window of x (rank 1)
// cannot give a 0x6 result, so both windows stay.
// CHECK-LABEL: func @empty_outer_along_inserted_unit_dim_stays(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [0] sizes [6] strides [1] : tensor<6xf32> -> tensor<1x6xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[A]] offsets [0, 0] sizes [0, 6] strides [1, 1] : tensor<1x6xf32> -> tensor<0x6xf32>
// CHECK-NEXT:      func.return %[[B]] : tensor<0x6xf32>
func.func @empty_outer_along_inserted_unit_dim_stays(%x: tensor<6xf32>) -> tensor<0x6xf32> {
  %a = slice.window %x offsets [0] sizes [6] strides [1] : tensor<6xf32> -> tensor<1x6xf32>
  %b = slice.window %a offsets [0, 0] sizes [0, 6] strides [1, 1] : tensor<1x6xf32> -> tensor<0x6xf32>
  func.return %b : tensor<0x6xf32>
}

// -----

// A rank-0 intermediate: x[3] as a scalar, then two unit dims inserted.
// CHECK-LABEL: func @fold_rank0_intermediate(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [1] strides [1] : tensor<5xf32> -> tensor<1x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1xf32>
func.func @fold_rank0_intermediate(%x: tensor<5xf32>) -> tensor<1x1xf32> {
  %a = slice.window %x offsets [3] sizes [1] strides [1] : tensor<5xf32> -> tensor<f32>
  %b = slice.window %a offsets [] sizes [] strides [] : tensor<f32> -> tensor<1x1xf32>
  func.return %b : tensor<1x1xf32>
}

// -----

// The inner window has another use: it stays, and the outer window reads the source.
// CHECK-LABEL: func @fold_inner_with_other_uses(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[X]] offsets [3] sizes [2] strides [2] : tensor<8xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[A]], %[[B]] : tensor<4xf32>, tensor<2xf32>
func.func @fold_inner_with_other_uses(%x: tensor<8xf32>) -> (tensor<4xf32>, tensor<2xf32>) {
  %a = slice.window %x offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  %b = slice.window %a offsets [1] sizes [2] strides [2] : tensor<4xf32> -> tensor<2xf32>
  func.return %a, %b : tensor<4xf32>, tensor<2xf32>
}

// -----

// The whole source in the same type: the function returns its argument.
// CHECK-LABEL: func @identity_window(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT:      func.return %[[X]] : tensor<2x3xf32>
func.func @identity_window(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = slice.window %x offsets [0, 0] sizes [2, 3] strides [1, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// A rank-0 window of a rank-0 source is the identity too.
// CHECK-LABEL: func @identity_window_rank0(
// CHECK-SAME:      %[[X:.+]]: tensor<i8>)
// CHECK-NEXT:      func.return %[[X]] : tensor<i8>
func.func @identity_window_rank0(%x: tensor<i8>) -> tensor<i8> {
  %0 = slice.window %x offsets [] sizes [] strides [] : tensor<i8> -> tensor<i8>
  func.return %0 : tensor<i8>
}

// -----

// A full window that only drops a unit dim is a reshape: it stays.
// CHECK-LABEL: func @full_window_dropping_unit_dim_stays(
// CHECK-SAME:      %[[X:.+]]: tensor<1x3xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0, 0] sizes [1, 3] strides [1, 1] : tensor<1x3xf32> -> tensor<3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xf32>
func.func @full_window_dropping_unit_dim_stays(%x: tensor<1x3xf32>) -> tensor<3xf32> {
  %0 = slice.window %x offsets [0, 0] sizes [1, 3] strides [1, 1] : tensor<1x3xf32> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// A full window that only inserts a unit dim stays as well.
// CHECK-LABEL: func @full_window_inserting_unit_dim_stays(
// CHECK-SAME:      %[[X:.+]]: tensor<3xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [3] strides [1] : tensor<3xf32> -> tensor<3x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x1xf32>
func.func @full_window_inserting_unit_dim_stays(%x: tensor<3xf32>) -> tensor<3x1xf32> {
  %0 = slice.window %x offsets [0] sizes [3] strides [1] : tensor<3xf32> -> tensor<3x1xf32>
  func.return %0 : tensor<3x1xf32>
}

// -----

// ONNX x[1:7], then TensorFlow [::2, ::-1] of that, then a DirectML window (rows 0, 2;
// columns 4, 1): rows 1, 5 and columns 1, 4 of x, as ONE window; every constant goes.
// CHECK-LABEL: func @mixed_chain_onnx_tf_dml(
// CHECK-SAME:      %[[X:.+]]: tensor<8x6xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [1, 1] sizes [2, 2] strides [4, 3] : tensor<8x6xf32> -> tensor<2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xf32>
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.onnx
// CHECK-NOT:       slice.tf_strided_slice
// CHECK-NOT:       slice.dml_slice1
func.func @mixed_chain_onnx_tf_dml(%x: tensor<8x6xf32>) -> tensor<2x2xf32> {
  %starts = arith.constant dense<[1]> : tensor<1xi64>
  %ends = arith.constant dense<[7]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes : tensor<8x6xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<6x6xf32>
  %begin = arith.constant dense<[0, -1]> : tensor<2xi64>
  %end = arith.constant dense<[0, 0]> : tensor<2xi64>
  %strides = arith.constant dense<[2, -1]> : tensor<2xi64>
  %1 = slice.tf_strided_slice %0 begin %begin end %end strides %strides {begin_mask = 1 : i64, end_mask = 3 : i64} : tensor<6x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<3x6xf32>
  %2 = slice.dml_slice1 %1 window_offsets [0, 1] window_sizes [3, 4] window_strides [2, -3] : tensor<3x6xf32> -> tensor<2x2xf32>
  func.return %2 : tensor<2x2xf32>
}

// -----

// TensorFlow x[2] (shrink), OpenVINO Slice-8 [-1::-2] of that, OpenVINO StridedSlice
// [None, :] of that: row 2, columns 4, 2, 0 of x with a leading unit dim, as ONE window.
// CHECK-LABEL: func @mixed_chain_with_rank_changes(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [2, 4] sizes [1, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x3xf32>
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
// CHECK-NOT:       slice.ov_slice
// CHECK-NOT:       slice.ov_strided_slice
func.func @mixed_chain_with_rank_changes(%x: tensor<4x5xf32>) -> tensor<1x3xf32> {
  %begin = arith.constant dense<2> : tensor<1xi64>
  %end = arith.constant dense<0> : tensor<1xi64>
  %strides = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {shrink_axis_mask = 1 : i64} : tensor<4x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<5xf32>
  %start = arith.constant dense<-1> : tensor<1xi32>
  %stop = arith.constant dense<-2147483648> : tensor<1xi32>
  %step = arith.constant dense<-2> : tensor<1xi32>
  %1 = slice.ov_slice %0 start %start stop %stop step %step : tensor<5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<3xf32>
  %zeros = arith.constant dense<0> : tensor<2xi64>
  %2 = slice.ov_strided_slice %1 begin %zeros end %zeros {begin_mask = array<i64: 0, 1>, end_mask = array<i64: 0, 1>, new_axis_mask = array<i64: 1, 0>} : tensor<3xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
  func.return %2 : tensor<1x3xf32>
}

// -----

// Ops of other dialects stay exactly as they were, and a window is not folded into
// tensor.extract_slice or through a loop's iteration argument; only the DirectML slice
// after the loop becomes a window.
// CHECK-LABEL: func @other_dialects_untouched(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[Y:.+]]: tensor<8xf32>, %[[O:.+]]: index, %[[LB:.+]]: index, %[[UB:.+]]: index, %[[ST:.+]]: index)
// CHECK-NEXT:      %[[A:.+]] = arith.addf %[[X]], %[[Y]] : tensor<8xf32>
// CHECK-NEXT:      %[[C:.+]] = tensor.extract_slice %[[A]][%[[O]]] [4] [1] : tensor<8xf32> to tensor<4xf32>
// CHECK-NEXT:      %[[D:.+]] = func.call @g(%[[C]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      %[[L:.+]] = scf.for %[[I:.+]] = %[[LB]] to %[[UB]] step %[[ST]] iter_args(%[[ACC:.+]] = %[[D]]) -> (tensor<4xf32>) {
// CHECK-NEXT:        %[[W:.+]] = slice.window %[[ACC]] offsets [3] sizes [4] strides [-1] : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT:        scf.yield %[[W]] : tensor<4xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[L]] offsets [1] sizes [2] strides [2] : tensor<4xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func private @g(tensor<4xf32>) -> tensor<4xf32>
func.func @other_dialects_untouched(%x: tensor<8xf32>, %y: tensor<8xf32>, %o: index, %lb: index, %ub: index, %st: index) -> tensor<2xf32> {
  %a = arith.addf %x, %y : tensor<8xf32>
  %c = tensor.extract_slice %a[%o] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %d = func.call @g(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %d) -> (tensor<4xf32>) {
    %w = slice.window %acc offsets [3] sizes [4] strides [-1] : tensor<4xf32> -> tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %z = slice.dml_slice1 %r window_offsets [1] window_sizes [3] window_strides [2] : tensor<4xf32> -> tensor<2xf32>
  func.return %z : tensor<2xf32>
}

// -----

// The op's result type has a `?` dim: the window gets the static type and a tensor.cast
// gives the function the type it expects.
// CHECK-LABEL: func @dynamic_result_gets_cast(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:      %[[W:.+]] = slice.window %[[X]] offsets [0, 1] sizes [1, 3] strides [1, 1] : tensor<2x4xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      %[[R:.+]] = tensor.cast %[[W]] : tensor<1x3xf32> to tensor<?x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x3xf32>
// CHECK-NOT:       slice.onnx_v1
func.func @dynamic_result_gets_cast(%x: tensor<2x4xf32>) -> tensor<?x3xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}

// -----

// The same with a shrink axis: foo[2, :] typed tensor<?xf32>.
// CHECK-LABEL: func @dynamic_result_after_shrink_gets_cast(
// CHECK-SAME:      %[[X:.+]]: tensor<5x6xf32>)
// CHECK-NEXT:      %[[W:.+]] = slice.window %[[X]] offsets [2, 0] sizes [1, 6] strides [1, 1] : tensor<5x6xf32> -> tensor<6xf32>
// CHECK-NEXT:      %[[R:.+]] = tensor.cast %[[W]] : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?xf32>
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.tf_strided_slice
func.func @dynamic_result_after_shrink_gets_cast(%x: tensor<5x6xf32>) -> tensor<?xf32> {
  %begin = arith.constant dense<[2, 0]> : tensor<2xi64>
  %end = arith.constant dense<[3, 0]> : tensor<2xi64>
  %strides = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 1 : i64} : tensor<5x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

// A slice that selects everything but whose result type has a `?` dim: the identity
// window goes and only the tensor.cast of the argument is left.
// CHECK-LABEL: func @identity_with_dynamic_result_becomes_cast(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:      %[[R:.+]] = tensor.cast %[[X]] : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x4xf32>
func.func @identity_with_dynamic_result_becomes_cast(%x: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = slice.onnx_v1 %x starts [0] ends [9223372036854775807] : tensor<2x4xf32> -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// -----

// An empty slice has one normal form (semantics.empty_window): offsets 0, strides 1 and
// the result's shape as sizes where it fits the source. x[2:3, :, 0:0] and
// x[:, :, 0:0][2:3] select nothing through different windows and print alike.
// CHECK-LABEL: func @empty_slice_row_first(
// CHECK-SAME:      %[[X:.+]]: tensor<3x1x2xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [1, 1, 0] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<1x1x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1x0xf32>
func.func @empty_slice_row_first(%x: tensor<3x1x2xf32>) -> tensor<1x1x0xf32> {
  %a = slice.onnx_v1 %x starts [2] ends [3] axes [0] : tensor<3x1x2xf32> -> tensor<1x1x2xf32>
  %b = slice.onnx_v1 %a starts [0] ends [0] axes [2] : tensor<1x1x2xf32> -> tensor<1x1x0xf32>
  func.return %b : tensor<1x1x0xf32>
}

// CHECK-LABEL: func @empty_slice_row_last(
// CHECK-SAME:      %[[X:.+]]: tensor<3x1x2xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [1, 1, 0] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<1x1x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1x0xf32>
func.func @empty_slice_row_last(%x: tensor<3x1x2xf32>) -> tensor<1x1x0xf32> {
  %a = slice.onnx_v1 %x starts [0] ends [0] axes [2] : tensor<3x1x2xf32> -> tensor<3x1x0xf32>
  %b = slice.onnx_v1 %a starts [2] ends [3] axes [0] : tensor<3x1x0xf32> -> tensor<1x1x0xf32>
  func.return %b : tensor<1x1x0xf32>
}

// -----

// The same empty slice written as two windows with its unit dims in different places.
// Where the result does not have the source's rank, its non-unit dims go to the first
// source dims that hold them.
// CHECK-LABEL: func @empty_windows_spelled_two_ways(
// CHECK-SAME:      %[[X:.+]]: tensor<3x1x2xf32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [1, 0, 2] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<1x0x2xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [1, 0, 2] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<1x0x2xf32>
// CHECK-NEXT:      %[[C:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [0, 1, 2] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<0x2xf32>
// CHECK-NEXT:      func.return %[[A]], %[[B]], %[[C]]
func.func @empty_windows_spelled_two_ways(%x: tensor<3x1x2xf32>) -> (tensor<1x0x2xf32>, tensor<1x0x2xf32>, tensor<0x2xf32>) {
  %a = slice.window %x offsets [2, 0, 0] sizes [1, 0, 2] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<1x0x2xf32>
  %b = slice.window %x offsets [0, 0, 0] sizes [0, 1, 2] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<1x0x2xf32>
  %c = slice.window %x offsets [2, 0, 0] sizes [1, 0, 2] strides [1, 1, 1] : tensor<3x1x2xf32> -> tensor<0x2xf32>
  func.return %a, %b, %c : tensor<1x0x2xf32>, tensor<1x0x2xf32>, tensor<0x2xf32>
}

// -----

// An empty result that no single window of the source gives (two non-unit dims from a
// rank-1 source; one from rank 0) keeps two windows, in their normal form
// (semantics.empty_chain): the first gives the result's shape with its 0s made 1s from
// offset 0 at stride 1, the second is the empty window of that. x[newaxis, :][0:0] and
// x[newaxis, ::-1][0:0] print alike.
// CHECK-LABEL: func @empty_chain_forward(
// CHECK-SAME:      %[[X:.+]]: tensor<3xf32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [0] sizes [3] strides [1] : tensor<3xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[A]] offsets [0, 0] sizes [0, 3] strides [1, 1] : tensor<1x3xf32> -> tensor<0x3xf32>
// CHECK-NEXT:      func.return %[[B]] : tensor<0x3xf32>
func.func @empty_chain_forward(%x: tensor<3xf32>) -> tensor<0x3xf32> {
  %a = slice.window %x offsets [0] sizes [3] strides [1] : tensor<3xf32> -> tensor<1x3xf32>
  %b = slice.window %a offsets [0, 0] sizes [0, 3] strides [1, 1] : tensor<1x3xf32> -> tensor<0x3xf32>
  func.return %b : tensor<0x3xf32>
}

// CHECK-LABEL: func @empty_chain_reversed(
// CHECK-SAME:      %[[X:.+]]: tensor<3xf32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [0] sizes [3] strides [1] : tensor<3xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[A]] offsets [0, 0] sizes [0, 3] strides [1, 1] : tensor<1x3xf32> -> tensor<0x3xf32>
// CHECK-NEXT:      func.return %[[B]] : tensor<0x3xf32>
func.func @empty_chain_reversed(%x: tensor<3xf32>) -> tensor<0x3xf32> {
  %a = slice.window %x offsets [2] sizes [3] strides [-1] : tensor<3xf32> -> tensor<1x3xf32>
  %b = slice.window %a offsets [0, 0] sizes [0, 3] strides [1, 1] : tensor<1x3xf32> -> tensor<0x3xf32>
  func.return %b : tensor<0x3xf32>
}

// CHECK-LABEL: func @empty_chain_of_rank_0(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [] sizes [] strides [] : tensor<f32> -> tensor<1xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[A]] offsets [0] sizes [0] strides [1] : tensor<1xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[B]] : tensor<0xf32>
func.func @empty_chain_of_rank_0(%x: tensor<f32>) -> tensor<0xf32> {
  %a = slice.window %x offsets [] sizes [] strides [] : tensor<f32> -> tensor<1x1xf32>
  %b = slice.window %a offsets [0, 0] sizes [0, 1] strides [1, 1] : tensor<1x1xf32> -> tensor<0xf32>
  func.return %b : tensor<0xf32>
}

