// Ops carry the file location they were parsed at (MLIR's `loc("file":line:col)`), and
// slice-opt reports a verifier or pass failure at the op's location:
// `error: FILE:LINE:COL: message`. With --split-input-file the lines count from the top
// of the whole file. Canonicalization passes an op's location on to its window.
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=VERIFY
// RUN: sed -n '/^\/\/ PASS-BEGIN/,/^\/\/ PASS-END/p' %s > %t.pass.mlir
// RUN: not slice-opt %t.pass.mlir --disable-verify -p canonicalize-slices 2>&1 | filecheck %s --check-prefix=PASS
// RUN: sed -n '/^\/\/ LOWER-BEGIN/,/^\/\/ LOWER-END/p' %s > %t.lower.mlir
// RUN: not slice-opt %t.lower.mlir -p canonicalize-slices,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=LOWER
// (slice-run lowers run-time parameters, so this program compiles there: pass-failures.mlir)
// RUN: sed -n '/^\/\/ KEEP-BEGIN/,/^\/\/ KEEP-END/p' %s > %t.keep.mlir
// RUN: slice-opt %t.keep.mlir -p canonicalize-slices --print-debuginfo | filecheck %s --check-prefix=KEEP

// The first chunk verifies; the error is in the second, reported at its line in this file.
func.func @fine(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.window %x offsets [1] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// -----

func.func @bad(%x: tensor<5xf32>) -> tensor<3xf32> {
  // VERIFY: {{^}}error: {{.+}}locations.mlir:25:3: slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 4 + 1 * (3 - 1) is out of bounds for dimension 0 of size 5{{$}}
  %r = slice.window %x offsets [4] sizes [3] strides [1] : tensor<5xf32> -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// -----

// PASS-BEGIN
// Line 6 of the extracted file, column 5: the pass (verification off) fails at the op.
// PASS: {{^}}error: {{.+}}.pass.mlir:6:5: slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
func.func @step0(%x: tensor<5xf32>) -> tensor<5xf32> {
  %s = arith.constant dense<0> : tensor<1xi64>
    %r = slice.onnx %x starts %s ends %s steps %s : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}
// PASS-END

// -----

// LOWER-BEGIN
// LOWER: {{^}}error: {{.+}}.lower.mlir:4:3: slice.onnx: not a slice.window at lowering
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<2xf32> {
  %r = slice.onnx %x starts %s ends %s : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
// LOWER-END

// -----

// KEEP-BEGIN
// KEEP: slice.window %x offsets [4, 4] sizes [1, 3] strides [1, -2] : tensor<5x6xf32> -> tensor<3xf32> loc("{{.+}}.keep.mlir":5:3)
func.func @keep(%x: tensor<5x6xf32>) -> tensor<3xf32> {
  %a = slice.window %x offsets [4, 0] sizes [1, 3] strides [1, 2] : tensor<5x6xf32> -> tensor<3xf32>
  %b = slice.window %a offsets [2] sizes [3] strides [-1] : tensor<3xf32> -> tensor<3xf32>
  func.return %b : tensor<3xf32>
}
// KEEP-END
