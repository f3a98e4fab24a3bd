// The C target refuses lowered IR whose memory safety it cannot prove (c_safety.py):
// a memref.expand_shape view of more elements than its buffer holds (xDSL's verifier
// takes it), which a load through it would read past.
//
// RUN: not slice-opt %s -t c > %t.c 2> %t.err; filecheck %s --input-file=%t.err --check-prefix=ERR
// RUN: filecheck %s --input-file=%t.c --check-prefix=NOC --allow-empty

// ERR:      error: {{.*}}unsafe-expand.mlir:17:3: memref.expand_shape: views %x (memref<6xf32>) as memref<2x4xf32>: a view must have the same element type and number of elements (a static one, for an expand_shape)
// ERR-NOT:  error:
// ERR-NOT:  Traceback
// NOC-NOT:  void
// NOC-NOT:  int32_t

func.func @f(%x: memref<6xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.expand_shape %x [[0, 1]] output_shape [2, 4] : memref<6xf32> into memref<2x4xf32>
  %e = memref.load %v[%c1, %c1] : memref<2x4xf32>
  memref.store %e, %out[%c0] : memref<1xf32>
  func.return
}
