// Lowered IR written by hand, given to the C target directly: every op is printed by
// its own rule (the target never recognises a loop nest as a copy).
//
// RUN: slice-opt %s -t c --split-input-file | filecheck %s

// Lower bounds and steps are the loop's own; index arithmetic is int64_t; a load and
// a store are array accesses. Arithmetic marked overflow<nsw> is plain C (c_safety
// proves it stays in int64_t); without the flag it wraps, through a helper.
// CHECK:       static inline int64_t slice_wrap_mul_i64(int64_t a, int64_t b) {
// CHECK-NEXT:      return (int64_t)((uint64_t)a * (uint64_t)b);
// CHECK-NEXT:  }
// CHECK-LABEL: int32_t slice_stepped(const uint32_t *restrict in0, uint32_t *restrict out0, int64_t *restrict slice_error_values) {
// CHECK-NEXT:    (void)slice_error_values;
// CHECK-NEXT:    for (int64_t [[I:.+]] = 2; [[I]] < 11; [[I]] += 3) {
// CHECK-NEXT:        const int64_t [[U:.+]] = slice_wrap_mul_i64([[I]], 3);
// CHECK-NEXT:        (void)[[U]];
// CHECK-NEXT:        const uint32_t [[V:.+]] = in0[[[I]]];
// CHECK-NEXT:        const int64_t [[E:.+]] = [[I]] + -2;
// CHECK-NEXT:        out0[[[E]]] = [[V]];
// CHECK-NEXT:    }
// CHECK-NEXT:    return 0;
// CHECK-NEXT:  }
func.func @stepped(%x: memref<12xf32>, %out: memref<8xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c11 = arith.constant 11 : index
  %cm2 = arith.constant -2 : index
  scf.for %i = %c2 to %c11 step %c3 {
    %unused = arith.muli %i, %c3 : index
    %v = memref.load %x[%i] : memref<12xf32>
    %e = arith.addi %i, %cm2 overflow<nsw> : index
    memref.store %v, %out[%e] : memref<8xf32>
  }
  func.return
}

// -----

// Multi-dimensional indices are linearized row-major.
// CHECK-LABEL: int32_t slice_transpose(
// CHECK:         const uint16_t [[V:.+]] = in0[[[I:.+]] * 3 + [[J:.+]]];
// CHECK-NEXT:    out0[[[J]] * 2 + [[I]]] = [[V]];
func.func @transpose(%x: memref<2x3xf16>, %out: memref<3x2xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %x[%i, %j] : memref<2x3xf16>
      memref.store %v, %out[%j, %i] : memref<3x2xf16>
    }
  }
  func.return
}

// -----

// A buffer read and written is an output (out0, not const).
// CHECK-LABEL: int32_t slice_shift(uint32_t *restrict out0, int64_t *restrict slice_error_values) {
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 7; [[I]] += 1) {
// CHECK-NEXT:        const int64_t [[J:.+]] = [[I]] + 1;
// CHECK-NEXT:        const uint32_t [[V:.+]] = out0[[[J]]];
// CHECK-NEXT:        out0[[[I]]] = [[V]];
func.func @shift(%x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %c7 step %c1 {
    %j = arith.addi %i, %c1 overflow<nsw> : index
    %v = memref.load %x[%j] : memref<8xf32>
    memref.store %v, %x[%i] : memref<8xf32>
  }
  func.return
}

// -----

// A loaded value stored twice, and a bound that depends on an outer counter.
// CHECK-LABEL: int32_t slice_twice(
// CHECK:         const uint8_t [[V:.+]] = in0[[[I:.+]]];
// CHECK-NEXT:    out0[[[I]]] = [[V]];
// CHECK-NEXT:    out1[[[I]]] = [[V]];
// CHECK-LABEL: int32_t slice_triangle(
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 4; [[I]] += 1) {
// CHECK-NEXT:        for (int64_t [[J:.+]] = 0; [[J]] < [[I]]; [[J]] += 1) {
func.func @twice(%x: memref<4xi8>, %a: memref<4xi8>, %b: memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xi8>
    memref.store %v, %a[%i] : memref<4xi8>
    memref.store %v, %b[%i] : memref<4xi8>
  }
  func.return
}
func.func @triangle(%x: memref<4x4xi8>, %out: memref<4x4xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %i step %c1 {
      %v = memref.load %x[%i, %j] : memref<4x4xi8>
      memref.store %v, %out[%i, %j] : memref<4x4xi8>
    }
  }
  func.return
}

// -----

// slice.copy_run written by hand: offsets are SSA values, strides any.
// CHECK-LABEL: int32_t slice_runs(
// CHECK:         for (int64_t [[K:.+]] = 0; [[K]] < 3; [[K]] += 1)
// CHECK-NEXT:        out0[[[D:.+]] + [[K]] * 2] = in0[[[S:.+]] + [[K]] * -3];
// CHECK-NEXT:    memcpy(out0, in0 + [[S]], 16);
// CHECK-NEXT:    out0[[[D]]] = in0[0];
func.func @runs(%x: memref<12xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  slice.copy_run %x[%c8], %out[%c1] count 3 source_stride -3 dest_stride 2 : memref<12xf32>, memref<8xf32>
  slice.copy_run %x[%c8], %out[%c0] count 4 source_stride 1 dest_stride 1 : memref<12xf32>, memref<8xf32>
  slice.copy_run %x[%c0], %out[%c1] count 1 source_stride 1 dest_stride 1 : memref<12xf32>, memref<8xf32>
  func.return
}

// -----

// A buffer only freed (hand-written IR) is used as (void) too, so -Wunused-variable
// has nothing to say (session 51's review).
// CHECK-LABEL: int32_t slice_only_freed(
// CHECK:         (void)[[B:.+]];
// CHECK:         free([[B]]);
func.func @only_freed(%x: memref<4xi32>, %out: memref<4xi32>) {
  %buf = memref.alloc() : memref<100000xi32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xi32>
  memref.store %v, %out[%c0] : memref<4xi32>
  memref.dealloc %buf : memref<100000xi32>
  func.return
}
