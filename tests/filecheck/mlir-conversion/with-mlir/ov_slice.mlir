// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir | %mlir_run | filecheck %s --check-prefix=EXEC

// slice.ov_slice (OpenVINO Slice-8): elements 8, 5, 2 of a 10-element iota
// (start 8, stop 1, step -3).

// UPSTREAM-NOT: slice.
// UPSTREAM: tensor.extract_slice %{{.+}}[2] [3] [3] : tensor<10xi64> to tensor<3xi64>
// UPSTREAM-NOT: slice.
// UPSTREAM: linalg.generic
// UPSTREAM-NOT: slice.

// EXEC: sizes = [3]
// EXEC-NEXT: [8, 5, 2]

func.func @slice(%x: tensor<10xi64>) -> tensor<3xi64> {
  %b = arith.constant dense<[8]> : tensor<1xi64>
  %e = arith.constant dense<[1]> : tensor<1xi64>
  %s = arith.constant dense<[-3]> : tensor<1xi64>
  %r = slice.ov_slice %x start %b stop %e step %s : tensor<10xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xi64>
  func.return %r : tensor<3xi64>
}

func.func private @printMemrefI64(tensor<*xi64>)

func.func @main() {
  %x = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xi64>
  %r = func.call @slice(%x) : (tensor<10xi64>) -> tensor<3xi64>
  %u = tensor.cast %r : tensor<3xi64> to tensor<*xi64>
  func.call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  func.return
}
