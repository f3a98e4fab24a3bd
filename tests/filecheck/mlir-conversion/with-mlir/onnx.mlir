// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.onnx (ONNX Slice-13): row 1, and columns from -1 down to (not
// including) 0 in steps of -2, of a 2x4 iota.

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[1, 1] [1, 2] [1, 2] : tensor<2x4xf32> to tensor<1x2xf32>
// UPSTREAM-NOT: slice.
// UPSTREAM: linalg.generic
// UPSTREAM-NOT: slice.

// EXEC: sizes = [1, 2]
// EXEC-NEXT: {{\[\[}}7, 5]]

func.func @slice(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %e = arith.constant dense<[2, 0]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %st = arith.constant dense<[1, -2]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64> -> tensor<1x2xf32>
  func.return %r : tensor<1x2xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0],
 [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>
  %r = func.call @slice(%x) : (tensor<2x4xf32>) -> tensor<1x2xf32>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}
