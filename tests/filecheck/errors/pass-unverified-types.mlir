// With --disable-verify an op whose operand has the wrong kind of type reaches the
// passes; they fail with the verifier's message at the op (the ops' typed accessors),
// never an AssertionError or a traceback.
//
// RUN: not slice-opt %s --disable-verify -p canonicalize-slices 2>&1 | filecheck %s --check-prefix=WINDOW
// RUN: not slice-opt %s --disable-verify -p canonicalize 2>&1 | filecheck %s --check-prefix=WINDOW
// RUN: not slice-opt %s --disable-verify -p 'export-slices{framework=onnx}' 2>&1 | filecheck %s --check-prefix=WINDOW
// RUN: not slice-opt %s --disable-verify -p convert-slice-to-tensor 2>&1 | filecheck %s --check-prefix=WINDOW

// WINDOW-NOT: Traceback
// WINDOW:     {{^}}error: {{.+}}.mlir:[[# @LINE + 4]]:3: slice.window: source must be a tensor, got memref<4xf32>{{$}}
// WINDOW-NOT: Traceback

func.func @main(%x: memref<4xf32>) -> tensor<4xf32> {
  %r = "slice.window"(%x) <{offsets = array<i64: 0>, sizes = array<i64: 4>, strides = array<i64: 1>}> : (memref<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
