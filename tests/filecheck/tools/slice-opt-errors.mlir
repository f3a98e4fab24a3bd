// slice-opt reports bad input as one `error:` message and a non-zero exit code, never as
// a Python traceback.
//
// Read whole, this file does not parse (the second half has a parse error); split, its
// first chunk parses but does not verify, and slice-opt reports it (then the second
// chunk's parse error: each chunk runs, as in mlir-opt).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s --check-prefix=PARSE
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=VERIFY
// RUN: not slice-opt %s --split-input-file -p canonicalize-slices 2>&1 | filecheck %s --check-prefix=VERIFY
// RUN: not slice-opt %s.missing 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not slice-opt %s -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not slice-opt %s -p canonicalize-slices, 2>&1 | filecheck %s --check-prefix=COMMA

// PARSE-NOT:   Traceback
// PARSE:       error: {{.*}}slice-opt-errors.mlir:{{[0-9]+}}:{{[0-9]+}}
// PARSE:       Expected 'ends'
// PARSE-NOT:   Traceback

// VERIFY-NOT:  Traceback
// VERIFY:      error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx_v1: axes[1] = 0 repeats axis 0 (already given by axes[0])
// VERIFY-NOT:  Traceback

// MISSING-NOT: Traceback
// MISSING:     error: {{.*}}slice-opt-errors.mlir.missing
// MISSING-NOT: Traceback

// PASS-NOT:    Traceback
// PASS:        error: {{.*}}no-such-pass
// PASS-NOT:    Traceback

// A trailing comma, as a leading or doubled one, is an error (as in mlir-opt):
// COMMA:       {{^}}error: -p 'canonicalize-slices,': a pass name is expected after the last comma{{$}}

func.func @verify_error(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [1, 2] axes [0, 0] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}

// -----

func.func @parse_error(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %0 = slice.onnx_v1 %x starts [0] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}
