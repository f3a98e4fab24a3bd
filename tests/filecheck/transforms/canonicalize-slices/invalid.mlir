// RUN: slice-opt %s -p canonicalize-slices --split-input-file --verify-diagnostics | filecheck %s
// RUN: not slice-opt %s -p canonicalize-slices --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST

// Constant parameters the verifier rejects: slice-opt reports the verifier's message,
// naming the op and the value at fault. With --verify-diagnostics every case's message
// is printed; without it, slice-opt reports each one (the first is FIRST) with a
// non-zero exit and no traceback. The exit status for a repeated axis and a shrink index is checked in
// invalid_repeated_axes.mlir and invalid_shrink_index.mlir.

// FIRST-NOT: Traceback
// FIRST: {{^}}error: {{.+}}invalid.mlir:20:3: slice.onnx: steps[0] = 0: a step must be non-zero
// FIRST-NOT: Traceback
// FIRST-NOT: builtin.module

// C32: a step of 0 (steps shares the starts constant).
// CHECK: {{^}}slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
func.func @onnx_step_zero(%x: tensor<5xf32>) -> tensor<5xf32> {
  %starts = arith.constant dense<0> : tensor<1xi64>
  %ends = arith.constant dense<5> : tensor<1xi64>
  %0 = slice.onnx %x starts %starts ends %ends steps %starts : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C32 for OpenVINO Slice-8, i32 indices.
// CHECK: {{^}}slice.ov_slice: step[0] = 0: a step must be non-zero{{$}}
func.func @ov_slice_step_zero(%x: tensor<5xf32>) -> tensor<5xf32> {
  %start = arith.constant dense<0> : tensor<1xi32>
  %stop = arith.constant dense<5> : tensor<1xi32>
  %0 = slice.ov_slice %x start %start stop %stop step %start : tensor<5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C53 (ZeroStrideFails).
// CHECK: {{^}}slice.tf_strided_slice: strides[0] = 0: a stride must be non-zero{{$}}
func.func @tf_stride_zero(%x: tensor<10x10xf32>) -> tensor<10x5xf32> {
  %begin = arith.constant dense<0> : tensor<2xi64>
  %end = arith.constant dense<10> : tensor<2xi64>
  %strides = arith.constant dense<[0, 2]> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<10x5xf32>
  func.return %0 : tensor<10x5xf32>
}

// -----

// C53 for OpenVINO StridedSlice.
// CHECK: {{^}}slice.ov_strided_slice: stride[0] = 0: a stride must be non-zero{{$}}
func.func @ov_ss_stride_zero(%x: tensor<10x10xf32>) -> tensor<10x5xf32> {
  %begin = arith.constant dense<0> : tensor<2xi64>
  %end = arith.constant dense<10> : tensor<2xi64>
  %stride = arith.constant dense<[0, 2]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end stride %stride {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<10x5xf32>
  func.return %0 : tensor<10x5xf32>
}

// -----

// A DirectML window stride of 0.
// CHECK: {{^}}slice.dml_slice1: window_strides[0] = 0: a stride must be non-zero{{$}}
func.func @dml_stride_zero(%x: tensor<5xf32>) -> tensor<1xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [0] : tensor<5xf32> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C40: axis 1 twice.
// CHECK: {{^}}slice.onnx_v1: axes[1] = 1 repeats axis 1 (already given by axes[0]){{$}}
func.func @onnx_v1_repeated_axes(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [4, 3] axes [1, 1] : tensor<4x4xf32> -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}

// -----

// C40 with the repeat spelled -1 (= 1 for rank 2).
// CHECK: {{^}}slice.onnx: axes[1] = -1 repeats axis 1 (already given by axes[0]){{$}}
func.func @onnx_repeated_axes(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  %starts = arith.constant dense<[0, 1]> : tensor<2xi64>
  %ends = arith.constant dense<[4, 3]> : tensor<2xi64>
  %axes = arith.constant dense<[1, -1]> : tensor<2xi64>
  %0 = slice.onnx %x starts %starts ends %ends axes %axes : tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}

// -----

// C40 for OpenVINO Slice-8, splat axes.
// CHECK: {{^}}slice.ov_slice: axes[1] = 1 repeats axis 1 (already given by axes[0]){{$}}
func.func @ov_slice_repeated_axes(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  %start = arith.constant dense<[0, 1]> : tensor<2xi64>
  %stop = arith.constant dense<[4, 3]> : tensor<2xi64>
  %step = arith.constant dense<1> : tensor<2xi64>
  %axes = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}

// -----

// C55 (ShrinkSliceOutOfBoundsFails): shrink index 7 on a dim of 4.
// CHECK: {{^}}slice.tf_strided_slice: begin[1] = 7 is out of range [-4, 3] for the shrink axis 1 of size 4{{$}}
func.func @tf_shrink_out_of_range(%x: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %begin = arith.constant dense<[0, 7, 0]> : tensor<3xi64>
  %end = arith.constant dense<[3, 7, 5]> : tensor<3xi64>
  %strides = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 2 : i64} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// C62: shrink index -6 on a dim of 5 (OpenVINO shape inference accepts it; SPEC: error).
// CHECK: {{^}}slice.ov_strided_slice: begin[0] = -6 is out of range [-5, 4] for the shrink axis 0 of size 5{{$}}
func.func @ov_ss_shrink_below(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<-6> : tensor<1xi64>
  %end = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0>, end_mask = array<i64: 0>, shrink_axis_mask = array<i64: 1>} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C63: shrink index 5 on a dim of 5, i32 indices.
// CHECK: {{^}}slice.ov_strided_slice: begin[0] = 5 is out of range [-5, 4] for the shrink axis 0 of size 5{{$}}
func.func @ov_ss_shrink_dim(%x: tensor<5xf32>) -> tensor<f32> {
  %begin = arith.constant dense<5> : tensor<1xi32>
  %end = arith.constant dense<6> : tensor<1xi32>
  %0 = slice.ov_strided_slice %x begin %begin end %end {begin_mask = array<i64: 0>, end_mask = array<i64: 0>, shrink_axis_mask = array<i64: 1>} : tensor<5xf32>, tensor<1xi32>, tensor<1xi32> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C110: no index can be shrunk out of an empty dim.
// CHECK: {{^}}slice.tf_strided_slice: begin[0] = 0 shrinks axis 0, which has size 0: no index is valid{{$}}
func.func @tf_shrink_empty_dim(%x: tensor<0xf32>) -> tensor<f32> {
  %begin = arith.constant dense<0> : tensor<1xi64>
  %end = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %end {shrink_axis_mask = 1 : i64} : tensor<0xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// C56 (ShrinkAxisNegativeStrideFails): TensorFlow needs a positive stride on a shrink
// entry.
// CHECK: {{^}}slice.tf_strided_slice: strides[1] = -1: a shrink axis needs a positive stride{{$}}
func.func @tf_shrink_negative_stride(%x: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %begin = arith.constant dense<[0, 1, 0]> : tensor<3xi64>
  %end = arith.constant dense<[3, 2, 5]> : tensor<3xi64>
  %strides = arith.constant dense<[1, -1, 1]> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 2 : i64} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// C59 (MultipleEllipsisFails).
// CHECK: {{^}}slice.tf_strided_slice: ellipsis_mask sets more than one ellipsis (entries 0 and 1){{$}}
func.func @tf_two_ellipses(%x: tensor<10x10xf32>) -> tensor<10x10xf32> {
  %z = arith.constant dense<0> : tensor<2xi64>
  %s = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %z end %z strides %s {ellipsis_mask = 3 : i64} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<10x10xf32>
  func.return %0 : tensor<10x10xf32>
}

// -----

// C59 for OpenVINO StridedSlice.
// CHECK: {{^}}slice.ov_strided_slice: ellipsis_mask sets more than one ellipsis (entries 0 and 1){{$}}
func.func @ov_ss_two_ellipses(%x: tensor<10x10xf32>) -> tensor<10x10xf32> {
  %z = arith.constant dense<0> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %z end %z {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, ellipsis_mask = array<i64: 1, 1>} : tensor<10x10xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<10x10xf32>
  func.return %0 : tensor<10x10xf32>
}

// -----

// C41: axis 2 of a rank-2 tensor.
// CHECK: {{^}}slice.onnx_v1: axes[0] = 2 is out of range [-2, 1] for rank 2{{$}}
func.func @onnx_axis_out_of_range(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = slice.onnx_v1 %x starts [0] ends [2] axes [2] : tensor<4x4xf32> -> tensor<4x4xf32>
  func.return %0 : tensor<4x4xf32>
}

// -----

// C123: the window [3, 6) leaves a dim of 5.
// CHECK: {{^}}slice.dml_slice1: window_offsets[0] + window_sizes[0] = 3 + 3 exceeds dimension 0 of size 5{{$}}
func.func @dml_window_out_of_bounds(%x: tensor<5xf32>) -> tensor<1xf32> {
  %0 = slice.dml_slice1 %x window_offsets [3] window_sizes [3] window_strides [1] : tensor<5xf32> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C124: 4 outputs from a window of 5 with stride 2 (at most 3).
// CHECK: {{^}}slice.dml_slice1: result dimension 0 has size 4 but the window allows 1 to 3 (1 + (window_sizes[0] - 1) / |window_strides[0]|){{$}}
func.func @dml_too_many_outputs(%x: tensor<5xf32>) -> tensor<4xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [2] : tensor<5xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// C122: an empty DirectML window.
// CHECK: {{^}}slice.dml_slice1: window_sizes[0] = 0: a window size must be at least 1{{$}}
func.func @dml_empty_window(%x: tensor<5xf32>) -> tensor<1xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0] window_sizes [0] window_strides [1] : tensor<5xf32> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C108: a mask value of 2.
// CHECK: {{^}}slice.ov_strided_slice: begin_mask[0] = 2: a mask value must be 0 or 1{{$}}
func.func @ov_mask_value(%x: tensor<2x3xf32>) -> tensor<1x1xf32> {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 2, 0>, end_mask = array<i64: 0, 0>} : tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x1xf32>
  func.return %0 : tensor<1x1xf32>
}

// -----

// C45: ONNX does not slice rank-0 data.
// CHECK: {{^}}slice.onnx_v1: data must have rank >= 1, got a rank-0 tensor{{$}}
func.func @onnx_rank0(%x: tensor<f32>) -> tensor<f32> {
  %0 = slice.onnx_v1 %x starts [] ends [] : tensor<f32> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// A result type that disagrees with the semantics (C02 gives 1x3).
// CHECK: {{^}}slice.onnx_v1: result type tensor<1x2xf32> does not match the shape [1, 3] the slice gives{{$}}
func.func @wrong_result_type(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// C49: more starts than dims.
// CHECK: {{^}}slice.onnx_v1: starts has 2 values but data has rank 1 (default axes are [0 .. 1]){{$}}
func.func @too_many_entries(%x: tensor<4xf32>) -> tensor<2xf32> {
  %0 = slice.onnx_v1 %x starts [0, 0] ends [2, 2] : tensor<4xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// A slice.window reading index -1.
// CHECK: {{^}}slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 2 + -1 * (4 - 1) is out of bounds for dimension 0 of size 8{{$}}
func.func @window_out_of_bounds(%x: tensor<8xf32>) -> tensor<4xf32> {
  %0 = slice.window %x offsets [2] sizes [4] strides [-1] : tensor<8xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
