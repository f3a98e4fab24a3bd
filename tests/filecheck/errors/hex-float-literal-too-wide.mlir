// RUN: not slice-opt %s 2>&1 | filecheck %s

// A hexadecimal float element with more bits than its type is an error at the literal.
// CHECK: error: {{.+}}hex-float-literal-too-wide.mlir:[[# @LINE + 3]]:30
// CHECK: hexadecimal literal 0x17E01 has more bits than f16
func.func @too_wide() -> tensor<1xf16> {
  %c = arith.constant dense<[0x17E01]> : tensor<1xf16>
  func.return %c : tensor<1xf16>
}
