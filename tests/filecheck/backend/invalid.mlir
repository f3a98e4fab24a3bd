// What the C target refuses: one `error:` naming the op, at its location.
//
// Each chunk is a file of its own (slice-opt stops at the first error):
// RUN: awk -v RS='\n// -----\n' 'NR==1' %s > %t.1.mlir && not slice-opt %t.1.mlir -t c 2>&1 | filecheck %s --check-prefix=COLLIDE
// RUN: awk -v RS='\n// -----\n' 'NR==2' %s > %t.2.mlir && not slice-opt %t.2.mlir -p convert-slice-to-loops -t c 2>&1 | filecheck %s --check-prefix=SCALAR
// RUN: awk -v RS='\n// -----\n' 'NR==3' %s > %t.3.mlir && not slice-opt %t.3.mlir -t c 2>&1 | filecheck %s --check-prefix=MESSAGE
// RUN: awk -v RS='\n// -----\n' 'NR==4' %s > %t.4.mlir && not slice-opt %t.4.mlir -t c 2>&1 | filecheck %s --check-prefix=NORULE
// RUN: awk -v RS='\n// -----\n' 'NR==5' %s > %t.5.mlir && not slice-opt %t.5.mlir -t c 2>&1 | filecheck %s --check-prefix=TYPE

// Two functions whose mangled names collide.
// COLLIDE: error: {{.+}}.mlir:{{[0-9]+}}:1: func.func @a_x2Db and func.func @a-b have the same C symbol slice_a_x2Db
func.func @"a-b"(%x: memref<4xi8>) {
  func.return
}
func.func @a_x2Db(%x: memref<4xi8>) {
  func.return
}

// -----

// A scalar argument convert-slice-to-loops leaves (an f32: index, i1 and i8-i64 become
// rank-0 memrefs): refused as such (not with "run convert-slice-to-loops first").
// SCALAR: error: {{.+}}.mlir:{{[0-9]+}}:1: func.func @f: argument 1 (%n) has type f32; the C target takes memref arguments only (convert-slice-to-loops passes an index or signless i1 or i8-i64 argument of a function on tensors as a rank-0 memref; other scalars are not supported)
func.func @f(%x: tensor<4xi8>, %n: f32) -> tensor<4xi8> {
  func.return %x : tensor<4xi8>
}

// -----

// A function that is the unit's error message function by name.
// MESSAGE: error: {{.+}}.mlir:{{[0-9]+}}:1: func.func @error_message and the unit's error message function have the same C symbol slice_error_message
func.func @error_message(%x: memref<4xi8>) {
  func.return
}

// -----

// An op without a C rule, at its location.
// NORULE: error: {{.+}}.mlir:{{[0-9]+}}:3: arith.divui: no C rule; the C target takes the output of convert-slice-to-loops
func.func @g(%x: memref<4xi8>) {
  %c1 = arith.constant 1 : index
  %d = arith.divui %c1, %c1 : index
  func.return
}

// -----

// Arithmetic on other types than integers (a float constant is its stored bits only).
// TYPE: error: {{.+}}.mlir:{{[0-9]+}}:3: arith.select on f32: the C target has integer arithmetic only (i1, i8, i16, i32, i64, index)
func.func @h(%x: memref<4xi8>) {
  %t = arith.constant true
  %c = arith.constant 1.0 : f32
  %d = arith.select %t, %c, %c : f32
  func.return
}
