// outline-slice-parts cuts a lowered function of more than max-ops ops (nested ones
// counted) into private no_inline parts of at least part-ops ops that it calls in
// turn; only its arguments and integer scalars cross a cut (%k here, returned by the
// first part and passed to the second), each part has its own copy of the constants
// it reads, and a function of max-ops ops or fewer is left whole. The C target prints
// each part static and noinline, its results through out-pointers, and returns a
// failing part's status as its own; c_safety checks a part at its call, with the
// call's operands (%j lies in [0, 1] because %k does).
//
// RUN: slice-opt %s -p 'outline-slice-parts{max-ops=8 part-ops=4}' | filecheck %s
// RUN: slice-opt %s -p 'outline-slice-parts{max-ops=14}' | filecheck %s --check-prefix=WHOLE
// RUN: slice-opt %s -p 'outline-slice-parts{max-ops=8 part-ops=4}' -t c | filecheck %s --check-prefix=C
// RUN: not slice-opt %s -p 'outline-slice-parts{part-ops=0}' 2>&1 | filecheck %s --check-prefix=ZERO

// CHECK:      func.func private @f_part1(%in: memref<8xi32>, %out: memref<8xi32>) -> index attributes {no_inline} {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %v = memref.load %in[%c0] : memref<8xi32>
// CHECK-NEXT:   memref.store %v, %out[%c0] : memref<8xi32>
// CHECK-NEXT:   %n = arith.index_cast %v : i32 to index
// CHECK-NEXT:   %k = arith.minsi %n, %c1 : index
// CHECK-NEXT:   func.return %k : index
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @f_part2(%in: memref<8xi32>, %out: memref<8xi32>, %k: index) attributes {no_inline} {
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %w = memref.load %in[%c1] : memref<8xi32>
// CHECK-NEXT:   memref.store %w, %out[%c1] : memref<8xi32>
// CHECK-NEXT:   %j = arith.maxsi %k, %c0 : index
// CHECK-NEXT:   %u = memref.load %in[%j] : memref<8xi32>
// CHECK-NEXT:   memref.store %u, %out[%c1] : memref<8xi32>
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @f(%in: memref<8xi32>, %out: memref<8xi32>) {
// CHECK-NEXT:   %k = func.call @f_part1(%in, %out) : (memref<8xi32>, memref<8xi32>) -> index
// CHECK-NEXT:   func.call @f_part2(%in, %out, %k) : (memref<8xi32>, memref<8xi32>, index) -> ()
// CHECK-NEXT:   func.return
// CHECK-NEXT: }

// WHOLE-NOT:  func.call
// WHOLE-NOT:  _part

// C:          /* The functions the others call. */
// C-NEXT:     static int32_t slice_f_part1(const uint32_t *restrict in0, uint32_t *restrict out0, int64_t *restrict slice_result0, int64_t *restrict slice_error_values);
// C-NEXT:     static int32_t slice_f_part2(const uint32_t *restrict in0, uint32_t *restrict out0, const int64_t k, int64_t *restrict slice_error_values);
// C:          #if defined(__GNUC__)
// C-NEXT:     __attribute__((noinline))
// C-NEXT:     #endif
// C-NEXT:     static int32_t slice_f_part1(
// C:          *slice_result0 = k;
// C-NEXT:     return 0;
// C:          int32_t slice_f(const uint32_t *restrict in0, uint32_t *restrict out0, int64_t *restrict slice_error_values) {
// C-NEXT:         int64_t k = 0;
// C-NEXT:         const int32_t slice_call_status = slice_f_part1(in0, out0, &k, slice_error_values);
// C-NEXT:         if (slice_call_status != 0) {
// C-NEXT:             return slice_call_status;
// C-NEXT:         }
// C-NEXT:         const int32_t slice_call_status_1 = slice_f_part2(in0, out0, k, slice_error_values);

// ZERO: outline-slice-parts: part-ops = 0: a count must be an integer from 1 to 2**63 - 1

func.func @f(%in: memref<8xi32>, %out: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %in[%c0] : memref<8xi32>
  memref.store %v, %out[%c0] : memref<8xi32>
  %n = arith.index_cast %v : i32 to index
  %k = arith.minsi %n, %c1 : index
  %w = memref.load %in[%c1] : memref<8xi32>
  memref.store %w, %out[%c1] : memref<8xi32>
  %j = arith.maxsi %k, %c0 : index
  %u = memref.load %in[%j] : memref<8xi32>
  memref.store %u, %out[%c1] : memref<8xi32>
  func.return
}
