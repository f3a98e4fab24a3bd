// RUN: slice-opt %s --split-input-file -p convert-tensor-to-slice | filecheck %s
// RUN: slice-opt %s --split-input-file -p 'convert-tensor-to-slice{checks=true}' | filecheck %s --check-prefix=CHECKS

// A tensor.extract_slice whose constants fail the window's checks, where it may never
// run (an scf.if branch: dialect.always_runs): a slice.dynamic_window with those
// constants as operands, checked when it runs, as upstream's verifier takes them
// (session 66; an error here before). Static values out of bounds are an error here
// as upstream (convert-tensor-to-slice-invalid-past-end.mlir), but a static stride 0
// of two elements, which upstream's verifier takes, is an operand too.

// CHECK-LABEL: func.func @offset_past_the_end
// CHECK:         %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
// CHECKS-LABEL: func.func @offset_past_the_end
// CHECKS:         slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}"
// CHECKS:         slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] in_bounds
func.func @offset_past_the_end(%x: tensor<4xf32>, %b: i1) -> tensor<2xf32> {
  %r = scf.if %b -> (tensor<2xf32>) {
    %c5 = arith.constant 5 : index
    %w = tensor.extract_slice %x[%c5] [2] [1] : tensor<4xf32> to tensor<2xf32>
    scf.yield %w : tensor<2xf32>
  } else {
    %e = tensor.empty() : tensor<2xf32>
    scf.yield %e : tensor<2xf32>
  }
  func.return %r : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @constant_stride_0
// CHECK:         %w = slice.dynamic_window %x offsets [%o] sizes [2] strides [%c0] : tensor<?xf32> -> tensor<2xf32>
func.func @constant_stride_0(%x: tensor<?xf32>, %o: index, %b: i1) -> tensor<2xf32> {
  %r = scf.if %b -> (tensor<2xf32>) {
    %c0 = arith.constant 0 : index
    %w = tensor.extract_slice %x[%o] [2] [%c0] : tensor<?xf32> to tensor<2xf32>
    scf.yield %w : tensor<2xf32>
  } else {
    %e = tensor.empty() : tensor<2xf32>
    scf.yield %e : tensor<2xf32>
  }
  func.return %r : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @static_stride_0
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:    slice.dynamic_window %x offsets [0, 0] sizes [2, 1] strides [%[[ZERO]], 1] : tensor<4x4xf32> -> tensor<2x1xf32>
func.func @static_stride_0(%x: tensor<4x4xf32>, %b: i1) -> tensor<2x1xf32> {
  %r = scf.if %b -> (tensor<2x1xf32>) {
    %w = tensor.extract_slice %x[0, 0] [2, 1] [0, 1] : tensor<4x4xf32> to tensor<2x1xf32>
    scf.yield %w : tensor<2x1xf32>
  } else {
    %e = tensor.empty() : tensor<2x1xf32>
    scf.yield %e : tensor<2x1xf32>
  }
  func.return %r : tensor<2x1xf32>
}
