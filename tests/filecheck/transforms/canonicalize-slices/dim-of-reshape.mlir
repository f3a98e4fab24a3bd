// RUN: slice-opt %s -p canonicalize-slices --split-input-file | filecheck %s

// A tensor.dim of a tensor.collapse_shape is the product of its group's dims (MLIR's
// FoldDimOfCollapseShape; since session 56), and the dims of a window's result are its
// sizes (DimOfWindow): the normalization of a slice of a flattened run-time window
// reads the window's size, not the window.
// CHECK-LABEL: func.func @dim_of_a_collapse(
// CHECK-SAME:      %[[X:.+]]: tensor<6x8xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:         %[[C4:.+]] = arith.constant 4 : index
// CHECK:         %[[D:.+]] = arith.muli %[[N]], %[[C4]] : index
// CHECK-NEXT:    func.return %[[D]] : index
func.func @dim_of_a_collapse(%x: tensor<6x8xf32>, %o: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %w = slice.dynamic_window %x offsets [%o, 1] sizes [%n, 4] strides [1, 2] : tensor<6x8xf32> -> tensor<?x4xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %d = tensor.dim %f, %c0 : tensor<?xf32>
  func.return %d : index
}

// -----

// Of an argument's collapse: the argument's dims multiplied; a static dim of the
// result is the constant.
// CHECK-LABEL: func.func @dim_of_a_collapsed_argument(
// CHECK-SAME:      %[[X:.+]]: tensor<?x?x3xf32>)
// CHECK-DAG:     %[[D0:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x3xf32>
// CHECK-DAG:     %[[D1:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x3xf32>
// CHECK:         %[[P:.+]] = arith.muli %[[D0]], %[[D1]] : index
// CHECK:         %[[C3:.+]] = arith.constant 3 : index
// CHECK:         func.return %[[P]], %[[C3]] : index, index
func.func @dim_of_a_collapsed_argument(%x: tensor<?x?x3xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x3xf32> into tensor<?x3xf32>
  %d0 = tensor.dim %f, %c0 : tensor<?x3xf32>
  %d1 = tensor.dim %f, %c1 : tensor<?x3xf32>
  func.return %d0, %d1 : index, index
}

// -----

// Of a tensor.expand_shape: its output_shape entry (MLIR's FoldDimOfExpandShape), after
// the expand's checks where it is (the expand is then unused: review 70 found its
// output_shape entry returned unchecked).
// CHECK-LABEL: func.func @dim_of_an_expand(
// CHECK-SAME:      %[[X:.+]]: tensor<?xf32>, %[[A:.+]]: index)
// CHECK:         %[[D:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?xf32>
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: output_shape[0] = {0}: a dim must be >= 0"
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: dimension 0 of the source is {0}, not output_shape[0] = {1} times 4"
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: a result of shape [{0}, 4] has more than INT64_MAX elements, each 0 counted as 1 (numpy's bound, which every tensor here keeps)"
// CHECK-NOT:     tensor.expand_shape
// CHECK:         func.return %[[A]] : index
func.func @dim_of_an_expand(%x: tensor<?xf32>, %a: index) -> index {
  %c0 = arith.constant 0 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%a, 4] : tensor<?xf32> into tensor<?x4xf32>
  %d = tensor.dim %e, %c0 : tensor<?x4xf32>
  func.return %d : index
}

// -----

// Of a collapse of a cast to static dims: the constant, after the cast's checks where
// it is (the cast is then unused: review 70 found its check dropped).
// CHECK-LABEL: func.func @dim_of_a_collapsed_cast(
// CHECK:         slice.check %{{.+}}, "tensor.cast: dimension 0 of the value is {0} but the result type tensor<2x4xf32> has 2"
// CHECK:         slice.check %{{.+}}, "tensor.cast: dimension 1 of the value is {0} but the result type tensor<2x4xf32> has 4"
// CHECK:         %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT:    func.return %[[C8]] : index
func.func @dim_of_a_collapsed_cast(%x: tensor<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c = tensor.cast %x : tensor<?x?xf32> to tensor<2x4xf32>
  %f = tensor.collapse_shape %c [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %d = tensor.dim %f, %c0 : tensor<8xf32>
  func.return %d : index
}
