// RUN: %mlir_opt %s -o %t.upstream.mlir
// RUN: filecheck %s --check-prefix=UPSTREAM < %t.upstream.mlir
// RUN: not slice-opt %t.upstream.mlir -p convert-tensor-to-slice 2>&1 | filecheck %s

// Upstream's verifier accepts this extract_slice, whose negative stride runs below
// index 0 (columns 1, -1, -3, -5); convert-tensor-to-slice proves every access in
// bounds and rejects it with the op's name and the value at fault.

// UPSTREAM: tensor.extract_slice %{{.+}}[0, 1] [4, 4] [1, -2] : tensor<4x4xf32> to tensor<4x4xf32>

// CHECK: error: {{.*}}tensor.extract_slice: last index offsets[1] + strides[1] * (sizes[1] - 1) = 1 + -2 * (4 - 1) is out of bounds for dimension 1 of size 4
// CHECK-NOT: Traceback

func.func @below_zero(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = tensor.extract_slice %x[0, 1] [4, 4] [1, -2] : tensor<4x4xf32> to tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}
