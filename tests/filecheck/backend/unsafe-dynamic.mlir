// What the C target refuses in dynamic functions (c_safety.py): one `error:` at the
// op, naming it; no C printed. A dynamic shape is fine for arguments, memref.dim,
// views, slice.dynamic_copy_run and (since session 50) memref.load and memref.store,
// which guard themselves, and (since session 56) memref.alloc with sizes, whose C
// checks them (backend/dynamic-alloc.mlir), nothing else.
//
// Each chunk is a file of its own (slice-opt stops at the first error):
// RUN: awk -v RS='\n// -----\n' 'NR==1' %s > %t.1.mlir && not slice-opt %t.1.mlir -t c 2>&1 | filecheck %s --check-prefix=LOAD
// RUN: awk -v RS='\n// -----\n' 'NR==2' %s > %t.2.mlir && not slice-opt %t.2.mlir -t c 2>&1 | filecheck %s --check-prefix=STORE
// RUN: awk -v RS='\n// -----\n' 'NR==3' %s > %t.3.mlir && not slice-opt %t.3.mlir -t c 2>&1 | filecheck %s --check-prefix=NSW
// RUN: awk -v RS='\n// -----\n' 'NR==4' %s > %t.4.mlir && not slice-opt %t.4.mlir -t c 2>&1 | filecheck %s --check-prefix=STEP
// RUN: awk -v RS='\n// -----\n' 'NR==5' %s > %t.5.mlir && not slice-opt %t.5.mlir -t c 2>&1 | filecheck %s --check-prefix=LAST
// RUN: awk -v RS='\n// -----\n' 'NR==6' %s > %t.6.mlir && not slice-opt %t.6.mlir -t c 2>&1 | filecheck %s --check-prefix=NSW32
// RUN: awk -v RS='\n// -----\n' 'NR==7' %s > %t.7.mlir && not slice-opt %t.7.mlir -t c 2>&1 | filecheck %s --check-prefix=NORULE

// A load from a memref with a ? dim: the C guards that dim's index, but an index on a
// static dim is proved as ever, and this one may be 2 of a dim of 2.
// LOAD: error: {{.+}}.mlir:{{[0-9]+}}:5: memref.load: the index may be anywhere in [0, 2], outside dimension 1 of %x (memref<?x2xf32>), whose indices are [0, 1] (out of bounds)
// LOAD-NOT: int32_t
func.func @load(%x: memref<?x2xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %v = memref.load %x[%c0, %i] : memref<?x2xf32>
    memref.store %v, %out[%c0] : memref<1xf32>
  }
  func.return
}

// -----

// A copy between views of dynamic shape: only static shapes are copied whole.
// STORE: error: {{.+}}.mlir:{{[0-9]+}}:3: memref.copy source has type memref<?xf32>; the C target reads and writes a memref of dynamic shape (?) only through slice.dynamic_copy_run, memref.load and memref.store
func.func @store(%y: memref<?xf32>, %x: memref<2x?xf32>) {
  %v = memref.collapse_shape %x [[0, 1]] : memref<2x?xf32> into memref<?xf32>
  "memref.copy"(%v, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  func.return
}

// -----

// overflow<nsw> on a run-time dim: the dim may be INT64_MAX, so the sum may leave
// int64_t (signed overflow, undefined in C); without the flag it would wrap.
// NSW: error: {{.+}}.mlir:{{[0-9]+}}:3: arith.addi: the result of operands [0, 9223372036854775807], 1 may be anywhere in [1, 9223372036854775808], which leaves int64_t (index overflow; overflow<nsw> says it cannot happen)
func.func @nsw(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c0 : memref<?xf32>
  %e = arith.addi %d, %c1 overflow<nsw> : index
  func.return
}

// -----

// A step read at run time: the loop may never end.
// STEP: error: {{.+}}.mlir:{{[0-9]+}}:3: scf.for: step %s may be anywhere in [-9223372036854775808, 9223372036854775807]; the C target needs a constant step >= 1
func.func @step(%steps: memref<1xi64>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = memref.load %steps[%c0] : memref<1xi64>
  %s = arith.index_cast %v : i64 to index
  scf.for %i = %c0 to %c4 step %s {
  }
  func.return
}

// -----

// A run-time bound with step 2: the C's last `i += 2` may pass INT64_MAX.
// LAST: error: {{.+}}.mlir:{{[0-9]+}}:3: scf.for: the induction variable may reach 9223372036854775806, and the step 2 after it leaves int64_t (index overflow)
func.func @last(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c2 {
  }
  func.return
}

// -----

// overflow<nsw> on i32: a loaded i32 plus one may pass INT32_MAX.
// NSW32: error: {{.+}}.mlir:{{[0-9]+}}:3: arith.addi: the result of operands [-2147483648, 2147483647], 1 may be anywhere in [-2147483647, 2147483648], which leaves int32_t (signed overflow; overflow<nsw> says it cannot happen)
func.func @nsw32(%starts: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v = memref.load %starts[%c0] : memref<1xi32>
  %w = arith.addi %v, %one overflow<nsw> : i32
  func.return
}

// -----

// An arith op outside the set (unsigned division): no rule.
// NORULE: error: {{.+}}.mlir:{{[0-9]+}}:3: arith.divui: no C rule
func.func @norule(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %x, %c0 : memref<?xf32>
  %q = arith.divui %d, %d : index
  func.return
}
