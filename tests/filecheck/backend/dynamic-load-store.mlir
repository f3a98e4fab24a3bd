// RUN: slice-opt %s -t c | filecheck %s

// A memref.load and a memref.store through ? dims (an argument and a view of one)
// guard themselves (session 50): each index on a ? dim is checked against the dim,
// an error code outside [0, dim), before the element ((i0 * d1 + i1) ...) is read or
// written; a static dim's index is proved when compiling, as ever.
// CHECK-LABEL: int32_t slice_gather(
// CHECK:         const int64_t [[D0:in0_d0]] = slice_dims[0];
// CHECK:         if ((uint64_t)[[I:.+]] >= (uint64_t)[[D0]]) {
// CHECK-NEXT:        slice_error_values[0] = [[I]];
// CHECK-NEXT:        slice_error_values[1] = [[D0]];
// CHECK-NEXT:        return [[CODE:[0-9]+]];
// CHECK-NEXT:    }
// CHECK-NEXT:    const uint32_t {{.+}} = in0[([[I]]) * 3 + 1];
// CHECK:         out0[
// CHECK-LABEL: const char *slice_error_message(
// CHECK:         /* [[CODE]] */ "memref.load: index {0} is out of bounds for dimension 0 of size {1}",
func.func @gather(%x: memref<?x3xf32>, %p: memref<1xi64>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i = memref.load %p[%c0] : memref<1xi64>
  %ii = arith.index_cast %i : i64 to index
  %v = memref.load %x[%ii, %c1] : memref<?x3xf32>
  memref.store %v, %out[%c0] : memref<1xf32>
  func.return
}
