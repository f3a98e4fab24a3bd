// RUN: slice-opt %s -t c | filecheck %s

// A memref.alloc with sizes (since session 56: a run-time window's result that is not
// returned): each ? dim checked >= 0, the element count's product checked against
// INT64_MAX and its bytes against the 2^40 the C target allocates, then calloc on
// the heap, freed on every path out; its dims are the variables that hold them, so a
// load through it guards its ? dim as an argument's does.
// CHECK-LABEL: int32_t slice_alloc(
// CHECK:         uint32_t *a = NULL;
// CHECK:         const int64_t [[D:a_d0]] = in0_d0;
// CHECK-NEXT:    if ([[D]] < 0) {
// CHECK-NEXT:        slice_error_values[0] = [[D]];
// CHECK-NEXT:        return [[NEGATIVE:[0-9]+]];
// CHECK:         int64_t [[N:a_count]];
// CHECK-NEXT:    if (slice_mul_overflows([[D]], 3, &[[N]])) {
// CHECK:             return [[OVERFLOW:[0-9]+]];
// CHECK:         if ([[N]] > 274877906944) {
// CHECK:             return [[LARGE:[0-9]+]];
// CHECK:         a = calloc([[N]] > 0 ? (size_t)[[N]] : 1, 4);
// CHECK-NEXT:    if (!a) {
// CHECK:         if ((uint64_t)0 >= (uint64_t)[[D]]) {
// CHECK:         a[(0) * 3 + 1] = v;
// CHECK:         free(a);
// CHECK-NEXT:    return 0;
// CHECK-NEXT: slice_cleanup:
// CHECK-NEXT:    free(a);
// CHECK-LABEL: const char *slice_error_message(
// CHECK-DAG:     /* [[NEGATIVE]] */ "memref.alloc: dimension 0 of the buffer is {0}, not >= 0",
// CHECK-DAG:     /* [[OVERFLOW]] */ "memref.alloc: a buffer of {0} x {1} elements has more than INT64_MAX elements",
// CHECK-DAG:     /* [[LARGE]] */ "memref.alloc: a buffer of {0} elements of 4 bytes is more than the 2^40 bytes the C target allocates",
func.func @alloc(%x: memref<?x3xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c0 : memref<?x3xf32>
  %a = memref.alloc(%d) : memref<?x3xf32>
  %v = memref.load %x[%c0, %c1] : memref<?x3xf32>
  memref.store %v, %a[%c0, %c1] : memref<?x3xf32>
  %w = memref.load %a[%c0, %c1] : memref<?x3xf32>
  memref.store %w, %out[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?x3xf32>
  func.return
}
