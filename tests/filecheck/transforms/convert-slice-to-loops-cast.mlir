// RUN: slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-loops | filecheck %s

// A result type less static than the slice's (a `?` where the semantics know the dim):
// canonicalize-slices casts the window to it, and the lowering copies into the `?`
// output with the output-dim checks; the shape function stores the static dims.

// CHECK-LABEL: func.func @static_window
// CHECK-SAME: (%x: memref<4x6xf32>, %out: memref<?x?xf32>) attributes {slice.shape_function = @static_window.shape}
// CHECK: slice.check %{{.*}}, "slice.window: sizes[0] = {0} but the output has {1} in dimension 0"
// CHECK: slice.check %{{.*}}, "slice.window: sizes[1] = {0} but the output has {1} in dimension 1"
// CHECK: slice.dynamic_copy_run
// CHECK-NOT: tensor.cast
// CHECK-LABEL: func.func @static_window.shape
// CHECK-NOT: memref.alloc
// CHECK: memref.store
func.func @static_window(%x: tensor<4x6xf32>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %e = arith.constant dense<[3]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<4x6xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_window
// CHECK-SAME: (%x: memref<4x6xf32>, %s: memref<1xi64>, %out: memref<?x?xf32>)
// CHECK: slice.check %{{.*}}, "slice.dynamic_window: sizes[1] = {0} but the output has {1} in dimension 1"
// CHECK: slice.dynamic_copy_run
// CHECK-NOT: tensor.cast
func.func @dynamic_window(%x: tensor<4x6xf32>, %s: tensor<1xi64>) -> tensor<?x?xf32> {
  %e = arith.constant dense<[3]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<4x6xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A rank-0 source (new axes only): copied into a buffer, then into the `?` output.
// CHECK-LABEL: func.func @rank_zero
// CHECK: memref.alloc() : memref<1xf32>
// CHECK: slice.check %{{.*}}, "func.return: sizes[0] = {0} but the output has {1} in dimension 0"
// CHECK: slice.dynamic_copy_run
// CHECK-NOT: tensor.cast
func.func @rank_zero(%x: tensor<f32>, %e: tensor<1xi64>, %st: tensor<1xi64>) -> tensor<?xf32> {
  %b = arith.constant dense<[-1]> : tensor<1xi64>
  %r = slice.tf_strided_slice %x begin %b end %e strides %st {begin_mask = 1 : i64, new_axis_mask = 9 : i64, shrink_axis_mask = 0 : i64} : tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A cast of an argument: the argument copied into the output, its dims checked, the
// check naming the cast.
// CHECK-LABEL: func.func @cast_argument
// CHECK: slice.check %{{.*}}, "tensor.cast: sizes[0] = {0} but the output has {1} in dimension 0"
// CHECK-NOT: tensor.cast
// CHECK: slice.dynamic_copy_run
func.func @cast_argument(%x: tensor<4xf32>) -> tensor<?xf32> {
  %r = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  func.return %r : tensor<?xf32>
}
