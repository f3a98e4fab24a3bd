// RUN: slice-opt %s -t c | filecheck %s

// A memref.expand_shape with run-time output_shape entries (since session 56): a
// pointer alias whose ? dims are those values, each checked >= 0, and each group's
// product (checked against overflow) checked against its dim of the source, so the
// view never holds more than its buffer; a load through it guards its ? dim as an
// argument's does. (The lowering checks the tensor.expand_shape first, with the
// interpreter's messages: only hand-written IR meets these.)
// CHECK-LABEL: int32_t slice_e(
// CHECK:         const uint32_t *v = in0;
// CHECK-NEXT:    const int64_t [[D:v_d0]] = ai;
// CHECK-NEXT:    if ([[D]] < 0) {
// CHECK:             return [[NEGATIVE:[0-9]+]];
// CHECK:         int64_t [[P:v_g0]];
// CHECK-NEXT:    if (slice_mul_overflows([[D]], 3, &[[P]])) {
// CHECK-NEXT:        slice_error_values[0] = in0_d0;
// CHECK-NEXT:        return [[SPLIT:[0-9]+]];
// CHECK:         if ([[P]] != in0_d0) {
// CHECK-NEXT:        slice_error_values[0] = in0_d0;
// CHECK-NEXT:        return [[SPLIT]];
// CHECK:         if ((uint64_t)1 >= (uint64_t)[[D]]) {
// CHECK:         const uint32_t w = v[(1) * 3 + 1];
func.func @e(%x: memref<?xf32>, %a: memref<i64>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a64 = memref.load %a[] : memref<i64>
  %ai = arith.index_cast %a64 : i64 to index
  %v = memref.expand_shape %x [[0, 1]] output_shape [%ai, 3] : memref<?xf32> into memref<?x3xf32>
  %w = memref.load %v[%c1, %c1] : memref<?x3xf32>
  memref.store %w, %out[%c0] : memref<1xf32>
  func.return
}

// A group of two run-time dims (hand-written here; the lowering checks its
// tensor.expand_shape first) multiplies from 0 where one of them is 0 (since session
// 58): [2**62, 2, 0] splits a dim of 0, where 2**62 * 2 overflowed; a collapse of
// such dims does the same.
// CHECK-LABEL: int32_t slice_two(
// CHECK:         const int64_t [[N:v_d0]] = n;
// CHECK:         const int64_t [[M:v_d2]] = m;
// CHECK:         const int64_t [[F:v_f0]] = ([[N]] == 0 || [[M]] == 0) ? 0 : [[N]];
// CHECK-NEXT:    int64_t [[P:v_g0]];
// CHECK-NEXT:    if (slice_mul_overflows([[F]], 2, &[[P]])) {
// CHECK:         int64_t [[Q:v_g0_1]];
// CHECK-NEXT:    if (slice_mul_overflows([[P]], [[M]], &[[Q]])) {
// CHECK:         if ([[Q]] != in0_d0) {
// CHECK:         const int64_t [[G:c_f0]] = ([[N]] == 0 || [[M]] == 0) ? 0 : [[N]];
// CHECK-NEXT:    int64_t [[C:c_d0]];
// CHECK-NEXT:    if (slice_mul_overflows([[G]], 2, &[[C]])) {
func.func @two(%x: memref<?xf32>, %a: memref<i64>, %b: memref<i64>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %a64 = memref.load %a[] : memref<i64>
  %n = arith.index_cast %a64 : i64 to index
  %b64 = memref.load %b[] : memref<i64>
  %m = arith.index_cast %b64 : i64 to index
  %v = memref.expand_shape %x [[0, 1, 2]] output_shape [%n, 2, %m] : memref<?xf32> into memref<?x2x?xf32>
  %c = memref.collapse_shape %v [[0, 1, 2]] : memref<?x2x?xf32> into memref<?xf32>
  %w = memref.load %c[%c0] : memref<?xf32>
  memref.store %w, %out[%c0] : memref<1xf32>
  func.return
}

// The messages, after every function.
// CHECK-LABEL: const char *slice_error_message(
// CHECK-DAG:     /* [[NEGATIVE]] */ "memref.expand_shape: output_shape[0] = {0}: a dim must be >= 0",
// CHECK-DAG:     /* [[SPLIT]] */ "memref.expand_shape: dimension 0 of the source is {0}, not the product of its group of the result",
