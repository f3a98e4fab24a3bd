// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.ov_strided_slice (OpenVINO StridedSlice-1): x[1, :, 3::-2] of a 2x3x4 iota:
// a shrink axis, a masked whole dim, and an end_mask with a negative stride that runs
// through index 0.

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[1, 0, 1] [1, 3, 2] [1, 1, 2] : tensor<2x3x4xf64> to tensor<1x3x2xf64>
// UPSTREAM-NOT: slice.
// UPSTREAM: linalg.generic
// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.collapse_shape
// UPSTREAM-NOT: slice.

// EXEC: sizes = [3, 2]
// EXEC-NEXT: {{\[\[}}15, 13],
// EXEC-NEXT: [19, 17],
// EXEC-NEXT: [23, 21]]

func.func @slice(%x: tensor<2x3x4xf64>) -> tensor<3x2xf64> {
  %b = arith.constant dense<[1, 0, 3]> : tensor<3xi64>
  %e = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %s = arith.constant dense<[1, 1, -2]> : tensor<3xi64>
  %r = slice.ov_strided_slice %x begin %b end %e stride %s {begin_mask = array<i64: 0, 1, 0>, end_mask = array<i64: 0, 1, 1>, shrink_axis_mask = array<i64: 1, 0, 0>} : tensor<2x3x4xf64>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<3x2xf64>
  func.return %r : tensor<3x2xf64>
}

func.func private @printMemrefF64(tensor<*xf64>)

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0],
  [4.0, 5.0, 6.0, 7.0],
  [8.0, 9.0, 10.0, 11.0]],

 [[12.0, 13.0, 14.0, 15.0],
  [16.0, 17.0, 18.0, 19.0],
  [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf64>
  %r = func.call @slice(%x) : (tensor<2x3x4xf64>) -> tensor<3x2xf64>
  %u = tensor.cast %r : tensor<3x2xf64> to tensor<*xf64>
  func.call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  func.return
}
