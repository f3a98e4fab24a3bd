// RUN: slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-loops | filecheck %s

// A tensor.collapse_shape of a lowered value (since session 55) is a view of its
// buffer, memref.collapse_shape: every buffer of the lowering is row-major and
// contiguous. A crop whose one use is a returned reshape (since session 56) is copied
// straight into the output, whose row-major elements are the crop's in the same order.
// CHECK-LABEL: func.func @flatten_a_crop(
// CHECK-SAME:      %[[X:.+]]: memref<6x8xf32>, %[[OUT:.+]]: memref<6xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK:           slice.copy_run %{{.+}}[%{{.+}}], %[[OUT]][%{{.+}}] count 3 source_stride 1 dest_stride 1 : memref<48xf32>, memref<6xf32>
// CHECK-NOT:     slice.copy_run
// CHECK-NOT:     tensor.
func.func @flatten_a_crop(%x: tensor<6x8xf32>) -> tensor<6xf32> {
  %w = slice.window %x offsets [1, 0] sizes [2, 3] strides [1, 1] : tensor<6x8xf32> -> tensor<2x3xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  func.return %f : tensor<6xf32>
}

// -----

// A crop flattened, returned and sliced: written into its output, which the slice
// then reads, as a window returned and sliced is.
// CHECK-LABEL: func.func @flatten_a_crop_and_slice_it(
// CHECK-SAME:      %[[X:.+]]: memref<6x8xf32>, %[[OUT0:.+]]: memref<6xf32>, %[[OUT1:.+]]: memref<2xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         slice.copy_run %{{.+}}, %[[OUT0]][%{{.+}}] count 3 source_stride 1 dest_stride 1 : memref<48xf32>, memref<6xf32>
// CHECK:         slice.copy_run %[[OUT0]][%{{.+}}], %[[OUT1]][%{{.+}}] count 2 source_stride 2
// CHECK-NOT:     slice.copy_run
// CHECK-NOT:     tensor.
func.func @flatten_a_crop_and_slice_it(%x: tensor<6x8xf32>) -> (tensor<6xf32>, tensor<2xf32>) {
  %w = slice.window %x offsets [1, 0] sizes [2, 3] strides [1, 1] : tensor<6x8xf32> -> tensor<2x3xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %g = slice.window %f offsets [1] sizes [2] strides [2] : tensor<6xf32> -> tensor<2xf32>
  func.return %f, %g : tensor<6xf32>, tensor<2xf32>
}

// -----

// A flattened argument with a `?` dim, sliced at run time: the window reads the view;
// the view's dim, which the slice's normalization reads, is the argument's times 4
// (canonicalize-slices' DimOfReshape, since session 56), so the shape function needs
// no view.
// CHECK-LABEL: func.func @slice_of_a_flattened_argument(
// CHECK-SAME:      %[[X:.+]]: memref<?x4xf32>,
// CHECK-NEXT:    %[[F:.+]] = memref.collapse_shape %[[X]] {{\[}}[0 : i64, 1 : i64]] : memref<?x4xf32> into memref<?xf32>
// CHECK:         %[[D:.+]] = memref.dim %[[X]], %{{.+}} : memref<?x4xf32>
// CHECK:         arith.muli %[[D]], %{{.+}} : index
// CHECK:         slice.dynamic_copy_run %[[F]][%{{.+}}], %{{.+}}[%{{.+}}]
// CHECK-LABEL: func.func @slice_of_a_flattened_argument.shape(
// CHECK-NOT:     memref.collapse_shape
// CHECK:         memref.dim %{{.+}} : memref<?x4xf32>
// CHECK-NOT:     memref.collapse_shape
// CHECK:         func.return
func.func @slice_of_a_flattened_argument(%x: tensor<?x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?xf32> {
  %f = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %r = slice.onnx %f starts %s ends %e : tensor<?xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A tensor.expand_shape between static types is a view too: memref.expand_shape. A crop
// expanded and returned is copied into the output like a flattened one.
// CHECK-LABEL: func.func @expand_a_crop(
// CHECK-SAME:      %{{.+}}: memref<6x8xf32>, %[[OUT:.+]]: memref<2x2x3xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[FLAT:.+]] = memref.collapse_shape %[[OUT]] {{\[}}[0 : i64, 1 : i64, 2 : i64]] : memref<2x2x3xf32> into memref<12xf32>
// CHECK:         slice.copy_run %{{.+}}, %[[FLAT]][%{{.+}}] count 6 source_stride 1 dest_stride 1
// CHECK-NOT:     slice.copy_run
// CHECK-NOT:     tensor.
func.func @expand_a_crop(%x: tensor<6x8xf32>) -> tensor<2x2x3xf32> {
  %w = slice.window %x offsets [1, 0] sizes [2, 6] strides [1, 1] : tensor<6x8xf32> -> tensor<2x6xf32>
  %f = tensor.expand_shape %w [[0], [1, 2]] output_shape [2, 2, 3] : tensor<2x6xf32> into tensor<2x2x3xf32>
  func.return %f : tensor<2x2x3xf32>
}

// -----

// An expanded crop sliced again reads the crop's buffer through memref.expand_shape.
// CHECK-LABEL: func.func @expand_a_crop_and_slice_it(
// CHECK:         %[[W:.+]] = memref.alloc() : memref<2x6xf32>
// CHECK:         %[[F:.+]] = memref.expand_shape %[[W]] {{\[}}[0 : i64], [1 : i64, 2 : i64]] output_shape [2, 2, 3] : memref<2x6xf32> into memref<2x2x3xf32>
// CHECK:         memref.collapse_shape %[[F]]
// CHECK-NOT:     tensor.
func.func @expand_a_crop_and_slice_it(%x: tensor<6x8xf32>) -> tensor<2x2x1xf32> {
  %w = slice.window %x offsets [1, 0] sizes [2, 6] strides [1, 1] : tensor<6x8xf32> -> tensor<2x6xf32>
  %f = tensor.expand_shape %w [[0], [1, 2]] output_shape [2, 2, 3] : tensor<2x6xf32> into tensor<2x2x3xf32>
  %g = slice.window %f offsets [0, 0, 2] sizes [2, 2, 1] strides [1, 1, 1] : tensor<2x2x3xf32> -> tensor<2x2x1xf32>
  func.return %g : tensor<2x2x1xf32>
}

// -----

// A window of run-time size whose one use is a returned collapse is written into the
// output (the same elements in the same order); the output's dim is checked against
// the product of the group's sizes, with the collapse's message, and the shape function
// multiplies them.
// CHECK-LABEL: func.func @flatten_a_run_time_crop(
// CHECK-SAME:      %[[OUT:[^:]+]]: memref<?xf32>)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index
// CHECK:         %[[P:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// CHECK:         slice.check %{{.+}}, "tensor.collapse_shape: dimension 0 of the result is {0} but the output has {1}"
// CHECK:         slice.dynamic_copy_run %{{.+}}, %[[OUT]][%{{.+}}] count %[[P]]
// CHECK-NOT:     tensor.
// CHECK-LABEL: func.func @flatten_a_run_time_crop.shape(
// CHECK:         arith.muli
// CHECK:         memref.store
func.func @flatten_a_run_time_crop(%x: tensor<6x8xf32>, %o: index, %n: index) -> tensor<?xf32> {
  %w = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 8] strides [1, 1] : tensor<6x8xf32> -> tensor<?x8xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  func.return %f : tensor<?xf32>
}

// -----

// A window of run-time size sliced again through its collapse (since session 56; it
// was refused): copied into a buffer of its own, allocated after its checks with its
// run-time size, freed at the end of the function; the slice reads the collapse's
// view of it. DimOfReshape gives the view's dim as the window's size times 4, so the
// shape function copies nothing.
// CHECK-LABEL: func.func @slice_a_flattened_run_time_crop(
// CHECK-SAME:      %[[OUT:[^:]+]]: memref<?xf32>)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index
// CHECK-NEXT:    %[[W:.+]] = memref.alloc(%[[N:.+]]) : memref<?x4xf32>
// CHECK:         %[[F:.+]] = memref.collapse_shape %[[W]] {{\[}}[0 : i64, 1 : i64]] : memref<?x4xf32> into memref<?xf32>
// CHECK:         slice.dynamic_copy_run %{{.+}}, %[[F]][%{{.+}}] count
// CHECK:         slice.dynamic_copy_run %[[F]][%{{.+}}], %[[OUT]][%{{.+}}] count %{{.+}} source_stride %{{.+}} adaptive
// CHECK:         memref.dealloc %[[W]] : memref<?x4xf32>
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @slice_a_flattened_run_time_crop.shape(
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     slice.dynamic_copy_run
// CHECK:         func.return
func.func @slice_a_flattened_run_time_crop(%x: tensor<6x8xf32>, %o: index, %n: index, %p: index, %q: index) -> tensor<?xf32> {
  %w = slice.dynamic_window %x offsets [%o, 1] sizes [%n, 4] strides [1, 2] : tensor<6x8xf32> -> tensor<?x4xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %r = slice.dynamic_window %f offsets [%p] sizes [%q] strides [3] : tensor<?xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// An expand to ? dims (since session 56; it was refused): the view's run-time
// output_shape entry is checked first to split the source's dim exactly (upstream
// leaves another split undefined), with the interpreter's messages at the expand.
// CHECK-LABEL: func.func @expand_to_run_time_dims(
// CHECK-SAME:      %[[X:.+]]: memref<?xf32>, %{{.+}}: memref<i64>, %[[OUT:.+]]: memref<?x2xf32>)
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: output_shape[0] = {0}: a dim must be >= 0"
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: dimension 0 of the source is {0}, not output_shape[0] = {1} times 2"
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: a result of shape [{0}, 2] has more than INT64_MAX elements, each 0 counted as 1
// CHECK-NEXT:    %[[E:.+]] = memref.expand_shape %[[X]] {{\[}}[0 : i64, 1 : i64]] output_shape [%{{.+}}, 2] : memref<?xf32> into memref<?x2xf32>
// CHECK:         slice.dynamic_copy_run %{{.+}}, %{{.+}} count
// CHECK-LABEL: func.func @expand_to_run_time_dims.shape(
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: dimension 0 of the source
// CHECK-NOT:     memref.expand_shape
// CHECK:         func.return
func.func @expand_to_run_time_dims(%x: tensor<?xf32>, %n: index) -> tensor<?x2xf32> {
  %f = tensor.expand_shape %x [[0, 1]] output_shape [%n, 2] : tensor<?xf32> into tensor<?x2xf32>
  func.return %f : tensor<?x2xf32>
}

// -----

// A group of two run-time output_shape entries (since session 58; it was refused):
// checked by division, the first dividing the source's dim (a 0 entry divides as 1,
// and the group then splits only a dim of 0), the static 2 and the second what is
// left, so no product of entries leaves int64; then the result's dims, each 0 counted
// as 1, against INT64_MAX elements (numpy's bound: [2**62, 2, 0, 6] of no rows is
// refused, so no collapse of the result can wrap).
// CHECK-LABEL: func.func @expand_by_two_run_time_dims(
// CHECK-SAME:      %[[X:.+]]: memref<?x6xf32>, %{{.+}}: memref<i64>, %{{.+}}: memref<i64>, %[[OUT:.+]]: memref<?x2x?x6xf32>)
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: output_shape[0] = {0}: a dim must be >= 0"
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: output_shape[2] = {0}: a dim must be >= 0"
// CHECK:         %[[DIVISOR:.+]] = arith.maxsi %[[N:.+]], %{{.+}} : index
// CHECK:         arith.remsi %[[ROWS:.+]], %[[DIVISOR]] : index
// CHECK:         %[[LEFT:.+]] = arith.divsi %[[ROWS]], %[[DIVISOR]] : index
// CHECK:         arith.remsi %[[LEFT]], %{{.+}} : index
// CHECK:         arith.divsi %[[LEFT]], %{{.+}} : index
// CHECK:         arith.cmpi eq, %[[N]], %{{.+}} : index
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: dimension 0 of the source is {0}, not output_shape[0] = {1} times output_shape[2] = {2} times 2"
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: a result of shape [{0}, 2, {1}, 6] has more than INT64_MAX elements, each 0 counted as 1
// CHECK-NEXT:    memref.expand_shape %[[X]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] output_shape [%[[N]], 2, %{{.+}}, 6] : memref<?x6xf32> into memref<?x2x?x6xf32>
// CHECK-LABEL: func.func @expand_by_two_run_time_dims.shape(
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: dimension 0 of the source is {0}, not output_shape[0] = {1} times output_shape[2] = {2} times 2"
func.func @expand_by_two_run_time_dims(%x: tensor<?x6xf32>, %n: index, %m: index) -> tensor<?x2x?x6xf32> {
  %e = tensor.expand_shape %x [[0, 1, 2], [3]] output_shape [%n, 2, %m, 6] : tensor<?x6xf32> into tensor<?x2x?x6xf32>
  func.return %e : tensor<?x2x?x6xf32>
}
