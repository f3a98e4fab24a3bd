// The C target refuses lowered IR whose memory safety it cannot prove (c_safety.py):
// one `error:` line at the op's location, exit code 1, no C printed.
//
// RUN: not slice-opt %s -t c > %t.c 2> %t.err; filecheck %s --input-file=%t.err --check-prefix=ERR
// RUN: sh -c 'slice-opt "$0" -t c > /dev/null 2>&1; test $? -eq 1' %s
// RUN: filecheck %s --input-file=%t.c --check-prefix=NOC --allow-empty

// ERR:      error: {{.*}}unsafe-alloc.mlir:18:3: memref.alloc: %huge (memref<2199023255552xi32>) takes 8796093022208 bytes, more than the 1099511627776 (2^40) the C target allocates
// ERR-NOT:  error:
// ERR-NOT:  Traceback
// NOC-NOT:  void
// NOC-NOT:  int32_t

func.func @f(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %huge = memref.alloc() : memref<2199023255552xi32>
  %v = memref.load %huge[%c0] : memref<2199023255552xi32>
  memref.store %v, %out[%c0] : memref<4xi32>
  func.return
}
