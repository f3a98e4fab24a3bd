// RUN: slice-opt %s -p convert-tensor-to-slice | filecheck %s --check-prefix=RAISE
// RUN: slice-opt %s -p convert-slice-to-tensor | filecheck %s --check-prefix=LOWER
// RUN: slice-opt %s -p 'export-slices{framework=onnx}' | filecheck %s --check-prefix=ONNX

// The conversions between dialects (convert-tensor-to-slice, convert-slice-to-tensor,
// export-slices) erase nothing, as MLIR's dialect conversion: ops of other dialects
// stay whether used or not, and an unused slice is converted like a used one. Only
// canonicalize-slices and the lowering to loops erase dead ops.

func.func @main(%x: tensor<8xf32>) -> tensor<2xf32> {
  %c = arith.constant 7 : index
  %e = tensor.empty() : tensor<3xf32>
  %t = tensor.extract_slice %x[1] [3] [2] : tensor<8xf32> to tensor<3xf32>
  %u = slice.window %x offsets [1] sizes [2] strides [1] : tensor<8xf32> -> tensor<2xf32>
  %v = slice.window %x offsets [7] sizes [3] strides [-2] : tensor<8xf32> -> tensor<3xf32>
  func.return %u : tensor<2xf32>
}

// RAISE:      %c = arith.constant 7 : index
// RAISE-NEXT: %e = tensor.empty() : tensor<3xf32>
// RAISE-NEXT: %t = slice.window %x offsets [1] sizes [3] strides [2] : tensor<8xf32> -> tensor<3xf32>
// RAISE-NEXT: %u = slice.window %x offsets [1] sizes [2] strides [1]
// RAISE-NEXT: %v = slice.window %x offsets [7] sizes [3] strides [-2]
// RAISE-NEXT: func.return %u

// LOWER:      %c = arith.constant 7 : index
// LOWER-NEXT: %e = tensor.empty() : tensor<3xf32>
// LOWER-NEXT: %t = tensor.extract_slice %x[1] [3] [2]
// LOWER-NEXT: %u = tensor.extract_slice %x[1] [2] [1]
// LOWER:      linalg.generic
// LOWER:      func.return %u

// ONNX:      %c = arith.constant 7 : index
// ONNX-NEXT: %e = tensor.empty() : tensor<3xf32>
// ONNX-NEXT: %t = tensor.extract_slice %x[1] [3] [2]
// ONNX:      %u = slice.onnx %x starts
// ONNX:      %v = slice.onnx %x starts
// ONNX:      func.return %u
