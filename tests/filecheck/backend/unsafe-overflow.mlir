// The C target refuses lowered IR whose memory safety it cannot prove (c_safety.py):
// one `error:` line at the op's location, exit code 1, no C printed.
//
// RUN: not slice-opt %s -t c > %t.c 2> %t.err; filecheck %s --input-file=%t.err --check-prefix=ERR
// RUN: sh -c 'slice-opt "$0" -t c > /dev/null 2>&1; test $? -eq 1' %s
// RUN: filecheck %s --input-file=%t.c --check-prefix=NOC --allow-empty

// ERR:      error: {{.*}}unsafe-overflow.mlir:20:5: arith.addi: the result of operands 9223372036854775807, [0, 3] may be anywhere in [9223372036854775807, 9223372036854775810], which leaves int64_t (index overflow; overflow<nsw> says it cannot happen)
// ERR-NOT:  error:
// ERR-NOT:  Traceback
// NOC-NOT:  void
// NOC-NOT:  int32_t

func.func @f(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %max = arith.constant 9223372036854775807 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %k = arith.addi %max, %i overflow<nsw> : index
    %v = memref.load %out[%k] : memref<4xi32>
    memref.store %v, %out[%c0] : memref<4xi32>
  }
  func.return
}
