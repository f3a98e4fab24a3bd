// RUN: not slice-opt %s -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=NOTWINDOW
// RUN: not slice-opt %s -p canonicalize-slices,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=NOTWINDOW

// A slice whose parameters are function arguments cannot become a window: a clear error.
// NOTWINDOW: error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx: not a slice.window at lowering; its parameters are not constant or its data shape is dynamic, so canonicalize-slices could not make it static
// NOTWINDOW-NOT: Traceback
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?xf32> {
  %0 = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
