// RUN: not slice-opt %s -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=NOTWINDOW
// RUN: not slice-opt %s -p 'canonicalize-slices{dynamic=false},convert-slice-to-loops' 2>&1 | filecheck %s --check-prefix=NOTWINDOW

// A slice whose parameters are function arguments is not lowered as it is (without
// canonicalize-slices, or with its dynamic part off): a clear error.
// NOTWINDOW: error: {{.+}}.mlir:{{[0-9]+}}:3: slice.onnx: not a slice.window at lowering; run canonicalize-slices first (its parameters are run-time values or its data dims dynamic: it becomes its normalization and a slice.dynamic_window)
// NOTWINDOW-NOT: Traceback
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?xf32> {
  %0 = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// Each chunk below is a file of its own (slice-opt stops at the first error).
// RUN: awk -v RS='\n// -----\n' 'NR==2' %s > %t.2.mlir && not slice-opt %t.2.mlir -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=CONSTANT
// RUN: awk -v RS='\n// -----\n' 'NR==3' %s > %t.3.mlir && not slice-opt %t.3.mlir -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=OTHER
// RUN: awk -v RS='\n// -----\n' 'NR==4' %s > %t.4.mlir && not slice-opt %t.4.mlir -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=SCALAR
// RUN: awk -v RS='\n// -----\n' 'NR==5' %s > %t.5.mlir && not slice-opt %t.5.mlir -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=CALL
// RUN: awk -v RS='\n// -----\n' 'NR==6' %s > %t.6.mlir && not slice-opt %t.6.mlir -p inline,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=RECURSIVE
// RUN: awk -v RS='\n// -----\n' 'NR==7' %s > %t.7.mlir && not slice-opt %t.7.mlir -p inline,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=DECLARATION
// RUN: awk -v RS='\n// -----\n' 'NR==8' %s > %t.8.mlir && not slice-opt %t.8.mlir -p canonicalize-slices,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=DYNSCALAR

// -----

// An upstream tensor.extract_slice is named, with the pass that converts it.
// CONSTANT: error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.extract_slice: convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors; run convert-tensor-to-slice first (SPEC section 8)
func.func @extract_slice(%x: tensor<3xf32>) -> tensor<2xf32> {
  %r = tensor.extract_slice %x[1] [2] [1] : tensor<3xf32> to tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// -----

// Any other op on tensors is named.
// OTHER: error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.insert: convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors
func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %r = tensor.insert %v into %x[%c0] : tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// A result that is not a tensor, in a function that has tensors.
// SCALAR: error: {{.+}}.mlir:{{[0-9]+}}:1: func.func @scalar: result 1 has type i32, not a tensor; only tensor results lower
func.func @scalar(%x: tensor<4xf32>, %n: i32) -> (tensor<4xf32>, i32) {
  func.return %x, %n : tensor<4xf32>, i32
}

// -----

// A call of a function on tensors is named, with what to do.
// CALL: error: {{.+}}.mlir:{{[0-9]+}}:3: func.call: convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors (a call of a function is not lowered: @g is not inlined yet: run inline first)
func.func @g(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.window %x offsets [0] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = func.call @g(%x) : (tensor<4xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// -----

// A call inline leaves: the cycle of calls is named.
// RECURSIVE: error: {{.+}}.mlir:{{[0-9]+}}:3: func.call: convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors (a call of a function is not lowered: @rf is recursive (@rf -> @rg -> @rf): inline leaves the calls of it)
func.func @recursive_main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @rf(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @rf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @rg(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @rg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @rf(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// A call of a declaration: nothing to inline.
// DECLARATION: error: {{.+}}.mlir:{{[0-9]+}}:3: func.call: convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors (a call of a function is not lowered: @d is a declaration: it has no body to inline)
func.func @declaration_main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @d(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @d(%x: tensor<4xf32>) -> tensor<4xf32>

// -----

// A result that is not a tensor beside one with a ? dim (the shape function's): the
// same error (it was a bare AssertionError, session 51's fuzz).
// DYNSCALAR: error: {{.+}}.mlir:{{[0-9]+}}:1: func.func @dim_of_window: result 1 has type index, not a tensor; only tensor results lower
// DYNSCALAR-NOT: AssertionError
func.func @dim_of_window(%x: tensor<?x6xf32>, %o: index, %n: index) -> (tensor<?x3xf32>, index) {
  %c0 = arith.constant 0 : index
  %a = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
  %d0 = tensor.dim %a, %c0 : tensor<?x3xf32>
  func.return %a, %d0 : tensor<?x3xf32>, index
}

