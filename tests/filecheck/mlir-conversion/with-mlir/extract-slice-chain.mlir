// RUN: %mlir_opt %s -o %t.upstream.mlir
// RUN: slice-opt %t.upstream.mlir -p convert-tensor-to-slice,canonicalize-slices | filecheck %s
// RUN: %mlir_lower %s | %mlir_run | filecheck %s --check-prefix=EXEC
// RUN: slice-opt %t.upstream.mlir -p convert-tensor-to-slice,canonicalize-slices,convert-slice-to-tensor | %mlir_lower | %mlir_run | filecheck %s --check-prefix=EXEC

// A chain of upstream extract_slices, as upstream mlir-opt prints it, is raised by
// convert-tensor-to-slice and composed by canonicalize-slices into one window: rows 3
// down to 0 of a 4x5 iota, then row 1 of that (x[2]) and columns 0, 2, 4, reversed.
// Upstream runs the chain itself and, after convert-slice-to-tensor, the one window:
// both print the same.

// CHECK-LABEL: func.func @slice(
// CHECK-NEXT:      %{{.+}} = slice.window %{{.+}} offsets [2, 4] sizes [1, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<3xf32>
// CHECK-NOT:       tensor.extract_slice

// EXEC: sizes = [3]
// EXEC-NEXT: [14, 12, 10]

func.func @slice(%x: tensor<4x5xf32>) -> tensor<3xf32> {
  %a = tensor.extract_slice %x[3, 4] [4, 5] [-1, -1] : tensor<4x5xf32> to tensor<4x5xf32>
  %b = tensor.extract_slice %a[1, 0] [1, 3] [1, 2] : tensor<4x5xf32> to tensor<3xf32>
  func.return %b : tensor<3xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %r = func.call @slice(%x) : (tensor<4x5xf32>) -> tensor<3xf32>
  %u = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}
