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
// CHECK-LABEL: const char *slice_error_message(
// CHECK-DAG:     /* [[NEGATIVE]] */ "memref.expand_shape: output_shape[0] = {0}: a dim must be >= 0",
// CHECK-DAG:     /* [[SPLIT]] */ "memref.expand_shape: dimension 0 of the source is {0}, not the product of its group of the result",
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
