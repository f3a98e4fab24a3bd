// RUN: slice-opt %s -p canonicalize-slices | filecheck %s
// RUN: slice-opt %s -p canonicalize | filecheck %s --check-prefix=CANON

// `-p canonicalize` asks each op only for its own patterns, so this one, on upstream's
// reshape ops, runs under canonicalize-slices only.
// CANON: tensor.expand_shape

// A reshape of a window that only inserts or removes unit dims is the window with that
// result type, so convert-slice-to-tensor then convert-tensor-to-slice gives back one
// window; a reshape that merges dims stays.
// CHECK-LABEL: func @reshape_of_window(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CHECK-NEXT:      %[[A:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 3] strides [1, 2] : tensor<4x5xf32> -> tensor<1x3xf32>
// CHECK-NEXT:      %[[B:.+]] = slice.window %[[X]] offsets [1, 0] sizes [1, 3] strides [1, 2] : tensor<4x5xf32> -> tensor<3x1xf32>
// CHECK-NEXT:      %[[W:.+]] = slice.window %[[X]] offsets [0, 0] sizes [2, 3] strides [1, 1] : tensor<4x5xf32> -> tensor<2x3xf32>
// CHECK-NEXT:      %[[C:.+]] = tensor.collapse_shape %[[W]] {{.+}} : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT:      func.return %[[A]], %[[B]], %[[C]]
func.func @reshape_of_window(%x: tensor<4x5xf32>) -> (tensor<1x3xf32>, tensor<3x1xf32>, tensor<6xf32>) {
  %r = slice.window %x offsets [1, 0] sizes [1, 3] strides [1, 2] : tensor<4x5xf32> -> tensor<3xf32>
  %a = tensor.expand_shape %r [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
  %b = tensor.expand_shape %r [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
  %w = slice.window %x offsets [0, 0] sizes [2, 3] strides [1, 1] : tensor<4x5xf32> -> tensor<2x3xf32>
  %c = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  func.return %a, %b, %c : tensor<1x3xf32>, tensor<3x1xf32>, tensor<6xf32>
}
