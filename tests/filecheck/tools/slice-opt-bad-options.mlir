// A malformed pass or target option (xDSL raises ArgSpecParseError, a BaseException)
// and an input without bound are one `error:` each, never a traceback.
//
// RUN: not slice-opt %s -p 'canonicalize-slices{' 2>&1 | filecheck %s --check-prefix=SPEC
// RUN: not slice-opt %s -p 'canonicalize-slices{x' 2>&1 | filecheck %s --check-prefix=SPEC
// RUN: not slice-opt /dev/zero 2>&1 | filecheck %s --check-prefix=ZERO
// RUN: env SLICE_MAX_IR_BYTES=64 not slice-opt %s 2>&1 | filecheck %s --check-prefix=LIMIT

// SPEC-NOT: Traceback
// SPEC:     error: invalid pass or target arguments: Error parsing pass pipeline specification
// SPEC-NOT: Traceback

// ZERO:      error: /dev/zero is larger than 67108864 bytes, the limit for an IR file (set $SLICE_MAX_IR_BYTES to raise it)
// ZERO-NOT:  Traceback

// LIMIT:     error: {{.*}}slice-opt-bad-options.mlir is larger than 64 bytes

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
