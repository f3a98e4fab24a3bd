// RUN: slice-opt %s --split-input-file -p canonicalize-slices | filecheck %s
// RUN: slice-opt %s --split-input-file -p canonicalize | filecheck %s --check-prefix=CANON
// RUN: slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-tensor | filecheck %s --check-prefix=UP

// Constants that fail a check, in an op that may never run (in an `scf.if`, the body of
// an `scf.for` or a `linalg.generic`): the pass leaves the op as it is, or makes its
// checks `slice.check`s known to fail, the error of a run that reaches them
// (`dialect.always_runs`; session 66, helper 89's eleven cases: each failed the pass
// before, and upstream's `mlir-opt -canonicalize` accepts each of them). Where the op
// runs whenever its function does, it is an error now, as before
// (may-never-run-always-runs.mlir).

// CANON-NOT: error
// UP-NOT: error
// UP-NOT: slice.

// CHECK-LABEL: func.func @constant_window_in_a_branch
// CHECK:         scf.if %b
// CHECK-NEXT:      %c5 = arith.constant 5 : index
// CHECK-NEXT:      %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
// UP-LABEL: func.func @constant_window_in_a_branch
// UP:         tensor.extract_slice %x[%{{.+}}] [2] [1]
func.func @constant_window_in_a_branch(%x: tensor<4xf32>, %b: i1) -> tensor<2xf32> {
  %r = scf.if %b -> (tensor<2xf32>) {
    %c5 = arith.constant 5 : index
    %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
    scf.yield %w : tensor<2xf32>
  } else {
    %e = tensor.empty() : tensor<2xf32>
    scf.yield %e : tensor<2xf32>
  }
  func.return %r : tensor<2xf32>
}

// -----

// A constant stride 0 of two elements beside a run-time offset.
// CHECK-LABEL: func.func @partly_constant_window_in_a_branch
// CHECK:         %w = slice.dynamic_window %x offsets [%o] sizes [2] strides [%c0] : tensor<?xf32> -> tensor<2xf32>
func.func @partly_constant_window_in_a_branch(%x: tensor<?xf32>, %o: index, %b: i1) -> tensor<2xf32> {
  %r = scf.if %b -> (tensor<2xf32>) {
    %c0 = arith.constant 0 : index
    %w = slice.dynamic_window %x offsets [%o] sizes [2] strides [%c0] : tensor<?xf32> -> tensor<2xf32>
    scf.yield %w : tensor<2xf32>
  } else {
    %e = tensor.empty() : tensor<2xf32>
    scf.yield %e : tensor<2xf32>
  }
  func.return %r : tensor<2xf32>
}

// -----

// The body of a loop of a run-time trip count (0 trips: it never runs).
// CHECK-LABEL: func.func @constant_window_in_a_loop
// CHECK:         scf.for
// CHECK:           %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1]
func.func @constant_window_in_a_loop(%x: tensor<4xf32>, %n: index, %init: tensor<2xf32>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<2xf32>) {
    %c5 = arith.constant 5 : index
    %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
    scf.yield %w : tensor<2xf32>
  }
  func.return %r : tensor<2xf32>
}

// -----

// A window of a window, the outer one past the inner one's two elements: the inner
// window's checks stay where it is (it runs), the outer one's are known to fail, in
// the branch, before the composed window.
// CHECK-LABEL: func.func @window_of_window_in_a_branch
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: offsets[0] = {0} is out of bounds
// CHECK:         scf.if %b
// CHECK-NEXT:      %[[FALSE:.+]] = arith.constant false
// CHECK:           slice.check %[[FALSE]], "slice.dynamic_window: offsets[0] = {0} is out of bounds for dimension 0 of size {1}"
// CHECK:           %w = slice.dynamic_window %x offsets [%{{.+}}] sizes [1] strides [1] : tensor<8xf32> -> tensor<1xf32>
func.func @window_of_window_in_a_branch(%x: tensor<8xf32>, %o: index, %b: i1) -> tensor<1xf32> {
  %c2 = arith.constant 2 : index
  %a = slice.dynamic_window %x offsets [%o] sizes [%c2] strides [1] : tensor<8xf32> -> tensor<?xf32>
  %r = scf.if %b -> (tensor<1xf32>) {
    %c3 = arith.constant 3 : index
    %w = slice.dynamic_window %a offsets [%c3] sizes [1] strides [1] : tensor<?xf32> -> tensor<1xf32>
    scf.yield %w : tensor<1xf32>
  } else {
    %e = tensor.empty() : tensor<1xf32>
    scf.yield %e : tensor<1xf32>
  }
  func.return %r : tensor<1xf32>
}

// -----

// A cast to a dim the window's constant size contradicts, and a cast of a cast so.
// CHECK-LABEL: func.func @cast_in_a_branch
// CHECK:         scf.if %b
// CHECK-NEXT:      %k = tensor.cast %w : tensor<?xf32> to tensor<3xf32>
func.func @cast_in_a_branch(%x: tensor<8xf32>, %o: index, %b: i1) -> tensor<3xf32> {
  %c2 = arith.constant 2 : index
  %w = slice.dynamic_window %x offsets [%o] sizes [%c2] strides [1] : tensor<8xf32> -> tensor<?xf32>
  %r = scf.if %b -> (tensor<3xf32>) {
    %k = tensor.cast %w : tensor<?xf32> to tensor<3xf32>
    scf.yield %k : tensor<3xf32>
  } else {
    %e = tensor.empty() : tensor<3xf32>
    scf.yield %e : tensor<3xf32>
  }
  func.return %r : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @cast_of_cast_in_a_branch
// CHECK:         scf.if %b
// CHECK-NEXT:      %k = tensor.cast %m : tensor<?xf32> to tensor<3xf32>
func.func @cast_of_cast_in_a_branch(%x: tensor<2xf32>, %b: i1) -> tensor<3xf32> {
  %m = tensor.cast %x : tensor<2xf32> to tensor<?xf32>
  %r = scf.if %b -> (tensor<3xf32>) {
    %k = tensor.cast %m : tensor<?xf32> to tensor<3xf32>
    scf.yield %k : tensor<3xf32>
  } else {
    %e = tensor.empty() : tensor<3xf32>
    scf.yield %e : tensor<3xf32>
  }
  func.return %r : tensor<3xf32>
}

// -----

// An index operand made by a `tensor.insert` past its tensor: checked where it is
// read, as a run-time index is, a check known to fail.
// CHECK-LABEL: func.func @insert_in_a_branch
// CHECK:         slice.check %{{.+}}, "tensor.insert: index {0} is out of bounds for dimension 0 of size 1"
// CHECK:         slice.dynamic_window %x
func.func @insert_in_a_branch(%x: tensor<10xf32>, %s: tensor<1xi64>, %v: i64, %b: i1) -> tensor<?xf32> {
  %r = scf.if %b -> (tensor<?xf32>) {
    %c3 = arith.constant 3 : index
    %s2 = tensor.insert %v into %s[%c3] : tensor<1xi64>
    %e = arith.constant dense<5> : tensor<1xi64>
    %w = slice.onnx %x starts %s2 ends %e : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
    scf.yield %w : tensor<?xf32>
  } else {
    %z = tensor.empty() : tensor<0xf32>
    %y = tensor.cast %z : tensor<0xf32> to tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  func.return %r : tensor<?xf32>
}

// -----

// An index operand sliced past its tensor at constant positions.
// CHECK-LABEL: func.func @index_slice_in_a_branch
// CHECK:         slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}"
// CHECK:         slice.dynamic_window %x
func.func @index_slice_in_a_branch(%x: tensor<10xf32>, %s: tensor<2xi64>, %b: i1) -> tensor<?xf32> {
  %r = scf.if %b -> (tensor<?xf32>) {
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %s1 = tensor.extract_slice %s[%c3] [1] [%c1] : tensor<2xi64> to tensor<1xi64>
    %e = arith.constant dense<5> : tensor<1xi64>
    %w = slice.onnx %x starts %s1 ends %e : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
    scf.yield %w : tensor<?xf32>
  } else {
    %z = tensor.empty() : tensor<0xf32>
    %y = tensor.cast %z : tensor<0xf32> to tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  func.return %r : tensor<?xf32>
}

// -----

// A framework op whose constants give 2 rows where its type has 3, beside a run-time
// start: the check of the result type, known to fail, then the window (with the size
// the type asks for: it never runs).
// CHECK-LABEL: func.func @framework_type_in_a_branch
// CHECK:         slice.check %{{.+}}, "slice.onnx: result type tensor<3x?xf32> does not match the shape [2, {0}] the slice gives"
// CHECK:         slice.dynamic_window %x offsets [0, %{{.+}}] sizes [3, %{{.+}}] strides [1, 1] in_bounds
func.func @framework_type_in_a_branch(%x: tensor<10x8xf32>, %s: i64, %b: i1) -> tensor<3x?xf32> {
  %r = scf.if %b -> (tensor<3x?xf32>) {
    %c0 = arith.constant 0 : i64
    %st = tensor.from_elements %c0, %s : tensor<2xi64>
    %e = arith.constant dense<[2, 5]> : tensor<2xi64>
    %w = slice.onnx %x starts %st ends %e : tensor<10x8xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<3x?xf32>
    scf.yield %w : tensor<3x?xf32>
  } else {
    %z = tensor.empty() : tensor<3x0xf32>
    %y = tensor.cast %z : tensor<3x0xf32> to tensor<3x?xf32>
    scf.yield %y : tensor<3x?xf32>
  }
  func.return %r : tensor<3x?xf32>
}

// -----

// A constant size the result type contradicts (3 rows where it has 2).
// CHECK-LABEL: func.func @size_against_type_in_a_branch
// CHECK:         %w = slice.dynamic_window %x offsets [0, 0] sizes [%c3, 1] strides [1, 1] : tensor<4x4xf32> -> tensor<2x1xf32>
func.func @size_against_type_in_a_branch(%x: tensor<4x4xf32>, %b: i1) -> tensor<2x1xf32> {
  %r = scf.if %b -> (tensor<2x1xf32>) {
    %c3 = arith.constant 3 : index
    %w = slice.dynamic_window %x offsets [0, 0] sizes [%c3, 1] strides [1, 1] : tensor<4x4xf32> -> tensor<2x1xf32>
    scf.yield %w : tensor<2x1xf32>
  } else {
    %e = tensor.empty() : tensor<2x1xf32>
    scf.yield %e : tensor<2x1xf32>
  }
  func.return %r : tensor<2x1xf32>
}

// -----

// An index operand sliced with a static stride 0 of two elements (upstream's verifier
// takes it): read by tensor.extract, the slice checked when it runs.
// CHECK-LABEL: func.func @index_slice_of_stride_0_in_a_branch
// CHECK:         %s3 = tensor.extract_slice %s[0] [2] [0] : tensor<2xi64> to tensor<2xi64>
// CHECK:         tensor.extract %s3
// CHECK:         slice.dynamic_window %x
func.func @index_slice_of_stride_0_in_a_branch(%x: tensor<4x4xf32>, %s: tensor<2xi64>, %b: i1) -> tensor<?x?xf32> {
  %r = scf.if %b -> (tensor<?x?xf32>) {
    %s3 = tensor.extract_slice %s[0] [2] [0] : tensor<2xi64> to tensor<2xi64>
    %e = arith.constant dense<[3, 3]> : tensor<2xi64>
    %w = slice.onnx %x starts %s3 ends %e : tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
    scf.yield %w : tensor<?x?xf32>
  } else {
    %e0 = tensor.empty() : tensor<0x0xf32>
    %c = tensor.cast %e0 : tensor<0x0xf32> to tensor<?x?xf32>
    scf.yield %c : tensor<?x?xf32>
  }
  func.return %r : tensor<?x?xf32>
}

// -----

// A block other than the function's entry block (a branch target) may never run too
// (session 66's review).
// CHECK-LABEL: func.func @window_in_a_branch_target
// CHECK:       ^bb1:
// CHECK:         %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
func.func @window_in_a_branch_target(%x: tensor<4xf32>, %b: i1) -> tensor<2xf32> {
  %e = tensor.empty() : tensor<2xf32>
  cf.cond_br %b, ^bb1, ^bb2(%e : tensor<2xf32>)
^bb1:
  %c5 = arith.constant 5 : index
  %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  cf.br ^bb2(%w : tensor<2xf32>)
^bb2(%r: tensor<2xf32>):
  func.return %r : tensor<2xf32>
}
