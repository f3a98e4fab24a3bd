// RUN: slice-opt %s -p convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.dynamic_window with a run-time size and stride: exported, called once with a
// negative stride and once with a positive one (the run-time sign picks the reversal).

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice
// UPSTREAM: linalg.generic
// UPSTREAM: tensor.expand_shape
// UPSTREAM-NOT: slice.

// rows 3, 1 (stride -2), columns 4, 2, 0
// EXEC: sizes = [2, 1, 3]
// EXEC-NEXT: {{\[\[\[}}19, 17, 15]],
// EXEC-NEXT: {{\[\[}}9, 7, 5]]]
// rows 0, 1, 2 (stride 1), columns 4, 2, 0
// EXEC: sizes = [3, 1, 3]
// EXEC-NEXT: {{\[\[\[}}4, 2, 0]],
// EXEC-NEXT: {{\[\[}}9, 7, 5]],
// EXEC-NEXT: {{\[\[}}14, 12, 10]]]

func.func @slice(%x: tensor<?x5xf32>, %o: index, %n: index, %s: index) -> tensor<?x1x3xf32> {
  %r = slice.dynamic_window %x offsets [%o, 4] sizes [%n, 3] strides [%s, -2] : tensor<?x5xf32> -> tensor<?x1x3xf32>
  func.return %r : tensor<?x1x3xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %c = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0],
 [5.0, 6.0, 7.0, 8.0, 9.0],
 [10.0, 11.0, 12.0, 13.0, 14.0],
 [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %x = tensor.cast %c : tensor<4x5xf32> to tensor<?x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %cm2 = arith.constant -2 : index
  %r = func.call @slice(%x, %c3, %c2, %cm2) : (tensor<?x5xf32>, index, index, index) -> tensor<?x1x3xf32>
  %u = tensor.cast %r : tensor<?x1x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %q = func.call @slice(%x, %c0, %c3, %c1) : (tensor<?x5xf32>, index, index, index) -> tensor<?x1x3xf32>
  %v = tensor.cast %q : tensor<?x1x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  func.return
}
