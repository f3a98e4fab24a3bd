// Passes that fail: one `error:` naming the op, no traceback.
//
// A framework op reaching the lowering (canonicalize-slices not run, or run with its
// dynamic part off) is rejected, naming the op:
// RUN: not slice-opt %s -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=LOWER
// RUN: not slice-opt %s -p 'canonicalize-slices{dynamic=false},convert-slice-to-loops' -t c 2>&1 | filecheck %s --check-prefix=LOWER
//
// slice-run (compile()) lowers run-time parameters, so the program compiles and the
// call wants its arrays:
// RUN: not slice-run %s --backend interpreter --output %t.npy 2>&1 | filecheck %s --check-prefix=RUNLOWER
//
// The C target needs lowered code:
// RUN: not slice-opt %s -t c 2>&1 | filecheck %s --check-prefix=TARGET
//
// An unknown pass:
// RUN: not slice-opt %s -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS

// LOWER-NOT:    Traceback
// LOWER:        {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.tf_strided_slice: not a slice.window at lowering; run canonicalize-slices first (its parameters are run-time values or its data dims dynamic: it becomes its normalization and a slice.dynamic_window){{$}}
// LOWER-NOT:    Traceback
// RUNLOWER-NOT: Traceback
// RUNLOWER:     {{^}}error: @main has 2 arguments but 0 --input files were given{{$}}
// RUNLOWER-NOT: Traceback
// TARGET-NOT:   Traceback
// TARGET:       {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: slice.tf_strided_slice: no C rule; run convert-slice-to-loops first{{$}}
// TARGET-NOT:   Traceback
// PASS-NOT:     Traceback
// PASS:         {{^}}error: {{.*}}no-such-pass
// PASS-NOT:     Traceback

func.func @main(%x: tensor<4x3xi8>, %b: tensor<2xi32>) -> tensor<4x3xi8> {
  %r = slice.tf_strided_slice %x begin %b end %b strides %b : tensor<4x3xi8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32> -> tensor<4x3xi8>
  func.return %r : tensor<4x3xi8>
}
