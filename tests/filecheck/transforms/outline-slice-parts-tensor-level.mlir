// outline-slice-parts is for convert-slice-to-loops output: a function that still
// takes, returns or computes tensors is left whole, whatever its size (session 65,
// helper 86's hunt: its parts returned the normalization's i64 and index scalars,
// which convert-slice-to-loops then refused as results it cannot lower, naming
// @main_part1, a function the user never wrote). Lowered first, it is cut.
//
// RUN: slice-opt %s -p 'canonicalize-slices,outline-slice-parts{max-ops=10 part-ops=4}' | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices,outline-slice-parts{max-ops=10 part-ops=4},convert-slice-to-loops' | filecheck %s --check-prefix=LOWERED
// RUN: slice-opt %s -p 'canonicalize-slices,convert-slice-to-loops,outline-slice-parts{max-ops=10 part-ops=4}' | filecheck %s --check-prefix=CUT

// CHECK-NOT:  _part
// CHECK:      func.func @main(%x: tensor<10xf32>, %s: tensor<1xi32>, %e: tensor<1xi64>) -> tensor<?xf32> {
// CHECK:        slice.dynamic_window
// CHECK-NOT:  _part

// LOWERED-NOT: _part
// LOWERED:     func.func @main(%x: memref<10xf32>, %s: memref<1xi32>, %e: memref<1xi64>, %{{.*}}: memref<?xf32>)
// LOWERED-NOT: _part

// CUT:        func.func private @main_part1(
// CUT-SAME:     attributes {no_inline}
// CUT:        func.func @main(%x: memref<10xf32>, %s: memref<1xi32>, %e: memref<1xi64>, %{{.*}}: memref<?xf32>)
// CUT:          func.call @main_part1(
func.func @main(%x: tensor<10xf32>, %s: tensor<1xi32>, %e: tensor<1xi64>) -> tensor<?xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<1xi32>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
