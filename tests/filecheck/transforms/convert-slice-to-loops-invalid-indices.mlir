// RUN: not slice-opt %s -p convert-slice-to-loops 2>&1 | filecheck %s

// What MLIR's verifier refuses and xDSL's takes is named at the op written, as
// canonicalize-slices names it, not at the memref.load the lowering made of it.
// CHECK: error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.extract: incorrect number of indices: 0 for tensor<1xi64> of rank 1
func.func @indices(%s: tensor<1xi64>, %out: memref<1xi64>) {
  %v = tensor.extract %s[] : tensor<1xi64>
  %c0 = arith.constant 0 : index
  memref.store %v, %out[%c0] : memref<1xi64>
  func.return
}
