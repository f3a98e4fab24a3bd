// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=tf_strided_slice}' | filecheck %s --check-prefix=TF
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=ov_strided_slice}' | filecheck %s --check-prefix=OVSS
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=tf_strided_slice},canonicalize-slices' | filecheck %s --check-prefix=BACK
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=ov_strided_slice},canonicalize-slices' | filecheck %s --check-prefix=BACK

// The strided slices express windows that insert and remove unit dims: removed ones are
// shrink entries (begin = offset, end = offset + 1), inserted ones new-axis entries;
// trailing whole dims are left to the implicit ellipsis. A rank-0 source is allowed.

// TF-LABEL:   func.func @shrink_new(
// TF-NEXT:      arith.constant dense<[2, 0, 0]> : tensor<3xi64>
// TF-NEXT:      arith.constant dense<[3, 0, 0]> : tensor<3xi64>
// TF-NEXT:      arith.constant dense<1> : tensor<3xi64>
// TF-NEXT:      slice.tf_strided_slice %x {{.*}} {begin_mask = 2 : i64, end_mask = 2 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64} : {{.*}} -> tensor<4x1xf32>
// OVSS-LABEL: func.func @shrink_new(
// OVSS:         {begin_mask = array<i64: 0, 1, 0>, end_mask = array<i64: 0, 1, 0>, new_axis_mask = array<i64: 0, 0, 1>, shrink_axis_mask = array<i64: 1, 0, 0>}
// BACK-LABEL: func.func @shrink_new(
// BACK-NEXT:    slice.window %x offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<3x4xf32> -> tensor<4x1xf32>
// x[2, :, newaxis]: a removed unit dim is a shrink entry, an inserted one a new axis.
func.func @shrink_new(%x: tensor<3x4xf32>) -> tensor<4x1xf32> {
  %r = slice.window %x offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<3x4xf32> -> tensor<4x1xf32>
  func.return %r : tensor<4x1xf32>
}

// -----

// TF-LABEL:   func.func @scalar(
// TF-NEXT:      arith.constant dense<0> : tensor<2xi64>
// TF-NEXT:      arith.constant dense<0> : tensor<2xi64>
// TF-NEXT:      arith.constant dense<1> : tensor<2xi64>
// TF-NEXT:      slice.tf_strided_slice %x {{.*}} {new_axis_mask = 3 : i64} : tensor<f32>, {{.*}} -> tensor<1x1xf32>
// OVSS-LABEL: func.func @scalar(
// OVSS:         {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, new_axis_mask = array<i64: 1, 1>}
// BACK-LABEL: func.func @scalar(
// BACK-NEXT:    slice.window %x offsets [] sizes [] strides [] : tensor<f32> -> tensor<1x1xf32>
// A rank-0 source with two new axes.
func.func @scalar(%x: tensor<f32>) -> tensor<1x1xf32> {
  %r = slice.window %x offsets [] sizes [] strides [] : tensor<f32> -> tensor<1x1xf32>
  func.return %r : tensor<1x1xf32>
}

// -----

// TF-LABEL:   func.func @mixed(
// TF-NEXT:      arith.constant dense<[1, 0, 3]> : tensor<3xi64>
// TF-NEXT:      arith.constant dense<[0, 0, 4]> : tensor<3xi64>
// TF-NEXT:      arith.constant dense<[1, -2, 1]> : tensor<3xi64>
// TF-NEXT:      slice.tf_strided_slice %x {{.*}} {begin_mask = 2 : i64, end_mask = 3 : i64, shrink_axis_mask = 4 : i64} :
// OVSS-LABEL: func.func @mixed(
// OVSS:         {begin_mask = array<i64: 0, 1, 0>, end_mask = array<i64: 1, 1, 0>, shrink_axis_mask = array<i64: 0, 0, 1>}
// BACK-LABEL: func.func @mixed(
// BACK-NEXT:    slice.window %x offsets [1, 4, 3] sizes [1, 3, 1] strides [1, -2, 1] : tensor<2x5x4xi16> -> tensor<1x3xi16>
// x[1:, ::-2, 3]: a kept unit dim, a reversal through 0 and a shrink.
func.func @mixed(%x: tensor<2x5x4xi16>) -> tensor<1x3xi16> {
  %r = slice.window %x offsets [1, 4, 3] sizes [1, 3, 1] strides [1, -2, 1] : tensor<2x5x4xi16> -> tensor<1x3xi16>
  func.return %r : tensor<1x3xi16>
}
