// RUN: %mlir_opt %s --mlir-print-debuginfo -o %t.debuginfo.mlir
// RUN: slice-opt %t.debuginfo.mlir -p convert-tensor-to-slice --print-debuginfo | filecheck %s
// RUN: %mlir_opt %s --mlir-print-debuginfo --mlir-print-op-generic -o %t.generic.mlir
// RUN: slice-opt %t.generic.mlir -p convert-tensor-to-slice --print-debuginfo | filecheck %s
// RUN: %mlir_opt %s --inline --mlir-print-debuginfo -o %t.inlined.mlir
// RUN: slice-opt %t.inlined.mlir -p convert-tensor-to-slice --print-debuginfo | filecheck %s --check-prefix=INLINED

// What upstream mlir-opt prints is what convert-tensor-to-slice takes: with
// --mlir-print-debuginfo every op's location is an alias (`loc(#loc4)`) defined after
// the module (MLIR defers location aliases), in the custom and in the generic form
// (properties `<{...}>`); after inlining a location is a callsite of two aliases.

// CHECK-LABEL: func.func private @slices(
// CHECK:         slice.window %{{.+}} offsets [1, 5] sizes [2, 3] strides [1, -2] : tensor<4x6xf32> -> tensor<2x3xf32> loc("{{.+}}upstream-printed-forms.mlir":[[# @LINE + 8]]:8)
// CHECK:         slice.dynamic_window %{{.+}} offsets [%{{.+}}, 1] sizes [%{{.+}}, 2] strides [1, 1] : tensor<4x6xf32> -> tensor<?x2xf32> loc("{{.+}}upstream-printed-forms.mlir":[[# @LINE + 8]]:8)
// CHECK-NOT:     tensor.extract_slice

// INLINED-LABEL: func.func @main(
// INLINED:         slice.window %{{.+}} offsets [1, 5] sizes [2, 3] strides [1, -2] : tensor<4x6xf32> -> tensor<2x3xf32> loc(callsite("{{.+}}upstream-printed-forms.mlir":[[# @LINE + 3]]:8 at "{{.+}}upstream-printed-forms.mlir":[[# @LINE + 9]]:12))

func.func private @slices(%x: tensor<4x6xf32>, %o: index) -> (tensor<2x3xf32>, tensor<?x2xf32>) {
  %r = tensor.extract_slice %x[1, 5] [2, 3] [1, -2] : tensor<4x6xf32> to tensor<2x3xf32>
  %s = tensor.extract_slice %x[%o, 1] [%o, 2] [1, 1] : tensor<4x6xf32> to tensor<?x2xf32>
  return %r, %s : tensor<2x3xf32>, tensor<?x2xf32>
}

func.func @main(%x: tensor<4x6xf32>, %o: index) -> (tensor<2x3xf32>, tensor<?x2xf32>) {
  %r, %s = call @slices(%x, %o) : (tensor<4x6xf32>, index) -> (tensor<2x3xf32>, tensor<?x2xf32>)
  return %r, %s : tensor<2x3xf32>, tensor<?x2xf32>
}
