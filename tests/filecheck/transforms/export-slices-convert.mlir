// RUN: slice-opt %s --split-input-file -p 'canonicalize-slices,export-slices{framework=onnx}' | filecheck %s --check-prefix=ONNX
// RUN: slice-opt %s --split-input-file -p 'canonicalize-slices,export-slices{framework=tf_strided_slice}' | filecheck %s --check-prefix=TF
// RUN: slice-opt %s --split-input-file -p 'canonicalize-slices,export-slices{framework=dml_slice1}' | filecheck %s --check-prefix=DML
// RUN: slice-opt %s --split-input-file -p 'canonicalize-slices,export-slices{framework=onnx},canonicalize-slices' | filecheck %s --check-prefix=BACK
// RUN: slice-opt %s --split-input-file -p 'canonicalize-slices' | filecheck %s --check-prefix=BACK

// Converting one framework's slice to another's: canonicalize-slices computes the
// window with the first framework's semantics, export-slices writes it in the
// second's terms. The README shows the first case.

// TensorFlow x[1:, ::-1, tf.newaxis, 2] on a 4x5x6 tensor: begin_mask and end_mask say
// "from the start" and "to the end", the new axis and the shrink cancel out, so the
// ONNX Slice keeps the rank: INT64_MAX to the end, -1 / INT64_MIN for the reversal.
// ONNX-LABEL: func.func @tf_with_masks(
// ONNX-NEXT:    %[[S:.+]] = arith.constant dense<[1, -1, 2]> : tensor<3xi64>
// ONNX-NEXT:    %[[E:.+]] = arith.constant dense<[9223372036854775807, -9223372036854775808, 3]> : tensor<3xi64>
// ONNX-NEXT:    %[[ST:.+]] = arith.constant dense<[1, -1, 1]> : tensor<3xi64>
// ONNX-NEXT:    %[[R:.+]] = slice.onnx %x starts %[[S]] ends %[[E]] steps %[[ST]] : tensor<4x5x6xf32>, tensor<3xi64>, tensor<3xi64> steps tensor<3xi64> -> tensor<3x5x1xf32>
// ONNX-NEXT:    func.return %[[R]] : tensor<3x5x1xf32>
// TF-LABEL:   func.func @tf_with_masks(
// TF-NEXT:      arith.constant dense<[1, 0, 2]> : tensor<3xi64>
// TF-NEXT:      arith.constant dense<[0, 0, 3]> : tensor<3xi64>
// TF-NEXT:      arith.constant dense<[1, -1, 1]> : tensor<3xi64>
// TF-NEXT:      slice.tf_strided_slice %x {{.*}} {begin_mask = 2 : i64, end_mask = 3 : i64} :
// DML-LABEL:  func.func @tf_with_masks(
// DML-NEXT:     slice.dml_slice1 %x window_offsets [1, 0, 2] window_sizes [3, 5, 1] window_strides [1, -1, 1] : tensor<4x5x6xf32> -> tensor<3x5x1xf32>
// BACK-LABEL: func.func @tf_with_masks(
// BACK-NEXT:    slice.window %x offsets [1, 4, 2] sizes [3, 5, 1] strides [1, -1, 1] : tensor<4x5x6xf32> -> tensor<3x5x1xf32>
func.func @tf_with_masks(%x: tensor<4x5x6xf32>) -> tensor<3x5x1xf32> {
  %b = arith.constant dense<[1, 0, 0, 2]> : tensor<4xi64>
  %e = arith.constant dense<[0, 0, 0, 3]> : tensor<4xi64>
  %s = arith.constant dense<[1, -1, 1, 1]> : tensor<4xi64>
  %r = slice.tf_strided_slice %x begin %b end %e strides %s {begin_mask = 2 : i64, end_mask = 3 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 8 : i64} : tensor<4x5x6xf32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64> -> tensor<3x5x1xf32>
  func.return %r : tensor<3x5x1xf32>
}

// -----

// ONNX starts [-100] ends [-1000] steps [-1] on 7 elements: ONNX clamps a negative-step
// start below -dim to element 0 and reads it; the same numbers in TensorFlow would read
// nothing, so TensorFlow gets x[:1].
// ONNX-LABEL: func.func @onnx_start_below(
// ONNX-NEXT:    arith.constant dense<0> : tensor<1xi64>
// ONNX-NEXT:    arith.constant dense<1> : tensor<1xi64>
// ONNX-NEXT:    slice.onnx %x starts %{{.+}} ends %{{.+}} : tensor<7xi32>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi32>
// TF-LABEL:   func.func @onnx_start_below(
// TF-NEXT:      arith.constant dense<0> : tensor<1xi64>
// TF-NEXT:      arith.constant dense<1> : tensor<1xi64>
// TF-NEXT:      arith.constant dense<1> : tensor<1xi64>
// TF-NEXT:      slice.tf_strided_slice %x {{.*}} {begin_mask = 1 : i64} :
// DML-LABEL:  func.func @onnx_start_below(
// DML-NEXT:     slice.dml_slice1 %x window_offsets [0] window_sizes [1] window_strides [1] : tensor<7xi32> -> tensor<1xi32>
// BACK-LABEL: func.func @onnx_start_below(
// BACK-NEXT:    slice.window %x offsets [0] sizes [1] strides [1] : tensor<7xi32> -> tensor<1xi32>
func.func @onnx_start_below(%x: tensor<7xi32>) -> tensor<1xi32> {
  %s = arith.constant dense<-100> : tensor<1xi64>
  %e = arith.constant dense<-1000> : tensor<1xi64>
  %st = arith.constant dense<-1> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<7xi32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<1xi32>
  func.return %r : tensor<1xi32>
}
