// RUN: slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-loops | filecheck %s

// A window whose constants fail its checks, where it may never run (an scf.if
// branch): its checks are slice.checks known to fail, the error of a run that takes
// the branch, and nothing is copied after them (values no source takes: the copy
// would read outside it), its buffer of no elements where a dim is `?` (session 66).

// CHECK-LABEL: func.func @copied_window
// CHECK:         scf.if
// CHECK:           slice.check %{{.+}}, "slice.dynamic_window: last index offsets[0] + strides[0] * (sizes[0] - 1) = {0} + {1} * ({2} - 1) is out of bounds for dimension 0 of size {3}"
// CHECK-NEXT:      %w = memref.alloc() : memref<2x2xf32>
// CHECK-NOT:       slice.dynamic_copy_run
// CHECK:           memref.load
// CHECK:         } else {
func.func @copied_window(%x: tensor<4x4xf32>, %b: i1) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %v = scf.if %b -> (f32) {
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %w = slice.dynamic_window %x offsets [%c3, 0] sizes [2, 2] strides [1, 1] : tensor<4x4xf32> -> tensor<2x2xf32>
    %f = tensor.collapse_shape %w [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
    %e = tensor.extract %f[%c0] : tensor<4xf32>
    scf.yield %e : f32
  } else {
    scf.yield %z : f32
  }
  %t = tensor.from_elements %v : tensor<f32>
  func.return %t : tensor<f32>
}

// -----

// A framework op's window (in_bounds) after its check known to fail: its offset is an
// operand of value 7 on a dim of 4, copied by nothing.

// CHECK-LABEL: func.func @framework_window
// CHECK:         scf.if
// CHECK:           slice.check %{{.+}}, "slice.tf_strided_slice: begin[0] = {0} is out of range [{1}, {2}] for the shrink axis 0 of size {3}"
// CHECK:           %w = memref.alloc() : memref<2x3xf32>
// CHECK-NOT:       slice.dynamic_copy_run
// CHECK:           memref.load %f
// CHECK:         } else {
func.func @framework_window(%x: tensor<4x2x3xf32>, %s: tensor<1xi64>, %b: i1) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %v = scf.if %b -> (f32) {
    %c1 = arith.constant 1 : index
    %bv = arith.constant 7 : i64
    %bg = tensor.from_elements %bv : tensor<1xi64>
    %e = arith.constant dense<[0]> : tensor<1xi64>
    %w = slice.tf_strided_slice %x begin %bg end %e strides %s {shrink_axis_mask = 1 : i64} : tensor<4x2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<2x3xf32>
    %f = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
    %y = tensor.extract %f[%c1] : tensor<6xf32>
    scf.yield %y : f32
  } else {
    scf.yield %z : f32
  }
  %t = tensor.from_elements %v : tensor<f32>
  func.return %t : tensor<f32>
}

// -----

// A tensor.extract past its tensor, where it may never run: its check, known to fail,
// then the load clamped inside the buffer (session 66; an error here before).

// CHECK-LABEL: func.func @extract_past_the_end
// CHECK:         scf.if
// CHECK:           slice.check %{{.+}}, "tensor.extract: index {0} is out of bounds for dimension 0 of size 4"
// CHECK-NEXT:      %[[LAST:.+]] = arith.constant 3 : index
// CHECK-NEXT:      %y = memref.load %x[%[[LAST]]] : memref<4xf32>
func.func @extract_past_the_end(%x: tensor<4xf32>, %b: i1) -> tensor<f32> {
  %z = arith.constant -1.0 : f32
  %r = scf.if %b -> (f32) {
    %c7 = arith.constant 7 : index
    %y = tensor.extract %x[%c7] : tensor<4xf32>
    scf.yield %y : f32
  } else {
    scf.yield %z : f32
  }
  %t = tensor.from_elements %r : tensor<f32>
  func.return %t : tensor<f32>
}
