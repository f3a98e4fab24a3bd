// RUN: slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-tensor -o %t
// RUN: filecheck %s --input-file %t
// RUN: filecheck %s --input-file %t --check-prefix=NONE

// convert-slice-to-tensor on what canonicalize-slices leaves of a framework op with
// run-time parameters or ? dims: the normalization's arith ops stay, each slice.check
// becomes a cf.assert of the same condition (upstream aborts where our kernels raise
// SliceError). The message is a fixed string upstream: values defined by an
// arith.constant are written in, run-time values are ?.

// NONE-NOT: {{(= |^ *)slice\.[a-z_0-9]+ }}

// ONNX Slice with run-time starts and ends and a static result dim: the rows the values
// select must be 2 (run time), the columns are 4 (constant).
// CHECK-LABEL: func.func @onnx_rows(
// CHECK:         %[[TWO:.+]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[OK:.+]] = arith.cmpi eq, %{{.+}}, %[[TWO]] : i64
// CHECK:         cf.assert %[[OK]], "slice.onnx: result type tensor<2x4xf32> does not match the shape [?, 4] the slice gives"
// CHECK:         tensor.extract_slice
func.func @onnx_rows(%x: tensor<3x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<2x4xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// -----

// A run-time step: non-zero, checked before anything divides by it.
// CHECK-LABEL: func.func @onnx_step(
// CHECK:         cf.assert %{{.+}}, "slice.onnx: steps[0] = 0: a step must be non-zero"
// CHECK:         tensor.extract_slice
func.func @onnx_step(%x: tensor<6xf32>, %st: tensor<1xi64>) -> tensor<?xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  %e = arith.constant dense<[6]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<6xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A run-time axis: its value is in the message only as ?.
// CHECK-LABEL: func.func @onnx_axis(
// CHECK:         cf.assert %{{.+}}, "slice.onnx: axes[0] = ? is out of range [-2, 1] for rank 2"
func.func @onnx_axis(%x: tensor<3x4xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %e = arith.constant dense<[3]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e axes %a : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A TensorFlow shrink axis on a ? dim: the index must lie in the dim.
// CHECK-LABEL: func.func @tf_shrink(
// CHECK:         cf.assert %{{.+}}, "slice.tf_strided_slice: begin[0] = 2 shrinks axis 0, which has size 0: no index is valid"
// CHECK:         cf.assert %{{.+}}, "slice.tf_strided_slice: begin[0] = 2 is out of range [?, ?] for the shrink axis 0 of size ?"
// CHECK:         tensor.extract_slice
func.func @tf_shrink(%x: tensor<?x4xf32>) -> tensor<4xf32> {
  %b = arith.constant dense<[2, 0]> : tensor<2xi64>
  %e = arith.constant dense<[3, 4]> : tensor<2xi64>
  %s = arith.constant dense<[1, 1]> : tensor<2xi64>
  %r = slice.tf_strided_slice %x begin %b end %e strides %s {shrink_axis_mask = 1 : i64} : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// slice.check written by hand: escaped braces stay braces, a constant is written in, a
// run-time value is ? (a field with a format spec is refused by the verifier).
// CHECK-LABEL: func.func @check(
// CHECK-SAME:      %[[C:.+]]: i1, %[[V:.+]]: i64)
// CHECK:         cf.assert %[[C]], "f: {braces} a = ?, b = 7, c = 7"
func.func @check(%c: i1, %v: i64) {
  %k = arith.constant 7 : i64
  slice.check %c, "f: {{braces}} a = {0}, b = {1}, c = {1}", %v, %k
  func.return
}

// -----

// A source with a static dim of size 0: upstream's verifier rejects every offset into
// it, so the (empty) dynamic window is a tensor.empty of its run-time sizes.
// CHECK-LABEL: func.func @empty_source(
// CHECK-NOT:     tensor.extract_slice
// CHECK:         %[[E:.+]] = tensor.empty(%{{.+}}) : tensor<?x0xf32>
// CHECK-NEXT:    func.return %[[E]] : tensor<?x0xf32>
func.func @empty_source(%x: tensor<4x0xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?x0xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<4x0xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x0xf32>
  func.return %r : tensor<?x0xf32>
}
