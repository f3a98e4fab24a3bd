// RUN: slice-opt %s --split-input-file -p canonicalize-slices | filecheck %s
// RUN: not slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=LOWER

// An extract that reads outside the window whenever it runs (an index a constant
// puts past the window though inside the source, a dim with no elements) is not
// folded: upstream MLIR leaves such a read undefined where it runs and accepts it
// where it never does (in a branch not taken, `mlir-opt -canonicalize` keeps it), so
// canonicalize-slices leaves it as written (session 65; an error here before). The
// lowering refuses what it knows to read outside, at the extract, where it always
// runs.

// CHECK-LABEL: func.func @extract_past_the_window
// CHECK:         %w = slice.window %x offsets [1] sizes [2] strides [1]
// CHECK-NEXT:    %v = tensor.extract %w[%c2] : tensor<2xf32>
// LOWER: error: {{.+}}.mlir:[[# @LINE + 4]]:3: tensor.extract: index 2 is out of bounds for dimension 0 of size 2
func.func @extract_past_the_window(%x: tensor<8xf32>) -> tensor<f32> {
  %c2 = arith.constant 2 : index
  %w = slice.window %x offsets [1] sizes [2] strides [1] : tensor<8xf32> -> tensor<2xf32>
  %v = tensor.extract %w[%c2] : tensor<2xf32>
  %t = tensor.from_elements %v : tensor<f32>
  func.return %t : tensor<f32>
}

// -----

// A dynamic window with no elements, read in a branch that may not be taken (helper
// 86's hunt: `convert-slice-to-tensor` writes such reads in a `linalg.generic` whose
// iteration space is empty, and the round trip back through `convert-tensor-to-slice`
// failed here). Lowered, the read is its check, known to fail, and an element of a
// buffer of its own (no load of the empty one can be made; since session 66 the
// lowering refused it where it may never run).

// CHECK-LABEL: func.func @read_in_a_branch
// CHECK:         %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 0] strides [1, 1]
// CHECK:         scf.if %b
// CHECK-NEXT:      %e = tensor.extract %r[%c0, %c0] : tensor<?x0xf32>
// LOWER-LABEL: func.func @read_in_a_branch
// LOWER:         scf.if
// LOWER:           slice.check %{{.+}}, "tensor.extract: index {0} is out of bounds for dimension 1 of size 0"
// LOWER-NEXT:      %e = memref.alloc() : memref<1xf32>
// LOWER-NEXT:      %e_1 = memref.load %e[%{{.+}}] : memref<1xf32>
// LOWER-NEXT:      memref.dealloc %e : memref<1xf32>
// LOWER-NEXT:      scf.yield %e_1 : f32
func.func @read_in_a_branch(%x: tensor<4x3xf32>, %o: index, %n: index, %b: i1) -> tensor<f32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 0] strides [1, 1] : tensor<4x3xf32> -> tensor<?x0xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = scf.if %b -> (f32) {
    %e = tensor.extract %r[%c0, %c0] : tensor<?x0xf32>
    scf.yield %e : f32
  } else {
    scf.yield %z : f32
  }
  %t = tensor.from_elements %v : tensor<f32>
  func.return %t : tensor<f32>
}

// -----

// The same with run-time indices: the dim has no index at all.

// CHECK-LABEL: func.func @no_element_at_run_time_indices
// CHECK:         %e = tensor.extract %r[%i, %j] : tensor<?x0xf32>
// LOWER: error: {{.+}}.mlir:[[# @LINE + 3]]:3: tensor.extract: dimension 1 of tensor<?x0xf32> has no elements
func.func @no_element_at_run_time_indices(%x: tensor<4x3xf32>, %o: index, %n: index, %i: index, %j: index) -> tensor<f32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 0] strides [1, 1] : tensor<4x3xf32> -> tensor<?x0xf32>
  %e = tensor.extract %r[%i, %j] : tensor<?x0xf32>
  %t = tensor.from_elements %e : tensor<f32>
  func.return %t : tensor<f32>
}
