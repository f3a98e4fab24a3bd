// RUN: slice-opt %s -p canonicalize-slices --split-input-file | filecheck %s

// A tensor.extract of a window's result reads the window's source where the window
// maps its indices (ExtractOfWindow, session 50): a static window and constant indices
// fold to the source's indices, and the window is dead.
// CHECK-LABEL: func.func @extract_of_window(
// CHECK-SAME:      %[[X:.+]]: tensor<4x8xf32>)
// CHECK-DAG:     %[[R:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C:.+]] = arith.constant 3 : index
// CHECK-NEXT:    %{{.+}} = tensor.extract %[[X]][%[[R]], %[[C]]] : tensor<4x8xf32>
// CHECK-NOT:     slice.window
func.func @extract_of_window(%x: tensor<4x8xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %w = slice.window %x offsets [3, 1] sizes [2, 3] strides [-1, 2] : tensor<4x8xf32> -> tensor<2x3xf32>
  %v = tensor.extract %w[%c1, %c1] : tensor<2x3xf32>
  func.return %v : f32
}

// -----

// A dynamic window: its checks stay, at the window, then the index's against the
// window's size (the message of any tensor.extract), then the read of the source at
// offset + stride * index; a dim the window drops (a shrink) is its offset.
// CHECK-LABEL: func.func @extract_of_dynamic_window(
// CHECK-SAME:      %[[X:.+]]: tensor<?x8xf32>, %[[O:.+]]: index, %[[N:.+]]: index, %[[I:.+]]: index)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0}: a size must be >= 0"
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: offsets[0] = {0} is out of bounds for dimension 0 of size {1}"
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index
// CHECK:         %[[IN:.+]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK:         slice.check %{{.+}}, "tensor.extract: index {0} is out of bounds for dimension 0 of size {1}"
// CHECK:         %[[STEP:.+]] = arith.muli %{{.+}}, %[[I]] : index
// CHECK-NEXT:    %[[AT:.+]] = arith.addi %[[O]], %[[STEP]] : index
// CHECK:         %{{.+}} = tensor.extract %[[X]][%[[AT]], %{{.+}}] : tensor<?x8xf32>
// CHECK-NOT:     slice.dynamic_window
func.func @extract_of_dynamic_window(%x: tensor<?x8xf32>, %o: index, %n: index, %i: index) -> f32 {
  %w = slice.dynamic_window %x offsets [%o, 1] sizes [%n, 1] strides [2, 1] : tensor<?x8xf32> -> tensor<?xf32>
  %v = tensor.extract %w[%i] : tensor<?xf32>
  func.return %v : f32
}
