// RUN: slice-opt %s -p canonicalize-slices | slice-opt | filecheck %s

// A hexadecimal element of a float dense literal is the element's bits, as in MLIR (which
// prints NaNs so): folded NaN payloads survive being printed and read back (xDSL 0.74
// alone reads 0x7fc00000 as the float 2143289344.0).
// CHECK-LABEL: func.func @nan_payloads(
// CHECK-NEXT:    %{{.+}} = arith.constant dense<[0xffc12345, 0x7fc00001]> : tensor<2xf32>
// CHECK-LABEL: func.func @f64_nan(
// CHECK-NEXT:    %{{.+}} = arith.constant dense<0x7ff8000000000001> : tensor<1xf64>
func.func @nan_payloads() -> tensor<2xf32> {
  %c = arith.constant dense<[0x7FC00001, -0.0, 0xFFC12345]> : tensor<3xf32>
  %r = slice.window %c offsets [2] sizes [2] strides [-2] : tensor<3xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
func.func @f64_nan() -> tensor<1xf64> {
  %c = arith.constant dense<[1.0, 0x7FF8000000000001]> : tensor<2xf64>
  %r = slice.window %c offsets [1] sizes [1] strides [1] : tensor<2xf64> -> tensor<1xf64>
  func.return %r : tensor<1xf64>
}

