// RUN: slice-opt %s -p convert-tensor-to-slice --split-input-file | filecheck %s
// RUN: slice-opt %s -p convert-tensor-to-slice,canonicalize-slices --split-input-file | filecheck %s --check-prefix=CANON

// convert-tensor-to-slice: a static tensor.extract_slice is the same slice.window in
// normal form (stride 1 where the size is at most 1, offset 0 where it is 0); negative
// strides and rank-reducing slices included. Then canonicalize-slices composes chains.

// CHECK-LABEL: func @negative_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CHECK-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xf32>
func.func @negative_stride(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = tensor.extract_slice %x[1, 4] [2, 3] [1, -2] : tensor<4x5xf32> to tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// Rank-reducing: the window keeps the result type; size-1 and size-0 dims are put in
// normal form (the stride 7 of a one-element dim and the offset 3 of an empty dim go).
// CHECK-LABEL: func @rank_reducing(
// CHECK-NEXT:      %{{.+}} = slice.window %{{.+}} offsets [2, 0, 0] sizes [1, 0, 4] strides [1, 1, 1] : tensor<4x5x6xi8> -> tensor<0x4xi8>
func.func @rank_reducing(%x: tensor<4x5x6xi8>) -> tensor<0x4xi8> {
  %r = tensor.extract_slice %x[2, 3, 0] [1, 0, 4] [7, 2, 1] : tensor<4x5x6xi8> to tensor<0x4xi8>
  func.return %r : tensor<0x4xi8>
}

// -----

// A chain of extract_slices (a reversal, then every other row and a rank reduction)
// is one window after canonicalize-slices.
// CHECK-LABEL: func @chain(
// CHECK-COUNT-2:   slice.window
// CANON-LABEL: func @chain(
// CANON-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CANON-NEXT:      %[[R:.+]] = slice.window %[[X]] offsets [2, 4] sizes [1, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<3xf32>
// CANON-NEXT:      func.return %[[R]] : tensor<3xf32>
func.func @chain(%x: tensor<4x5xf32>) -> tensor<3xf32> {
  %a = tensor.extract_slice %x[3, 4] [4, 5] [-1, -1] : tensor<4x5xf32> to tensor<4x5xf32>
  %b = tensor.extract_slice %a[1, 0] [1, 3] [1, 2] : tensor<4x5xf32> to tensor<3xf32>
  func.return %b : tensor<3xf32>
}

// -----

// Framework slices and extract_slices compose too: ONNX's x[1:4] then a reversal.
// CANON-LABEL: func @with_framework_op(
// CANON-NEXT:      %[[R:.+]] = slice.window %{{.+}} offsets [3] sizes [3] strides [-1] : tensor<6xi32> -> tensor<3xi32>
// CANON-NEXT:      func.return %[[R]]
func.func @with_framework_op(%x: tensor<6xi32>) -> tensor<3xi32> {
  %a = slice.onnx_v1 %x starts [1] ends [4] : tensor<6xi32> -> tensor<3xi32>
  %b = tensor.extract_slice %a[2] [3] [-1] : tensor<3xi32> to tensor<3xi32>
  func.return %b : tensor<3xi32>
}

// -----

// A dynamic extract_slice, or a slice of a dynamically shaped tensor, becomes a
// slice.dynamic_window (more in convert-tensor-to-slice-dynamic.mlir).
// CHECK-LABEL: func @dynamic(
// CHECK-NEXT:      %{{.+}} = slice.dynamic_window %{{.+}} offsets [%{{.+}}] sizes [2] strides [1] : tensor<8xf32> -> tensor<2xf32>
// CHECK-NEXT:      %{{.+}} = slice.dynamic_window %{{.+}} offsets [0] sizes [2] strides [1] : tensor<?xf32> -> tensor<2xf32>
func.func @dynamic(%x: tensor<8xf32>, %o: index, %y: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r = tensor.extract_slice %x[%o] [2] [1] : tensor<8xf32> to tensor<2xf32>
  %s = tensor.extract_slice %y[0] [2] [1] : tensor<?xf32> to tensor<2xf32>
  func.return %r, %s : tensor<2xf32>, tensor<2xf32>
}

// -----

// Slices of elements slice ops do not move (index here), or of encoded tensors (a
// window would drop the encoding), are left as they are, valid or not: the stride 0 of
// two elements below was refused with a window's message (helper 23's review).
// CHECK-LABEL: func @left_alone(
// CHECK-NEXT:      tensor.extract_slice %{{.+}}[1] [2] [0] : tensor<4xindex> to tensor<2xindex>
// CHECK-NEXT:      tensor.extract_slice %{{.+}}[3, 5] [2, 3] [-2, -2] : tensor<4x6xf32, "enc"> to tensor<2x3xf32, "enc">
// CHECK-NOT:       slice.
func.func @left_alone(%x: tensor<4xindex>, %y: tensor<4x6xf32, "enc">) -> (tensor<2xindex>, tensor<2x3xf32, "enc">) {
  %a = tensor.extract_slice %x[1] [2] [0] : tensor<4xindex> to tensor<2xindex>
  %b = tensor.extract_slice %y[3, 5] [2, 3] [-2, -2] : tensor<4x6xf32, "enc"> to tensor<2x3xf32, "enc">
  func.return %a, %b : tensor<2xindex>, tensor<2x3xf32, "enc">
}

// -----

// A size operand that is a constant 1 stays an operand, so the ? of its result dim
// pairs with it (folded, a static 1 did not: the pass failed); canonicalize-slices then
// folds it, and a tensor.cast gives the result type.
// CHECK-LABEL: func @constant_size_one(
// CHECK:           slice.dynamic_window %{{.+}} offsets [2, 0] sizes [%{{.+}}, 4] strides [1, 1] : tensor<4x4xf32> -> tensor<?x4xf32>
// CANON-LABEL: func @constant_size_one(
// CANON-NEXT:      %[[W:.+]] = slice.window %{{.+}} offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<4x4xf32> -> tensor<1x4xf32>
// CANON-NEXT:      %[[C:.+]] = tensor.cast %[[W]] : tensor<1x4xf32> to tensor<?x4xf32>
// CANON-NEXT:      func.return %[[C]]
func.func @constant_size_one(%x: tensor<4x4xf32>) -> tensor<?x4xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.extract_slice %x[2, 0] [%c1, 4] [1, 1] : tensor<4x4xf32> to tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}
