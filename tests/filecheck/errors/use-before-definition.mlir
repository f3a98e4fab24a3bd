// A value used before its definition in its block (MLIR: "operand #0 does not dominate
// this use"): one `error:` at the use, naming the op and the operand. xDSL's parser and
// verifier take such IR, and a value reaching its own definition through slice ops made
// canonicalize-slices rewrite forever (every tool hung).
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s
// RUN: not slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-loops -t c 2>&1 | filecheck %s
// RUN: not xdsl-opt %s --split-input-file -p canonicalize-slices 2>&1 | filecheck %s --check-prefix=XDSL

// xdsl-opt (stock, our dialect and passes through the Universe) parses it, and
// canonicalize-slices fails at the use (xdsl-opt stops at the first failure, with
// its own traceback) rather than rewriting forever.

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 6]]:3{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx_v1 %r starts [0] ends [4] : tensor<4xf32> -> tensor<4xf32>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  slice.onnx_v1: operand #0 (%r) does not dominate this use: it is defined by this op{{$}}
// XDSL:       slice.onnx_v1: operand #0 (%r) does not dominate this use: it is defined by this op
func.func @self(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = slice.onnx_v1 %r starts [0] ends [4] : tensor<4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// Two ops reading each other, through a tensor.cast.
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 3]]:3{{$}}
// CHECK:      {{^}}  tensor.cast: operand #0 (%b) does not dominate this use: it is defined after it{{$}}
func.func @cycle(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  %b = slice.window %a offsets [3] sizes [4] strides [-1] : tensor<?xf32> -> tensor<4xf32>
  func.return %b : tensor<4xf32>
}

// -----

// An index operand defined after the slice, no cycle: refused all the same (the
// interpreter met the load of it before its buffer held it).
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 3]]:3{{$}}
// CHECK:      {{^}}  slice.onnx: operand #1 (%s) does not dominate this use: it is defined after it{{$}}
func.func @later(%x: tensor<?x6xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  %s = slice.onnx_v1 %p starts [0] ends [2] : tensor<4xi64> -> tensor<2xi64>
  %e = slice.onnx_v1 %p starts [2] ends [4] : tensor<4xi64> -> tensor<2xi64>
  func.return %r : tensor<?x?xf32>
}

// -----

// In a nested region: the use in the loop's body precedes the definition around it.
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 6]]:5{{$}}
// CHECK:      {{^}}    slice.window: operand #0 (%late) does not dominate this use: it is defined after it{{$}}
func.func @nested(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %w = slice.window %late offsets [0] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  }
  %late = slice.window %x offsets [0] sizes [4] strides [1] : tensor<4xf32> -> tensor<4xf32>
  func.return %late : tensor<4xf32>
}

// -----

// Across blocks: each block reads what the other defines, and neither dominates the
// other (canonicalize-slices rewrote this forever too).
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 8]]:3{{$}}
// CHECK:      {{^}}  slice.window: operand #0 (%b) does not dominate this use: its block does not dominate this use{{$}}
func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  cf.br ^bb2
^bb1:
  %b = slice.window %a offsets [3] sizes [4] strides [-1] : tensor<4xf32> -> tensor<4xf32>
  func.return %b : tensor<4xf32>
^bb2:
  %a = slice.window %b offsets [3] sizes [4] strides [-1] : tensor<4xf32> -> tensor<4xf32>
  cf.br ^bb1
}

// -----

// A use inside the region of the op that defines the value.
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 4]]:5{{$}}
// CHECK:      {{^}}    slice.window: operand #0 (%r) does not dominate this use: it is defined by an op around it{{$}}
func.func @around(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.execute_region -> tensor<4xf32> {
    %w = slice.window %r offsets [0] sizes [4] strides [1] : tensor<4xf32> -> tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}

// -----

// An op with a loc(...) of another file: the error stands where the op's text does.
// CHECK:      {{^}}error: {{.*}}use-before-definition.mlir:[[# @LINE + 3]]:3{{$}}
// CHECK:      {{^}}  slice.onnx_v1: operand #0 (%r) does not dominate this use: it is defined by this op{{$}}
func.func @located(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = slice.onnx_v1 %r starts [0] ends [4] : tensor<4xf32> -> tensor<4xf32> loc("elsewhere.py":1:30)
  func.return %r : tensor<4xf32>
}
