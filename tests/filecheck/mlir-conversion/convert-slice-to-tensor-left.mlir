// RUN: slice-opt %s --split-input-file --verify-diagnostics -p 'canonicalize-slices{dynamic=false},convert-slice-to-tensor' | filecheck %s
// RUN: not slice-opt %s -p convert-slice-to-tensor 2>&1 | filecheck %s --check-prefix=FIRST

// convert-slice-to-tensor leaves no slice op: one it cannot convert makes it fail,
// naming the op and what to run first. With --verify-diagnostics every chunk's message
// is printed; read whole (no split) slice-opt stops at the first, with one error line
// and a non-zero exit.

// FIRST-NOT: Traceback
// FIRST: {{^}}error: {{.+}}convert-slice-to-tensor-left.mlir:18:3: slice.onnx: convert-slice-to-tensor converts slice.window, slice.dynamic_window and slice.check only; run canonicalize-slices first (with dynamic=true, its default, for an op whose parameters are run-time values or whose data dims are dynamic){{$}}
// FIRST-NOT: Traceback

// A framework op with run-time parameters, kept by canonicalize-slices{dynamic=false}.
// CHECK: {{^}}slice.onnx: convert-slice-to-tensor converts slice.window, slice.dynamic_window and slice.check only; run canonicalize-slices first (with dynamic=true, its default, for an op whose parameters are run-time values or whose data dims are dynamic){{$}}
// A module with another slice first still fails (no partial output).
func.func @runtime(%x: tensor<3x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?x4xf32> {
  %w = slice.window %x offsets [0, 0] sizes [3, 4] strides [1, 1] : tensor<3x4xf32> -> tensor<3x4xf32>
  %r = slice.onnx %w starts %s ends %e : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}

// -----

// A framework op on ? dims, also kept by dynamic=false.
// CHECK: {{^}}slice.tf_strided_slice: convert-slice-to-tensor converts slice.window, slice.dynamic_window and slice.check only; run canonicalize-slices first
func.func @dims(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %b = arith.constant dense<[0, 0]> : tensor<2xi64>
  %e = arith.constant dense<[2, 4]> : tensor<2xi64>
  %s = arith.constant dense<[1, 1]> : tensor<2xi64>
  %r = slice.tf_strided_slice %x begin %b end %e strides %s : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}

// -----

// A lowered copy: convert-slice-to-tensor takes the tensor program.
// CHECK: {{^}}slice.copy_run: a copy of lowered memrefs; convert-slice-to-tensor takes the tensor program, before convert-slice-to-loops{{$}}
func.func @lowered(%x: memref<4xf32>, %out: memref<2xf32>) {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  slice.copy_run %x[%c3], %out[%c0] count 2 source_stride -2 dest_stride 1 : memref<4xf32>, memref<2xf32>
  func.return
}
