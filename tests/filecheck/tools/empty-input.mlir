// RUN: slice-opt %s | filecheck %s
// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-loops | filecheck %s
// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-loops -t c | filecheck %s --check-prefix=C

// An input with no operation (empty, or only comments like this file) is an empty
// module, as mlir-opt reads it.
// CHECK:      builtin.module {
// CHECK-NEXT: }
// C: #include <stdint.h>
// C: const char *slice_error_message(int32_t code) {
