// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.onnx_v1 (ONNX Slice-1): rows 0..1 (end -1), columns 1 to the end (end 1000
// clamps) of a 3x4 iota.

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[0, 1] [2, 3] [1, 1] : tensor<3x4xi32> to tensor<2x3xi32>
// UPSTREAM-NOT: slice.

// EXEC: sizes = [2, 3]
// EXEC-NEXT: {{\[\[}}1, 2, 3],
// EXEC-NEXT: [5, 6, 7]]

func.func @slice(%x: tensor<3x4xi32>) -> tensor<2x3xi32> {
  %r = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<3x4xi32> -> tensor<2x3xi32>
  func.return %r : tensor<2x3xi32>
}

func.func private @printMemrefI32(tensor<*xi32>)

func.func @main() {
  %x = arith.constant dense<[[ 0,  1,  2,  3],
 [ 4,  5,  6,  7],
 [ 8,  9, 10, 11]]> : tensor<3x4xi32>
  %r = func.call @slice(%x) : (tensor<3x4xi32>) -> tensor<2x3xi32>
  %u = tensor.cast %r : tensor<2x3xi32> to tensor<*xi32>
  func.call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  func.return
}
