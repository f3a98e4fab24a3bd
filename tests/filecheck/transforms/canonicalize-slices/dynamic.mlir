// RUN: slice-opt %s -p canonicalize-slices --split-input-file | filecheck %s

// A framework op whose parameters are run-time values or whose data has
// `?` dims becomes its normalization in IR (the rule of slice_dialect/semantics.py run on
// the IR domain: arith on i64, slice.check with the verifier's messages) and one
// slice.dynamic_window. What is constant folds.

// A run-time start on a static dim of 10, step 1: the start is normalized and clamped
// (negative values count from the back, clamped to [0, 10] before 10 is added), the end
// is constant.
// CHECK-LABEL: func.func @onnx_runtime_start(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>, %[[S:.+]]: tensor<1xi64>)
// CHECK:         %[[S0:.+]] = tensor.extract %[[S]][%{{.+}}] : tensor<1xi64>
// CHECK:         arith.maxsi %[[S0]], %{{.+}} : i64
// CHECK:         arith.cmpi slt, %[[S0]], %{{.+}} : i64
// CHECK-NOT:     slice.check
// CHECK:         %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%{{.+}}] sizes [%{{.+}}] strides [1] in_bounds : tensor<10xf32> -> tensor<?xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<?xf32>
func.func @onnx_runtime_start(%x: tensor<10xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %e = arith.constant dense<8> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A run-time step: checked non-zero with the verifier's message; i32 operands are
// sign-extended.
// CHECK-LABEL: func.func @onnx_runtime_step(
// CHECK:         %[[ST:.+]] = arith.extsi %{{.+}} : i32 to i64
// CHECK:         %[[NZ:.+]] = arith.cmpi ne, %[[ST]], %{{.+}} : i64
// CHECK-NEXT:    slice.check %[[NZ]], "slice.onnx: steps[0] = 0: a step must be non-zero"
// CHECK:         arith.divsi
// CHECK:         arith.remsi
// CHECK:         slice.dynamic_window %{{.+}} offsets [0] sizes [%{{.+}}] strides [%{{.+}}] in_bounds : tensor<10xf32> -> tensor<?xf32>
func.func @onnx_runtime_step(%x: tensor<10xf32>, %st: tensor<1xi32>) -> tensor<?xf32> {
  %s = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<10> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A `?` data dim with constant parameters: the dim is read with tensor.dim.
// CHECK-LABEL: func.func @onnx_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK:         %[[D:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x4xf32>
// CHECK-NEXT:    arith.index_cast %[[D]] : index to i64
// CHECK:         slice.dynamic_window %[[X]] offsets [%{{.+}}, 1] sizes [%{{.+}}, 2] strides [1, 1] in_bounds : tensor<?x4xf32> -> tensor<?x2xf32>
func.func @onnx_dynamic_dim(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %s = arith.constant dense<[1, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 3]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x2xf32>
  func.return %r : tensor<?x2xf32>
}

// -----

// A static result dim the run-time values must produce is a run-time check, then the
// window's static size.
// CHECK-LABEL: func.func @tf_promised_dim(
// CHECK:         slice.check %{{.+}}, "slice.tf_strided_slice: result type tensor<3xf32> does not match the shape [{0}] the slice gives", %{{.+}}
// CHECK:         slice.dynamic_window %{{.+}} offsets [%{{.+}}] sizes [3] strides [1] in_bounds : tensor<8xf32> -> tensor<3xf32>
func.func @tf_promised_dim(%x: tensor<8xf32>, %b: tensor<1xi64>) -> tensor<3xf32> {
  %e = arith.constant dense<5> : tensor<1xi64>
  %s = arith.constant dense<1> : tensor<1xi64>
  %r = slice.tf_strided_slice %x begin %b end %e strides %s : tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// -----

// Constant index operands of a dynamic window fold into it; all static, it is a window.
// CHECK-LABEL: func.func @dynamic_window_folds(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>)
// CHECK-NEXT:    %[[W:.+]] = slice.window %[[X]] offsets [1, 0] sizes [2, 3] strides [1, 2] : tensor<4x6xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.+]] = tensor.cast %[[W]] : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK-NEXT:    func.return %[[C]] : tensor<?x3xf32>
func.func @dynamic_window_folds(%x: tensor<4x6xf32>) -> tensor<?x3xf32> {
  %o = arith.constant 1 : index
  %n = arith.constant 2 : index
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2] : tensor<4x6xf32> -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}

// -----

// A window of a dynamic window is one dynamic window (semantics.compose_dim_on on the
// IR domain); the checks of both stay, so an invalid one still fails when it runs.
// CHECK-LABEL: func.func @window_of_dynamic_window(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: offsets[0] = {0} is out of bounds for dimension 0 of size {1}"
// CHECK:         %[[OFF:.+]] = arith.addi %[[O]], %{{.+}} : index
// CHECK-NEXT:    %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[OFF]], 5] sizes [2, 3] strides [-2, -2] : tensor<?x6xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<2x3xf32>
func.func @window_of_dynamic_window(%x: tensor<?x6xf32>, %o: index, %n: index) -> tensor<2x3xf32> {
  %a = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 6] strides [2, 1] : tensor<?x6xf32> -> tensor<?x6xf32>
  %b = slice.dynamic_window %a offsets [1, 5] sizes [2, 3] strides [-1, -2] : tensor<?x6xf32> -> tensor<2x3xf32>
  func.return %b : tensor<2x3xf32>
}

// -----

// tensor.dim of a window's result (through tensor.cast) is the window's size, so a
// sliced tensor that is also returned is only returned (it lowers into its output).
// Since session 54 the window's checks are made where it is, once, and the window is
// then in_bounds: a window read only through its dims is checked too.
// CHECK-LABEL: func.func @dim_of_window(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0}: a size must be >= 0"
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: offsets[0] = {0} is out of bounds
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index
// CHECK-NOT:     slice.check
// CHECK:         %[[A:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], 0] sizes [%[[N]], 3] strides [1, 2] in_bounds : tensor<?x6xf32> -> tensor<?x3xf32>
// CHECK-NEXT:    %[[C:.+]] = arith.constant 3 : index
// CHECK-NEXT:    func.return %[[A]], %[[N]], %[[C]] : tensor<?x3xf32>, index, index
func.func @dim_of_window(%x: tensor<?x6xf32>, %o: index, %n: index) -> (tensor<?x3xf32>, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
  %b = tensor.cast %a : tensor<?x3xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %a, %c0 : tensor<?x3xf32>
  %d1 = tensor.dim %b, %c1 : tensor<?x?xf32>
  func.return %a, %d0, %d1 : tensor<?x3xf32>, index, index
}

// -----

// A window that drops one unit dim and inserts another keeps its rank: result dim k
// is not sizes[k]. Dims pair once static unit dims are dropped on both sides
// (unit_dim_pairs): dim 0 of the 1x3 result is 1, dim 1 is sizes[0] = 3; of the
// dynamic window's 1x? result, dim 1 is %n (after its checks, since session 54).
// CHECK-LABEL: func.func @dim_of_window_with_moved_unit_dims(
// CHECK-SAME:      %[[X:.+]]: tensor<3x1xf32>, %[[Y:.+]]: tensor<?x1xf32>, %[[N:.+]]: index)
// CHECK-NEXT:    %[[D0:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[D1:.+]] = arith.constant 3 : index
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index
// CHECK-NEXT:    %[[E0:.+]] = arith.constant 1 : index
// CHECK-NEXT:    func.return %[[D0]], %[[D1]], %[[E0]], %[[N]] : index, index, index, index
func.func @dim_of_window_with_moved_unit_dims(%x: tensor<3x1xf32>, %y: tensor<?x1xf32>, %n: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = slice.window %x offsets [0, 0] sizes [3, 1] strides [1, 1] : tensor<3x1xf32> -> tensor<1x3xf32>
  %wc = tensor.cast %w : tensor<1x3xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %wc, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %wc, %c1 : tensor<?x?xf32>
  %v = slice.dynamic_window %y offsets [0, 0] sizes [%n, 1] strides [1, 1] : tensor<?x1xf32> -> tensor<1x?xf32>
  %e0 = tensor.dim %v, %c0 : tensor<1x?xf32>
  %e1 = tensor.dim %v, %c1 : tensor<1x?xf32>
  func.return %d0, %d1, %e0, %e1 : index, index, index, index
}

// -----

// A window of an empty window whose sizes pair with its result's dims only once unit
// dims are dropped (sizes [2, 0, 1], result 1x2x0: a unit dim inserted and one removed,
// the same rank; the normal form of this empty slice, as the result does not fit the
// source dim by dim): composed by those pairs, not dim by dim (that checked the outer
// offsets against the wrong inner dims and failed a valid program; fuzz13, ONNX random
// model 20021; until session 42 it was not composed at all). The outer window's dim 1
// is the inner window's dim 0, its dim 2 the inner dim 1; inner dim 2 stays one element.
// CHECK-LABEL: func.func @window_of_empty_window_unit_dims_moved(
// CHECK-NOT:     slice.window
// CHECK:         %[[B:.+]] = slice.dynamic_window %{{.+}} offsets [%{{.+}}, 0, 0] sizes [%{{.+}}, 0, 1] strides [1, 1, 1] : tensor<2x1x4xf32> -> tensor<1x?x0xf32>
// CHECK-NEXT:    func.return %[[B]]
func.func @window_of_empty_window_unit_dims_moved(%x: tensor<2x1x4xf32>, %o: index, %n: index) -> tensor<1x?x0xf32> {
  %a = slice.window %x offsets [0, 0, 0] sizes [2, 0, 1] strides [1, 1, 1] : tensor<2x1x4xf32> -> tensor<1x2x0xf32>
  %b = slice.dynamic_window %a offsets [0, %o, 0] sizes [1, %n, 0] strides [1, 1, 1] : tensor<1x2x0xf32> -> tensor<1x?x0xf32>
  func.return %b : tensor<1x?x0xf32>
}

// -----

// The same program with sizes [0, 1, 2] for the 1x0x2 empty window: the window first
// takes the normal form of an empty slice (sizes [1, 0, 2], the result's shape), and then
// the two compose dim by dim into one dynamic window of x.
// CHECK-LABEL: func.func @window_of_empty_window_normalized_then_composed(
// CHECK-NOT:     slice.window
// CHECK:         %{{.+}} = slice.dynamic_window %{{.+}} offsets [0, 0, %{{.+}}] sizes [1, 0, %{{.+}}] strides [1, 1, 1] : tensor<3x3x4xf32> -> tensor<1x0x?xf32>
// CHECK-NOT:     slice.window
func.func @window_of_empty_window_normalized_then_composed(%x: tensor<3x3x4xf32>, %o: index, %n: index) -> tensor<1x0x?xf32> {
  %a = slice.window %x offsets [0, 0, 0] sizes [0, 1, 2] strides [1, 1, 1] : tensor<3x3x4xf32> -> tensor<1x0x2xf32>
  %b = slice.dynamic_window %a offsets [0, 0, %o] sizes [1, 0, %n] strides [1, 1, 1] : tensor<1x0x2xf32> -> tensor<1x0x?xf32>
  func.return %b : tensor<1x0x?xf32>
}

// -----

// A slice of a tensor.cast that only hides static dims slices the cast's source (MLIR's
// ExtractSliceOpCastFolder): a slice of a slice written with a `?` type is one window, as
// with static types, under canonicalize-slices and canonicalize alike.
// CHECK-LABEL: func.func @slice_of_cast_is_static(
// CHECK-SAME:      %[[X:.+]]: tensor<4x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = slice.window %[[X]] offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<4x4xf32> -> tensor<1x4xf32>
// CHECK-NEXT:    func.return %[[B]] : tensor<1x4xf32>
func.func @slice_of_cast_is_static(%x: tensor<4x4xf32>) -> tensor<1x4xf32> {
  %a = slice.onnx_v1 %x starts [1] ends [3] axes [0] : tensor<4x4xf32> -> tensor<?x4xf32>
  %b = slice.onnx_v1 %a starts [1] ends [2] axes [0] : tensor<?x4xf32> -> tensor<1x4xf32>
  func.return %b : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @dynamic_window_of_cast(
// CHECK-SAME:      %[[X:.+]]: tensor<4x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = slice.window %[[X]] offsets [1, 0] sizes [2, 4] strides [1, 1] : tensor<4x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT:    %[[C:.+]] = tensor.cast %[[B]] : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT:    func.return %[[C]] : tensor<?x4xf32>
func.func @dynamic_window_of_cast(%x: tensor<4x4xf32>) -> tensor<?x4xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.cast %x : tensor<4x4xf32> to tensor<?x?xf32>
  %b = slice.dynamic_window %a offsets [%c1, 0] sizes [%c2, 4] strides [1, 1] : tensor<?x?xf32> -> tensor<?x4xf32>
  func.return %b : tensor<?x4xf32>
}

// -----

// Not folded where the op would not verify on the cast's source: rows 5:6 of a
// tensor<4x4xf32> seen as tensor<?x4xf32> fail when the program runs (the
// normalization's slice.check), as before; the cast stays.
// CHECK-LABEL: func.func @invalid_on_the_static_source_stays(
// CHECK:         tensor.cast
// CHECK:         slice.check
// CHECK:         slice.dynamic_window
func.func @invalid_on_the_static_source_stays(%x: tensor<4x4xf32>) -> tensor<1x4xf32> {
  %a = tensor.cast %x : tensor<4x4xf32> to tensor<?x4xf32>
  %b = slice.dml_slice1 %a window_offsets [5, 0] window_sizes [1, 4] window_strides [1, 1] : tensor<?x4xf32> -> tensor<1x4xf32>
  func.return %b : tensor<1x4xf32>
}

// -----

// Constant operands are values known when it runs: a constant size of 0 takes any
// offset and stride, as the same values passed at run time do (the run-time normal
// form), so it folds into the empty window. Before session 42 the pass failed here
// ("normal form needs stride 1 where size <= 1").
// CHECK-LABEL: func.func @constant_empty_dim_any_offset_and_stride(
// CHECK:         %[[W:.+]] = slice.window %{{.+}} offsets [0, 0] sizes [0, 3] strides [1, 1] : tensor<4x6xf32> -> tensor<0x3xf32>
// CHECK-NEXT:    %[[R:.+]] = tensor.cast %[[W]] : tensor<0x3xf32> to tensor<?x3xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @constant_empty_dim_any_offset_and_stride(%x: tensor<4x6xf32>) -> tensor<?x3xf32> {
  %o = arith.constant 3 : index
  %n = arith.constant 0 : index
  %s = arith.constant -1 : index
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [%s, 2] : tensor<4x6xf32> -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}

// -----

// A constant size of 1 with a stride of -1: row 3 (it stayed a dynamic window).
// CHECK-LABEL: func.func @constant_unit_dim_any_stride(
// CHECK:         %[[W:.+]] = slice.window %{{.+}} offsets [3, 0] sizes [1, 3] strides [1, 2] : tensor<4x6xf32> -> tensor<1x3xf32>
// CHECK-NEXT:    tensor.cast %[[W]] : tensor<1x3xf32> to tensor<?x3xf32>
func.func @constant_unit_dim_any_stride(%x: tensor<4x6xf32>) -> tensor<?x3xf32> {
  %o = arith.constant 3 : index
  %n = arith.constant 1 : index
  %s = arith.constant -1 : index
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [%s, 2] : tensor<4x6xf32> -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}

// -----

// On a `?` source the constants fold into a dynamic window in the normal form the
// verifier asks of static values: a constant size of 0 makes the constant offset 0 and
// the constant stride 1.
// CHECK-LABEL: func.func @constant_empty_dim_of_a_dynamic_source(
// CHECK:         %[[R:.+]] = slice.dynamic_window %{{.+}} offsets [0, %{{.+}}] sizes [0, 2] strides [1, 2] : tensor<?x6xf32> -> tensor<0x2xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @constant_empty_dim_of_a_dynamic_source(%x: tensor<?x6xf32>, %c: index) -> tensor<0x2xf32> {
  %o = arith.constant 7 : index
  %n = arith.constant 0 : index
  %s = arith.constant -3 : index
  %r = slice.dynamic_window %x offsets [%o, %c] sizes [%n, 2] strides [%s, 2] : tensor<?x6xf32> -> tensor<0x2xf32>
  func.return %r : tensor<0x2xf32>
}

// -----

// The normalization has each value once (as MLIR's canonicalizer leaves constants):
// the index 0 of the dim and of both reads, and `0 - dim` of the start's and the end's
// clamps, are one op each.
// CHECK-LABEL: func.func @each_value_once(
// CHECK:         %[[Z:.+]] = arith.constant 0 : index
// CHECK-NOT:     arith.constant 0 : index
// CHECK:         %[[D:.+]] = tensor.dim %{{.+}}, %[[Z]]
// CHECK:         tensor.extract %{{.+}}[%[[Z]]]
// CHECK:         tensor.extract %{{.+}}[%[[Z]]]
// CHECK:         %[[N:.+]] = arith.subi %{{.+}}, %{{.+}} : i64
// CHECK-NOT:     arith.subi %{{.+}}, %{{.+}} : i64
// CHECK:         arith.maxsi %{{.+}}, %[[N]] : i64
// CHECK:         arith.maxsi %{{.+}}, %[[N]] : i64
// CHECK:         arith.subi
// CHECK:         slice.dynamic_window
func.func @each_value_once(%x: tensor<?x6xf32>, %s: tensor<2xi32>, %e: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = "slice.onnx"(%x, %s, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<?x6xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A window of a dynamic window is one window of the source; the inner window's run-time
// size is still checked against the static dim of its result type (the composition
// dropped that check before session 42: %n = 5 gave elements 1 and 2).
// CHECK-LABEL: func.func @composed_keeps_the_result_type_check(
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: result type tensor<3xf32> does not match sizes [{0}] (only size-1 dims may be inserted or removed)", %{{.+}}
// CHECK:         %[[B:.+]] = slice.window %{{.+}} offsets [1] sizes [2] strides [1] : tensor<8xf32> -> tensor<2xf32>
// CHECK-NEXT:    func.return %[[B]]
func.func @composed_keeps_the_result_type_check(%x: tensor<8xf32>, %n: index) -> tensor<2xf32> {
  %a = slice.dynamic_window %x offsets [0] sizes [%n] strides [1] : tensor<8xf32> -> tensor<3xf32>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<3xf32> -> tensor<2xf32>
  func.return %b : tensor<2xf32>
}

// -----

// A slice of a run-time TensorFlow slice with a shrink axis: one window of %x, the
// shrunk dim its one element (such a chain could not lower before session 42).
// CHECK-LABEL: func.func @slice_of_a_shrink(
// CHECK:         %[[R:.+]] = slice.dynamic_window %{{.+}} offsets [%{{.+}}, %{{.+}}] sizes [1, %{{.+}}] strides [1, 1] in_bounds : tensor<4x6xf32> -> tensor<?xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @slice_of_a_shrink(%x: tensor<4x6xf32>, %b: tensor<2xi64>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?xf32> {
  %c1 = arith.constant dense<[1, 1]> : tensor<2xi64>
  %t = slice.tf_strided_slice %x begin %b end %b strides %c1 {shrink_axis_mask = 1 : i64, end_mask = 2 : i64} : tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xf32>
  %r = slice.onnx %t starts %s ends %e : tensor<?xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A tensor.cast that makes a `?` dim of a dynamic window static is the window with that
// dim static: the window's own checks where it is, then its run-time size checked at
// the cast with the interpreter's message naming the cast (MLIR leaves a wrong cast
// undefined), then an in_bounds window with that size static. A dim the cast hides
// stays a cast of the new window.
// CHECK-LABEL: func.func @cast_of_a_dynamic_window(
// CHECK-SAME:      %[[X:.+]]: tensor<?x?xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0}: a size must be >= 0"
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index offsets[1]
// CHECK-NEXT:    %[[FOUR:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[EQ:.+]] = arith.cmpi eq, %[[N]], %[[FOUR]] : index
// CHECK-NEXT:    %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT:    slice.check %[[EQ]], "tensor.cast: dimension 0 of the value is {0} but the result type tensor<4x?xf32> has 4", %[[N64]]
// CHECK-NEXT:    %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], 0] sizes [4, 2] strides [1, 1] in_bounds : tensor<?x?xf32> -> tensor<4x2xf32>
// CHECK-NEXT:    %[[C:.+]] = tensor.cast %[[R]] : tensor<4x2xf32> to tensor<4x?xf32>
// CHECK-NEXT:    func.return %[[C]]
func.func @cast_of_a_dynamic_window(%x: tensor<?x?xf32>, %o: index, %n: index) -> tensor<4x?xf32> {
  %w = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 2] strides [1, 1] : tensor<?x?xf32> -> tensor<?x2xf32>
  %c = tensor.cast %w : tensor<?x2xf32> to tensor<4x?xf32>
  func.return %c : tensor<4x?xf32>
}

// -----

// A run-time size the cast makes a static 1: the same, checked to be 1 (after the
// window's own checks), then a static 1 of the window.
// CHECK-LABEL: func.func @cast_of_a_dynamic_window_to_one(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:         %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT:    slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0}: a size must be >= 0", %[[N64]]
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: offsets[0] = {0} is out of bounds
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index
// CHECK:         %[[ONE:.+]] = arith.cmpi eq, %[[N]], %{{.+}} : index
// CHECK-NEXT:    %[[M64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT:    slice.check %[[ONE]], "tensor.cast: dimension 0 of the value is {0} but the result type tensor<1xf32> has 1", %[[M64]]
// CHECK-NEXT:    %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]]] sizes [1] strides [1] in_bounds : tensor<8xf32> -> tensor<1xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @cast_of_a_dynamic_window_to_one(%x: tensor<8xf32>, %o: index, %n: index) -> tensor<1xf32> {
  %w = slice.dynamic_window %x offsets [%o] sizes [%n] strides [1] : tensor<8xf32> -> tensor<?xf32>
  %c = tensor.cast %w : tensor<?xf32> to tensor<1xf32>
  func.return %c : tensor<1xf32>
}

// -----

// A tensor.collapse_shape or tensor.expand_shape of a dynamic window that only removes
// or inserts unit dims is the window with that result type, as for a static window;
// since session 55 the window's checks are made once, where it is, and the windows
// with the reshapes' types are in_bounds (their errors were at the reshapes' lines);
// since session 56 an expand's run-time output_shape entries are checked against the
// window's sizes at the expand (the fold had dropped them): here %n against itself,
// which folds, and %n >= 0, which stays.
// CHECK-LABEL: func.func @reshapes_of_a_dynamic_window(
// CHECK-SAME:      %[[X:.+]]: tensor<?x?xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: offsets[0] = {0} is out of bounds
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: last index offsets[1]
// CHECK-NEXT:    %[[A:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], 0] sizes [1, %[[N]]] strides [1, 1] in_bounds : tensor<?x?xf32> -> tensor<?xf32>
// CHECK:         slice.check %{{.+}}, "tensor.expand_shape: output_shape[1] = {0}: a dim must be >= 0", %{{.+}}
// CHECK-NEXT:    %[[B:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], 0] sizes [1, %[[N]]] strides [1, 1] in_bounds : tensor<?x?xf32> -> tensor<1x?x1xf32>
// CHECK-NEXT:    func.return %[[A]], %[[B]]
func.func @reshapes_of_a_dynamic_window(%x: tensor<?x?xf32>, %o: index, %n: index) -> (tensor<?xf32>, tensor<1x?x1xf32>) {
  %w = slice.dynamic_window %x offsets [%o, 0] sizes [1, %n] strides [1, 1] : tensor<?x?xf32> -> tensor<1x?xf32>
  %flat = tensor.collapse_shape %w [[0, 1]] : tensor<1x?xf32> into tensor<?xf32>
  %wide = tensor.expand_shape %flat [[0, 1, 2]] output_shape [1, %n, 1] : tensor<?xf32> into tensor<1x?x1xf32>
  func.return %flat, %wide : tensor<?xf32>, tensor<1x?x1xf32>
}

// -----

// A collapse of a `?` dim is no removal of a unit dim (it may be 1 at run time or not):
// it stays.
// CHECK-LABEL: func.func @collapse_of_two_dynamic_dims(
// CHECK:         %[[W:.+]] = slice.dynamic_window
// CHECK-NEXT:    tensor.collapse_shape %[[W]] {{.+}} : tensor<?x?xf32> into tensor<?xf32>
func.func @collapse_of_two_dynamic_dims(%x: tensor<?x?xf32>, %m: index, %n: index) -> tensor<?xf32> {
  %w = slice.dynamic_window %x offsets [0, 0] sizes [%m, %n] strides [1, 1] : tensor<?x?xf32> -> tensor<?x?xf32>
  %flat = tensor.collapse_shape %w [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  func.return %flat : tensor<?xf32>
}

// -----

// A unit dim kept as a unit dim (a batch of 1) pairs with itself: a window of it with a
// run-time size there composes (session 43; it was taken for a unit dim dropped and
// another inserted, and the chain was refused at lowering).
// CHECK-LABEL: func.func @window_of_a_batch_of_one(
// CHECK-SAME:      %[[X:.+]]: tensor<1x?xf32>, %[[O:.+]]: index, %[[N:.+]]: index, %[[M:.+]]: index)
// CHECK:         %[[R:.+]] = slice.dynamic_window %[[X]] offsets [0, %{{.+}}] sizes [%[[M]], %[[N]]] strides [1, 1] : tensor<1x?xf32> -> tensor<?x?xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @window_of_a_batch_of_one(%x: tensor<1x?xf32>, %o: index, %n: index, %m: index) -> tensor<?x?xf32> {
  %a = slice.dynamic_window %x offsets [0, %o] sizes [1, %n] strides [1, 1] : tensor<1x?xf32> -> tensor<1x?xf32>
  %b = slice.dynamic_window %a offsets [0, 0] sizes [%m, %n] strides [1, 1] : tensor<1x?xf32> -> tensor<?x?xf32>
  func.return %b : tensor<?x?xf32>
}

// -----

// A cast of a cast whose middle type knows no dim the other two do not is one cast, or
// none (MLIR's ChainedTensorCast): the window cast away and back is returned as it is.
// A middle type that asserts a dim keeps its cast (here it becomes the window's type,
// checked at the cast).
// CHECK-LABEL: func.func @cast_away_and_back(
// CHECK:         %[[A:.+]] = slice.dynamic_window %{{.+}} in_bounds : tensor<?x6xf32> -> tensor<?x6xf32>
// CHECK:         slice.check %{{.+}}, "tensor.cast: dimension 0 of the value is {0} but the result type tensor<3x6xf32> has 3"
// CHECK-NEXT:    %[[B:.+]] = slice.dynamic_window %{{.+}} sizes [3, 6] strides [1, 1] in_bounds : tensor<?x6xf32> -> tensor<3x6xf32>
// CHECK-NEXT:    %[[C:.+]] = tensor.cast %[[B]] : tensor<3x6xf32> to tensor<?x6xf32>
// CHECK-NEXT:    func.return %[[A]], %[[C]]
func.func @cast_away_and_back(%x: tensor<?x6xf32>, %o: index, %n: index) -> (tensor<?x6xf32>, tensor<?x6xf32>) {
  %a = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 6] strides [1, 1] : tensor<?x6xf32> -> tensor<?x6xf32>
  %b = tensor.cast %a : tensor<?x6xf32> to tensor<?x?xf32>
  %c = tensor.cast %b : tensor<?x?xf32> to tensor<?x6xf32>
  %d = tensor.cast %a : tensor<?x6xf32> to tensor<3x6xf32>
  %e = tensor.cast %d : tensor<3x6xf32> to tensor<?x6xf32>
  func.return %c, %e : tensor<?x6xf32>, tensor<?x6xf32>
}

// -----

// An index operand made by tensor.from_elements is read as its elements (an i32 one
// sign-extended), so the from_elements is dead and erased: the lowering has no rule
// for it (session 47; before, convert-slice-to-loops refused the function).
// CHECK-LABEL: func.func @onnx_from_elements(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>, %[[A:.+]]: i32, %[[B:.+]]: i32)
// CHECK-NOT:     tensor.from_elements
// CHECK-NOT:     tensor.extract
// CHECK:         %[[S:.+]] = arith.extsi %[[A]] : i32 to i64
// CHECK-NEXT:    %[[E:.+]] = arith.extsi %[[B]] : i32 to i64
// CHECK:         arith.maxsi %[[S]], %{{.+}} : i64
// CHECK:         arith.maxsi %[[E]], %{{.+}} : i64
// CHECK:         %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%{{.+}}] sizes [%{{.+}}] strides [1] in_bounds : tensor<10xf32> -> tensor<?xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<?xf32>
func.func @onnx_from_elements(%x: tensor<10xf32>, %a: i32, %b: i32) -> tensor<?xf32> {
  %s = tensor.from_elements %a : tensor<1xi32>
  %e = tensor.from_elements %b : tensor<1xi32>
  %r = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<1xi32>, tensor<1xi32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// An index operand computed by elementwise arith on tensors is read element by element:
// the same op on each element, in its own width (i32 here), flags kept; the tensor ops
// are dead and erased.
// CHECK-LABEL: func.func @onnx_arith_on_tensors(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>, %[[P:.+]]: tensor<1xi32>)
// CHECK:         %[[E:.+]] = tensor.extract %[[P]][%{{.+}}] : tensor<1xi32>
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[SUM:.+]] = arith.addi %[[E]], %[[ONE]] overflow<nuw> : i32
// CHECK-NEXT:    %[[TWO:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[Q:.+]] = arith.muli %[[SUM]], %[[TWO]] : i32
// CHECK-NEXT:    arith.extsi %[[Q]] : i32 to i64
// CHECK-NOT:     : tensor<1xi32>
// CHECK:         slice.dynamic_window %[[X]]
func.func @onnx_arith_on_tensors(%x: tensor<10xf32>, %p: tensor<1xi32>) -> tensor<?xf32> {
  %one = arith.constant dense<1> : tensor<1xi32>
  %two = arith.constant dense<2> : tensor<1xi32>
  %sum = arith.addi %p, %one overflow<nuw> : tensor<1xi32>
  %s = arith.muli %sum, %two : tensor<1xi32>
  %e = arith.constant dense<[9]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<1xi32>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A dead chain of run-time slices goes whole, with no slice.check left behind, whatever
// order the patterns meet it in (session 47's review: a chain ending in one more window
// was composed first, and its checks, which have effects, stayed).
// CHECK-LABEL: func.func @dead_chain(
// CHECK-NOT:     slice.
// CHECK:         func.return %{{.+}} : tensor<10xf32>
func.func @dead_chain(%x: tensor<10xf32>, %s: tensor<1xi64>, %t: tensor<1xi64>) -> tensor<10xf32> {
  %e = arith.constant dense<10> : tensor<1xi64>
  %y = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  %z = slice.onnx %y starts %t ends %e : tensor<?xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  %w = slice.window %z offsets [0] sizes [1] strides [1] : tensor<1xf32> -> tensor<1xf32>
  %c = tensor.cast %y : tensor<?xf32> to tensor<3xf32>
  func.return %x : tensor<10xf32>
}

// -----

// tensor.concat, tensor.splat and tensor.insert at a constant index are read element by
// element too: each element is the one they move there (session 48), and they are
// dead and erased.
// CHECK-LABEL: func.func @onnx_concat_splat_insert(
// CHECK-SAME:      %[[X:.+]]: tensor<8x8xf32>, %[[A:.+]]: tensor<1xi64>, %[[B:.+]]: tensor<1xi64>, %[[S:.+]]: i64)
// CHECK-NOT:     tensor.concat
// CHECK-NOT:     tensor.splat
// CHECK-NOT:     tensor.insert
// CHECK:         %[[A0:.+]] = tensor.extract %[[A]][%{{.+}}] : tensor<1xi64>
// CHECK-NEXT:    %[[B0:.+]] = tensor.extract %[[B]][%{{.+}}] : tensor<1xi64>
// CHECK:         arith.maxsi %[[A0]], %{{.+}} : i64
// CHECK:         arith.maxsi %[[S]], %{{.+}} : i64
// CHECK:         arith.maxsi %[[B0]], %{{.+}} : i64
// CHECK-NOT:     %[[S]]
// CHECK:         slice.dynamic_window %[[X]]
func.func @onnx_concat_splat_insert(%x: tensor<8x8xf32>, %a: tensor<1xi64>, %b: tensor<1xi64>, %s: i64) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %st = tensor.concat dim(0) %a, %b : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %e0 = tensor.splat %s : tensor<2xi64>
  %seven = arith.constant 7 : i64
  %e = tensor.insert %seven into %e0[%c1] : tensor<2xi64>
  %r = slice.onnx %x starts %st ends %e : tensor<8x8xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A tensor.insert at a run-time index: each element is an arith.select of the scalar
// and the destination's element, after one check that the index lies in the tensor
// (upstream leaves it undefined; here it is a run-time error).
// CHECK-LABEL: func.func @onnx_insert_at_run_time(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[I:.+]]: index, %[[S:.+]]: i64)
// CHECK:         %[[LOW:.+]] = arith.cmpi sle, %{{.+}}, %[[I]] : index
// CHECK:         %[[HIGH:.+]] = arith.cmpi slt, %[[I]], %{{.+}} : index
// CHECK-NEXT:    %[[IN:.+]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:    %[[I64:.+]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:    slice.check %[[IN]], "tensor.insert: index {0} is out of bounds for dimension 0 of size 1", %[[I64]]
// CHECK-NEXT:    %[[HERE:.+]] = arith.cmpi eq, %[[I]], %{{.+}} : index
// CHECK-NEXT:    %[[EIGHT:.+]] = arith.constant 8 : i64
// CHECK-NEXT:    %[[START:.+]] = arith.select %[[HERE]], %[[S]], %[[EIGHT]] : i64
// CHECK:         arith.maxsi %[[START]], %{{.+}} : i64
// CHECK-NOT:     tensor.insert
// CHECK:         slice.dynamic_window %[[X]]
func.func @onnx_insert_at_run_time(%x: tensor<8xf32>, %i: index, %s: i64) -> tensor<?xf32> {
  %e0 = arith.constant dense<[8]> : tensor<1xi64>
  %st = tensor.insert %s into %e0[%i] : tensor<1xi64>
  %r = slice.onnx %x starts %st ends %e0 : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A tensor.extract_slice of an argument at a run-time offset is read with a
// tensor.extract at each position, after the checks of a run-time window's dim
// (semantics.run_time_window_dim_on, convert-tensor-to-slice's rule for such a slice,
// with its messages).
// CHECK-LABEL: func.func @onnx_extract_slice_at_run_time(
// CHECK-SAME:      %[[X:.+]]: tensor<8x8xf32>, %[[P:.+]]: tensor<4xi64>, %[[O:.+]]: index, %[[T:.+]]: index)
// CHECK:         slice.check %{{.+}}, "tensor.extract_slice: strides[0] = 0: a stride must be non-zero"
// CHECK:         slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}", %{{.+}}, %{{.+}}
// CHECK:         slice.check %{{.+}}, "tensor.extract_slice: last index offsets[0] + strides[0] * (sizes[0] - 1) = {0} + {1} * ({2} - 1) is out of bounds for dimension 0 of size {3}", %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}
// CHECK-NEXT:    %[[SECOND:.+]] = arith.addi %[[O]], %[[T]] : index
// CHECK-NEXT:    %{{.+}} = tensor.extract %[[P]][%[[O]]] : tensor<4xi64>
// CHECK-NEXT:    %{{.+}} = tensor.extract %[[P]][%[[SECOND]]] : tensor<4xi64>
// CHECK-NOT:     tensor.extract_slice
// CHECK:         slice.dynamic_window %[[X]]
func.func @onnx_extract_slice_at_run_time(%x: tensor<8x8xf32>, %p: tensor<4xi64>, %o: index, %t: index) -> tensor<?x?xf32> {
  %s = tensor.extract_slice %p[%o] [2] [%t] : tensor<4xi64> to tensor<2xi64>
  %e = arith.constant dense<[8, 8]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8x8xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A constant table at a run-time offset is read the same way (session 49): the
// lowering gives the constant a buffer (slice.fill_constant), and the tensor.extract
// reads it.
// CHECK-LABEL: func.func @onnx_constant_table_at_run_time(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[O:.+]]: index)
// CHECK:         %[[TABLE:.+]] = arith.constant dense<[1, 3, 5]> : tensor<3xi64>
// CHECK:         slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}", %{{.+}}, %{{.+}}
// CHECK:         %{{.+}} = tensor.extract %[[TABLE]][%[[O]]] : tensor<3xi64>
// CHECK-NOT:     tensor.extract_slice
// CHECK:         slice.dynamic_window %[[X]]
func.func @onnx_constant_table_at_run_time(%x: tensor<8xf32>, %o: index) -> tensor<?xf32> {
  %table = arith.constant dense<[1, 3, 5]> : tensor<3xi64>
  %s = tensor.extract_slice %table[%o] [1] [1] : tensor<3xi64> to tensor<1xi64>
  %e = arith.constant dense<[8]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// Another op's result at a run-time offset (session 50; refused before): each element
// is its source's elements chosen by arith.select on its position, after the same
// checks; the slice and the from_elements are read through and erased.
// CHECK-LABEL: func.func @onnx_selected_at_run_time(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[O:.+]]: index, %[[A:.+]]: i64, %[[B:.+]]: i64)
// CHECK:         slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}", %{{.+}}, %{{.+}}
// CHECK:         %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[AT2:.+]] = arith.cmpi eq, %[[O]], %[[C2]] : index
// CHECK-NEXT:    %[[S2:.+]] = arith.select %[[AT2]], %[[B]], %{{.+}} : i64
// CHECK:         %[[AT1:.+]] = arith.cmpi eq, %[[O]], %{{.+}} : index
// CHECK-NEXT:    %[[S1:.+]] = arith.select %[[AT1]], %[[A]], %[[S2]] : i64
// CHECK-NOT:     tensor.extract_slice
// CHECK-NOT:     tensor.from_elements
// CHECK:         slice.dynamic_window %[[X]]
func.func @onnx_selected_at_run_time(%x: tensor<8xf32>, %o: index, %a: i64, %b: i64) -> tensor<?xf32> {
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %t = tensor.from_elements %c1, %a, %b, %c5 : tensor<4xi64>
  %s = tensor.extract_slice %t[%o] [1] [1] : tensor<4xi64> to tensor<1xi64>
  %e = arith.constant dense<[8]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
