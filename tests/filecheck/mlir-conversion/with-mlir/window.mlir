// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt %s -p canonicalize-slices,convert-slice-to-tensor | %mlir_lower | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.window: rows 1..2, columns 4, 2, 0 of a 4x5 iota, with a unit dim
// inserted; upstream gets a positive-stride extract_slice, a linalg.generic reversal
// and an expand_shape.

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[1, 0] [2, 3] [1, 2] : tensor<4x5xf32> to tensor<2x3xf32>
// UPSTREAM-NOT: slice.
// UPSTREAM: linalg.generic
// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.expand_shape
// UPSTREAM-NOT: slice.

// EXEC: sizes = [2, 1, 3]
// EXEC-NEXT: {{\[\[\[}}9, 7, 5]],
// EXEC-NEXT: {{\[\[}}14, 12, 10]]]

func.func @slice(%x: tensor<4x5xf32>) -> tensor<2x1x3xf32> {
  %r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x1x3xf32>
  func.return %r : tensor<2x1x3xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0],
 [5.0, 6.0, 7.0, 8.0, 9.0],
 [10.0, 11.0, 12.0, 13.0, 14.0],
 [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %r = func.call @slice(%x) : (tensor<4x5xf32>) -> tensor<2x1x3xf32>
  %u = tensor.cast %r : tensor<2x1x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}
