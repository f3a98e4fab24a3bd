// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=onnx_v1}' | filecheck %s --check-prefix=V1
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=onnx_v1},canonicalize-slices' | filecheck %s --check-prefix=BACK
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=dml_slice1}' | filecheck %s --check-prefix=DML
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=dml_slice1},canonicalize-slices' | filecheck %s --check-prefix=BACK

// ONNX Slice-1 takes its parameters as properties (stride 1 only); DirectML's window is
// the smallest one holding the elements, and a negative stride reads it from its end.

// V1-LABEL:   func.func @crop(
// V1-NEXT:      %[[R:.+]] = slice.onnx_v1 %x starts [1, 2] ends [3, 9223372036854775807] : tensor<4x6xf32> -> tensor<2x4xf32>
// DML-LABEL:  func.func @crop(
// DML-NEXT:     slice.dml_slice1 %x window_offsets [1, 2] window_sizes [2, 4] window_strides [1, 1] : tensor<4x6xf32> -> tensor<2x4xf32>
// BACK-LABEL: func.func @crop(
// BACK-NEXT:    slice.window %x offsets [1, 2] sizes [2, 4] strides [1, 1] : tensor<4x6xf32> -> tensor<2x4xf32>
func.func @crop(%x: tensor<4x6xf32>) -> tensor<2x4xf32> {
  %r = slice.window %x offsets [1, 2] sizes [2, 4] strides [1, 1] : tensor<4x6xf32> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// -----

// A cut of the last axis only: ONNX-1 names it.
// V1-LABEL:   func.func @last_axis(
// V1-NEXT:      slice.onnx_v1 %x starts [3] ends [5] axes [2] : tensor<2x3x8xi8> -> tensor<2x3x2xi8>
// DML-LABEL:  func.func @last_axis(
// DML-NEXT:     slice.dml_slice1 %x window_offsets [0, 0, 3] window_sizes [2, 3, 2] window_strides [1, 1, 1] : tensor<2x3x8xi8> -> tensor<2x3x2xi8>
// BACK-LABEL: func.func @last_axis(
// BACK-NEXT:    slice.window %x offsets [0, 0, 3] sizes [2, 3, 2] strides [1, 1, 1] : tensor<2x3x8xi8> -> tensor<2x3x2xi8>
func.func @last_axis(%x: tensor<2x3x8xi8>) -> tensor<2x3x2xi8> {
  %r = slice.window %x offsets [0, 0, 3] sizes [2, 3, 2] strides [1, 1, 1] : tensor<2x3x8xi8> -> tensor<2x3x2xi8>
  func.return %r : tensor<2x3x2xi8>
}
