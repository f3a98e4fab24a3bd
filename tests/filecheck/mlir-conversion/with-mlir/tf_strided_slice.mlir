// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.tf_strided_slice (TensorFlow StridedSlice): x[tf.newaxis, ::-2, 1] of a
// 5x3 iota (a new axis, a reversal by 2, a shrink axis).

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[0, 1] [3, 1] [2, 1] : tensor<5x3xi16> to tensor<3x1xi16>
// UPSTREAM-NOT: slice.
// UPSTREAM: linalg.generic
// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.collapse_shape
// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.expand_shape
// UPSTREAM-NOT: slice.

// EXEC: sizes = [1, 3]
// EXEC-NEXT: {{\[\[}}13, 7, 1]]

func.func @slice(%x: tensor<5x3xi16>) -> tensor<1x3xi16> {
  %b = arith.constant dense<[0, 0, 1]> : tensor<3xi64>
  %e = arith.constant dense<[0, 0, 2]> : tensor<3xi64>
  %s = arith.constant dense<[1, -2, 1]> : tensor<3xi64>
  %r = slice.tf_strided_slice %x begin %b end %e strides %s {begin_mask = 2 : i64, end_mask = 2 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 4 : i64} : tensor<5x3xi16>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<1x3xi16>
  func.return %r : tensor<1x3xi16>
}

func.func private @printMemrefI16(tensor<*xi16>) attributes {llvm.emit_c_interface}

func.func @main() {
  %x = arith.constant dense<[[ 0,  1,  2],
 [ 3,  4,  5],
 [ 6,  7,  8],
 [ 9, 10, 11],
 [12, 13, 14]]> : tensor<5x3xi16>
  %r = func.call @slice(%x) : (tensor<5x3xi16>) -> tensor<1x3xi16>
  %u = tensor.cast %r : tensor<1x3xi16> to tensor<*xi16>
  func.call @printMemrefI16(%u) : (tensor<*xi16>) -> ()
  func.return
}
