// The C target refuses lowered IR whose memory safety it cannot prove (c_safety.py):
// one `error:` line at the op's location, exit code 1, no C printed.
//
// RUN: not slice-opt %s -t c > %t.c 2> %t.err; filecheck %s --input-file=%t.err --check-prefix=ERR
// RUN: sh -c 'slice-opt "$0" -t c > /dev/null 2>&1; test $? -eq 1' %s
// RUN: filecheck %s --input-file=%t.c --check-prefix=NOC --allow-empty

// ERR:      error: {{.*}}unsafe-dealloc.mlir:22:3: memref.dealloc: frees %tmp again, after the memref.dealloc at {{.*}}unsafe-dealloc.mlir:21:3 (double free)
// ERR-NOT:  error:
// ERR-NOT:  Traceback
// NOC-NOT:  void
// NOC-NOT:  int32_t

func.func @f(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tmp = memref.alloc() : memref<8192xi32>
  %v = memref.load %tmp[%c0] : memref<8192xi32>
  memref.store %v, %out[%c0] : memref<4xi32>
  memref.dealloc %tmp : memref<8192xi32>
  memref.dealloc %tmp : memref<8192xi32>
  func.return
}
