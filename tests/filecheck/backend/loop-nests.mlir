// Loop nests given to the C target directly: which are printed as copies and which op
// by op.
//
// RUN: slice-opt %s -t c --split-input-file | filecheck %s

// Lower bounds and steps other than 0 and 1 fold into the start and the steps; index
// arithmetic the copy does not use is dropped with the loop.
// CHECK-LABEL: void stepped(
// CHECK:         /* copy 3 elements of 4 bytes, runs by source step 3 */
// CHECK-NEXT:    const uint32_t *[[S:.+]] = x + 2;
// CHECK-NEXT:    uint32_t *[[D:.+]] = out;
// CHECK-NEXT:    for (int64_t [[K:.+]] = 0; [[K]] < 3; [[K]] += 1)
// CHECK-NEXT:        [[D]][[[K]] * 3] = [[S]][[[K]] * 3];
// CHECK-NEXT:  }
func.func @stepped(%x: memref<12xf32>, %out: memref<8xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c11 = arith.constant 11 : index
  %cm2 = arith.constant -2 : index
  scf.for %i = %c2 to %c11 step %c3 {
    %unused = arith.muli %i, %c3 : index
    %v = memref.load %x[%i] : memref<12xf32>
    %e = arith.addi %i, %cm2 : index
    memref.store %v, %out[%e] : memref<8xf32>
  }
  func.return
}

// -----

// Multi-dimensional indices are linearized; a transposed store is a target step.
// CHECK-LABEL: void transpose(
// CHECK:         /* copy 2 x 3 elements of 2 bytes, runs by source step 1 */
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 2; [[I]] += 1) {
// CHECK-NEXT:      const uint16_t *[[S1:.+]] = {{.+}} + [[I]] * 3;
// CHECK-NEXT:      uint16_t *[[D1:.+]] = {{.+}} + [[I]];
// CHECK-NEXT:      for (int64_t [[K:.+]] = 0; [[K]] < 3; [[K]] += 1)
// CHECK-NEXT:          [[D1]][[[K]] * 2] = [[S1]][[[K]]];
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

// A shift within one buffer is not a copy between two: printed op by op.
// CHECK-LABEL: void shift(
// CHECK-NOT:     memcpy
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 7; [[I]] += 1) {
// CHECK-NEXT:        const int64_t [[J:.+]] = [[I]] + 1;
// CHECK-NEXT:        const uint32_t [[V:.+]] = x[[[J]]];
// CHECK-NEXT:        x[[[I]]] = [[V]];
func.func @shift(%x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %c7 step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %x[%j] : memref<8xf32>
    memref.store %v, %x[%i] : memref<8xf32>
  }
  func.return
}

// -----

// A loaded value stored twice, and a bound that depends on an outer counter: op by op.
// CHECK-LABEL: void twice(
// CHECK:         const uint8_t [[V:.+]] = x[[[I:.+]]];
// CHECK-NEXT:    a[[[I]]] = [[V]];
// CHECK-NEXT:    b[[[I]]] = [[V]];
// CHECK-LABEL: void triangle(
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
