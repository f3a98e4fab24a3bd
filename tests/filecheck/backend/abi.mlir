// The C ABI of the generated functions: int32_t status, the error values last,
// symbols prefixed (slice_ by default, -t c{prefix=...}) and mangled to C identifiers,
// pointer names that are never the user's SSA names.
//
// RUN: slice-opt %s -p convert-slice-to-loops -t c -o %t.c
// RUN: filecheck %s --input-file %t.c
// RUN: slice-opt %s -p convert-slice-to-loops -t "c{prefix=my_}" | filecheck %s --check-prefix=PREFIX
// RUN: %cc -std=c99 -Wall -Wmain -Werror -c %t.c -o %t.o
// RUN: not slice-opt %s -p convert-slice-to-loops -t "c{prefix=9x}" 2>&1 | filecheck %s --check-prefix=BADPREFIX

// @main is slice_main: no -Wmain, no clash with the C entry point. Arguments named
// after libc macros compile: they print as in0/out0, their names only in the comment.
// CHECK:       /* @main: element type, shape and access of each argument
// CHECK-NEXT:   *   in0 (%INT32_MAX): f32, shape [4], read only
// CHECK-NEXT:   *   out0 (%out): f32, shape [2], written
// CHECK-NEXT:   */
// CHECK-NEXT:  int32_t slice_main(const uint32_t *restrict in0, uint32_t *restrict out0, int64_t *restrict slice_error_values) {
// PREFIX:      int32_t my_main(
func.func @main(%INT32_MAX: tensor<4xf32>) -> tensor<2xf32> {
  %SIZE_MAX = slice.window %INT32_MAX offsets [1] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  func.return %SIZE_MAX : tensor<2xf32>
}

// A name that is not a C identifier is mangled (_xHH per byte, a leading digit after
// _), and does not stop the other functions of the module from compiling.
// CHECK:       int32_t slice_my_x2Dkernel_x2E1(
// CHECK:       int32_t slice__2d(
// CHECK:       int32_t slice__init(
// PREFIX:      int32_t my_my_x2Dkernel_x2E1(
func.func @"my-kernel.1"(%x: tensor<4xi8>) -> tensor<4xi8> {
  func.return %x : tensor<4xi8>
}
func.func @"2d"(%x: tensor<4xi8>) -> tensor<1xi8> {
  %r = slice.window %x offsets [3] sizes [1] strides [1] : tensor<4xi8> -> tensor<1xi8>
  func.return %r : tensor<1xi8>
}
func.func @_init(%x: tensor<4xi8>) -> tensor<1xi8> {
  %r = slice.window %x offsets [0] sizes [1] strides [1] : tensor<4xi8> -> tensor<1xi8>
  func.return %r : tensor<1xi8>
}

// The unit exports the message of each return code.
// CHECK:       const char *slice_error_message(int32_t code) {
// PREFIX:      const char *my_error_message(int32_t code) {

// BADPREFIX:   error: C symbol prefix '9x' is not a C identifier
