// With --disable-verify an invalid op reaches the passes; they fail with the
// semantics' message instead of a traceback, and never emit code for it.
//
// RUN: not slice-opt %s --disable-verify -p canonicalize-slices 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p canonicalize 2>&1 | filecheck %s
// RUN: not slice-opt %s --disable-verify -p canonicalize-slices,convert-slice-to-loops -t c 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
// CHECK-NOT: Traceback
// CHECK-NOT: void main

func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  %e = arith.constant dense<[4]> : tensor<1xi64>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %t = arith.constant dense<[0]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %t : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}
