// slice-opt is a filter: without a file it reads standard input, so it works at either
// end of a pipe, and one slice-opt can feed another.
//
// RUN: cat %s | slice-opt -p canonicalize-slices | filecheck %s --check-prefix=CANON
// RUN: cat %s | slice-opt -p canonicalize-slices | slice-opt -p convert-slice-to-loops | filecheck %s --check-prefix=LOOPS
// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-loops | slice-opt -t c | filecheck %s --check-prefix=C
//
// White space just inside an option list's braces is taken, as mlir-opt takes it
// (xDSL 0.74's pipeline parser refuses it; slice-opt trims it):
// RUN: slice-opt %s -p 'canonicalize-slices{ }' | filecheck %s --check-prefix=CANON
// RUN: slice-opt %s -p 'canonicalize-slices{ dynamic=false  },convert-slice-to-loops{ stream-working-set=0 }' | filecheck %s --check-prefix=LOOPS

// CANON-LABEL: func.func @main
// CANON:       slice.window %{{.*}} offsets [1, 0] sizes [2, 3] strides [1, 2]
// CANON-NOT:   slice.onnx

// LOOPS-LABEL: func.func @main
// LOOPS:       slice.copy_run %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}] count 6 source_stride 2 dest_stride 1
// LOOPS-NOT:   slice.window

// C:           int32_t slice_main(
// C:           return 0;

func.func @main(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %s = arith.constant dense<[1, 0]> : tensor<2xi64>
  %e = arith.constant dense<[3, 6]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %t = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %t : tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
