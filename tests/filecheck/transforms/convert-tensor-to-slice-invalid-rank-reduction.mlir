// RUN: slice-opt %s -p convert-tensor-to-slice --split-input-file --verify-diagnostics | filecheck %s

// A result type that is not the sizes with some unit dims dropped in place is an error at
// the extract_slice, as upstream's verifier has it (session 48's review: a window that
// inserted unit dims, or moved one, was made and exported as valid).

func.func @rank_increase(%x: tensor<4x5xf32>) -> tensor<2x3x1x1xf32> {
  // expected-error @+1 {{tensor.extract_slice: result type tensor<2x3x1x1xf32> does not match sizes [2, 3] (only size-1 dims may be removed, in place)}}
  %r = tensor.extract_slice %x[0, 0] [2, 3] [1, 1] : tensor<4x5xf32> to tensor<2x3x1x1xf32>
  func.return %r : tensor<2x3x1x1xf32>
}

// -----

func.func @unit_dim_moved(%x: tensor<4x5x6xf32>) -> tensor<2x3x1xf32> {
  // expected-error @+1 {{tensor.extract_slice: result type tensor<2x3x1xf32> does not match sizes [2, 1, 3] (only size-1 dims may be removed, in place)}}
  %r = tensor.extract_slice %x[0, 1, 0] [2, 1, 3] [1, 1, 2] : tensor<4x5x6xf32> to tensor<2x3x1xf32>
  func.return %r : tensor<2x3x1xf32>
}

// -----

func.func @rank_increase_dynamic(%x: tensor<?xf32>, %o: index) -> tensor<1x2xf32> {
  // expected-error @+1 {{tensor.extract_slice: result type tensor<1x2xf32> does not match the sizes (only size-1 dims may be removed, in place)}}
  %r = tensor.extract_slice %x[%o] [2] [1] : tensor<?xf32> to tensor<1x2xf32>
  func.return %r : tensor<1x2xf32>
}

// -----

// xDSL's verifier takes a slice that changes the element type; the error names it,
// not the window it would have become.
func.func @element_type(%x: tensor<4xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{tensor.extract_slice: result element type i32 differs from the source element type f32}}
  %r = tensor.extract_slice %x[0] [2] [1] : tensor<4xf32> to tensor<2xi32>
  func.return %r : tensor<2xi32>
}

// -----

// Dropping unit dims in place, a dynamic size kept: converted.
// CHECK-LABEL: func.func @dropped_in_place(
// CHECK:         slice.window %{{.+}} offsets [0, 1, 0] sizes [2, 1, 3] strides [1, 1, 2] : tensor<4x5x6xf32> -> tensor<2x3xf32>
// CHECK-LABEL: func.func @dropped_in_place_dynamic(
// CHECK:         slice.dynamic_window
func.func @dropped_in_place(%x: tensor<4x5x6xf32>) -> tensor<2x3xf32> {
  %r = tensor.extract_slice %x[0, 1, 0] [2, 1, 3] [1, 1, 2] : tensor<4x5x6xf32> to tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
func.func @dropped_in_place_dynamic(%x: tensor<?x5xf32>, %n: index) -> tensor<?xf32> {
  %r = tensor.extract_slice %x[0, 2] [%n, 1] [1, 1] : tensor<?x5xf32> to tensor<?xf32>
  func.return %r : tensor<?xf32>
}
