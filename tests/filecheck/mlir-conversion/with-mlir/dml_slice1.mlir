// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.dml_slice1 (DirectML DML_SLICE1): the window rows 0..3, columns 1..3 of
// a 1x1x4x4 iota, read with strides -2 and 2 (a negative stride starts at the window's
// end).

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[0, 0, 1, 1] [1, 1, 2, 2] [1, 1, 2, 2] : tensor<1x1x4x4xi64> to tensor<1x1x2x2xi64>
// UPSTREAM-NOT: slice.
// UPSTREAM: linalg.generic
// UPSTREAM-NOT: slice.

// EXEC: sizes = [1, 1, 2, 2]
// EXEC-NEXT: {{\[\[\[\[}}13, 15],
// EXEC-NEXT: [5, 7]]]]

func.func @slice(%x: tensor<1x1x4x4xi64>) -> tensor<1x1x2x2xi64> {
  %r = slice.dml_slice1 %x window_offsets [0, 0, 0, 1] window_sizes [1, 1, 4, 3] window_strides [1, 1, -2, 2] : tensor<1x1x4x4xi64> -> tensor<1x1x2x2xi64>
  func.return %r : tensor<1x1x2x2xi64>
}

func.func private @printMemrefI64(tensor<*xi64>)

func.func @main() {
  %x = arith.constant dense<[[[[ 0,  1,  2,  3],
   [ 4,  5,  6,  7],
   [ 8,  9, 10, 11],
   [12, 13, 14, 15]]]]> : tensor<1x1x4x4xi64>
  %r = func.call @slice(%x) : (tensor<1x1x4x4xi64>) -> tensor<1x1x2x2xi64>
  %u = tensor.cast %r : tensor<1x1x2x2xi64> to tensor<*xi64>
  func.call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  func.return
}
