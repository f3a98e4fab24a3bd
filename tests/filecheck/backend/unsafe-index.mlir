// The C target refuses lowered IR whose memory safety it cannot prove (c_safety.py):
// one `error:` line at the op's location, exit code 1, no C printed.
//
// RUN: not slice-opt %s -t c > %t.c 2> %t.err; filecheck %s --input-file=%t.err --check-prefix=ERR
// RUN: sh -c 'slice-opt "$0" -t c > /dev/null 2>&1; test $? -eq 1' %s
// RUN: filecheck %s --input-file=%t.c --check-prefix=NOC --allow-empty

// ERR:      error: {{.*}}unsafe-index.mlir:23:3: memref.store: the index is 1000000, outside %out (memref<4xi32>), whose indices are [0, 3] (out of bounds)
// ERR-NOT:  error:
// ERR-NOT:  Traceback
// NOC-NOT:  void
// NOC-NOT:  int32_t

func.func @f(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %far = arith.constant 1000000 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %out[%i] : memref<4xi32>
  }
  %v = memref.load %out[%c0] : memref<4xi32>
  memref.store %v, %out[%far] : memref<4xi32>
  func.return
}
