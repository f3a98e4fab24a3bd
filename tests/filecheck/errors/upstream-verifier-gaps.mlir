// Ops MLIR's verifier refuses and xDSL 0.74's takes, which the index operands' reader
// relies on (locations.upstream_verifier_gap): canonicalize-slices and compile refuse
// them, naming the op (session 49's review: a bare IndexError or ValueError, or an
// extra element used silently).
//
// RUN: not slice-opt %s --split-input-file -p canonicalize-slices 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.from_elements: 1 elements, but its result type tensor<2xi64> holds 2{{$}}
func.func @main(%x: tensor<8x8xf32>, %p: tensor<1xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %p[%c0] : tensor<1xi64>
  %s = tensor.from_elements %v : tensor<2xi64>
  %e = arith.constant dense<8> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8x8xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.from_elements: 2 elements, but its result type tensor<1xi64> holds 1{{$}}
func.func @main(%x: tensor<8xf32>, %p: tensor<1xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %p[%c0] : tensor<1xi64>
  %w = arith.constant 5 : i64
  %s = tensor.from_elements %v, %w : tensor<1xi64>
  %e = arith.constant dense<8> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.extract_slice: expected 1 stride values (one per dimension of tensor<4xi64>), got 0{{$}}
func.func @main(%x: tensor<8xf32>, %p: tensor<4xi64>) -> tensor<?xf32> {
  %s = "tensor.extract_slice"(%p) <{static_offsets = array<i64: 1>, static_sizes = array<i64: 1>, static_strides = array<i64>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<4xi64>) -> tensor<1xi64>
  %e = arith.constant dense<8> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.insert: incorrect number of indices: 2 for tensor<2xi64> of rank 1{{$}}
func.func @main(%x: tensor<8x8xf32>, %p: tensor<2xi64>, %i: index) -> tensor<?x?xf32> {
  %v = arith.constant 1 : i64
  %s = tensor.insert %v into %p[%i, %i] : tensor<2xi64>
  %e = arith.constant dense<8> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8x8xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
// CHECK-NOT: Traceback

// -----

// Ours, not MLIR's (since session 58): a reshape whose expanded type's static dims,
// each 0 counted as 1, multiply past INT64_MAX (numpy's bound, which every tensor
// keeps: a collapse of this one would have a dim of 2**70, which no index holds).
// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.expand_shape: tensor<0x1073741824x1099511627776xf32> has more than INT64_MAX elements, each 0 counted as 1 (numpy's bound, which every tensor here keeps){{$}}
func.func @main(%x: tensor<0x1099511627776xf32>) -> tensor<0x1x0xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [0, 1073741824, 1099511627776] : tensor<0x1099511627776xf32> into tensor<0x1073741824x1099511627776xf32>
  %w = slice.window %e offsets [0, 0, 0] sizes [0, 1, 0] strides [1, 1, 1] : tensor<0x1073741824x1099511627776xf32> -> tensor<0x1x0xf32>
  func.return %w : tensor<0x1x0xf32>
}
