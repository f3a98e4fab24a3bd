// RUN: slice-opt %s -p convert-slice-to-tensor --split-input-file | filecheck %s
// RUN: slice-opt %s -p convert-slice-to-tensor,convert-tensor-to-slice,canonicalize-slices --split-input-file | filecheck %s --check-prefix=ROUND

// convert-slice-to-tensor on slice.dynamic_window: its run-time offsets and strides in
// the normal form (offset 0 where the size is 0, stride 1 where it is at most 1: a
// dynamic window's run-time values need not be, semantics.run_time_window_dim_on), a
// positive-stride tensor.extract_slice reading the lowest index of each dim first, a
// reversal of the dims whose stride is negative (known statically, or by its run-time
// sign), and the reshapes to the result type.

// Positive static strides: one dynamic extract_slice with the same values, the offset
// 0 where the run-time size is 0 (stride 1 needs nothing).
// CHECK-LABEL: func @positive(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[EMPTY:.+]] = arith.cmpi eq, %[[N]], %[[ZERO]] : index
// CHECK-NEXT:      %[[OFF:.+]] = arith.select %[[EMPTY]], %[[ZERO]], %[[O]] : index
// CHECK-NEXT:      %[[R:.+]] = tensor.extract_slice %[[X]][%[[OFF]], 0] [%[[N]], 3] [1, 2] : tensor<?x6xf32> to tensor<?x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x3xf32>
// Round trip through convert-tensor-to-slice and canonicalize-slices: one dynamic window with
// the static stride 2 (session 43; a run-time one selected on the size before).
// ROUND-LABEL: func @positive(
// ROUND:          %[[R:.+]] = slice.dynamic_window %{{.+}} offsets [%{{.+}}, 0] sizes [%{{.+}}, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
// ROUND-NEXT:      func.return %[[R]]
func.func @positive(%x: tensor<?x6xf32>, %o: index, %n: index) -> tensor<?x3xf32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}

// -----

// A dynamic stride: the offset and the stride of the extract_slice are selected on its
// sign (in the normal form), the linalg.generic reads size - 1 - c where it is negative
// (a static negative stride of a static size always reverses), and an expand_shape
// inserts the result's unit dim.
// CHECK-LABEL: func @dynamic_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>, %[[O0:.+]]: index, %[[N:.+]]: index, %[[S0:.+]]: index)
// CHECK-NEXT:      %[[Z:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[EMPTY:.+]] = arith.cmpi eq, %[[N]], %[[Z]] : index
// CHECK-NEXT:      %[[O:.+]] = arith.select %[[EMPTY]], %[[Z]], %[[O0]] : index
// CHECK-NEXT:      %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[SMALL:.+]] = arith.cmpi sle, %[[N]], %[[C1]] : index
// CHECK-NEXT:      %[[S:.+]] = arith.select %[[SMALL]], %[[C1]], %[[S0]] : index
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[NEG:.+]] = arith.cmpi slt, %[[S]], %[[ZERO]] : index
// CHECK-NEXT:      %[[ONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[NM1:.+]] = arith.subi %[[N]], %[[ONE]] : index
// CHECK-NEXT:      %[[SPAN:.+]] = arith.muli %[[S]], %[[NM1]] : index
// CHECK-NEXT:      %[[LOW:.+]] = arith.addi %[[O]], %[[SPAN]] : index
// CHECK-NEXT:      %[[OFF:.+]] = arith.select %[[NEG]], %[[LOW]], %[[O]] : index
// CHECK-NEXT:      %[[MINUS:.+]] = arith.subi %[[ZERO]], %[[S]] : index
// CHECK-NEXT:      %[[ABS:.+]] = arith.select %[[NEG]], %[[MINUS]], %[[S]] : index
// CHECK-NEXT:      %[[SLICE:.+]] = tensor.extract_slice %[[X]][%[[OFF]], 1] [%[[N]], 3] [%[[ABS]], 2] : tensor<?x6xf32> to tensor<?x3xf32>
// CHECK-NEXT:      %[[INIT:.+]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK-NEXT:      %[[LAST:.+]] = arith.subi %[[N]], %[[ONE]] : index
// CHECK-NEXT:      %[[TWO:.+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[REV:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[INIT]] : tensor<?x3xf32>) {
// CHECK-NEXT:      ^{{.+}}(%{{.+}}: f32):
// CHECK-NEXT:        %[[I:.+]] = linalg.index 0 : index
// CHECK-NEXT:        %[[BACK:.+]] = arith.subi %[[LAST]], %[[I]] : index
// CHECK-NEXT:        %[[II:.+]] = arith.select %[[NEG]], %[[BACK]], %[[I]] : index
// CHECK-NEXT:        %[[J:.+]] = linalg.index 1 : index
// CHECK-NEXT:        %[[JJ:.+]] = arith.subi %[[TWO]], %[[J]] : index
// CHECK-NEXT:        %[[E:.+]] = tensor.extract %[[SLICE]][%[[II]], %[[JJ]]] : tensor<?x3xf32>
// CHECK-NEXT:        linalg.yield %[[E]] : f32
// CHECK-NEXT:      } -> tensor<?x3xf32>
// CHECK-NEXT:      %[[R:.+]] = tensor.expand_shape %[[REV]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [%[[N]], 1, 3] : tensor<?x3xf32> into tensor<?x1x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x1x3xf32>
func.func @dynamic_stride(%x: tensor<?x6xf32>, %o: index, %n: index, %s: index) -> tensor<?x1x3xf32> {
  %r = slice.dynamic_window %x offsets [%o, 5] sizes [%n, 3] strides [%s, -2] : tensor<?x6xf32> -> tensor<?x1x3xf32>
  func.return %r : tensor<?x1x3xf32>
}

// -----

// Rank-reducing with a static result dim for a dynamic size: the unit dim goes by a
// collapse_shape, the dim becomes static by a tensor.cast.
// CHECK-LABEL: func @rank_reducing(
// CHECK:           %[[S:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, %{{.+}}] [1, %{{.+}}] [1, 1] : tensor<4x6xf32> to tensor<1x?xf32>
// CHECK:           linalg.generic
// CHECK:           %[[C:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0 : i64, 1 : i64]] : tensor<1x?xf32> into tensor<?xf32>
// CHECK-NEXT:      %[[R:.+]] = tensor.cast %[[C]] : tensor<?xf32> to tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @rank_reducing(%x: tensor<4x6xf32>, %o: index, %n: index) -> tensor<5xf32> {
  %r = slice.dynamic_window %x offsets [%o, 5] sizes [1, %n] strides [1, -1] : tensor<4x6xf32> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}

// -----

// Static sizes, a dynamic offset and a static negative stride: the static reversal (an
// affine map) and the static reshapes of slice.window.
// CHECK-LABEL: func @static_sizes(
// CHECK:           %{{.+}} = arith.constant -4 : index
// CHECK-NEXT:      %[[LOW:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK-NEXT:      tensor.extract_slice %{{.+}}[%[[LOW]]] [3] [2] : tensor<8xi8> to tensor<3xi8>
// CHECK:           linalg.generic {indexing_maps = [affine_map<(d0) -> (((d0 * -1) + 2))>, affine_map<(d0) -> (d0)>]
func.func @static_sizes(%x: tensor<8xi8>, %o: index) -> tensor<3xi8> {
  %r = slice.dynamic_window %x offsets [%o] sizes [3] strides [-2] : tensor<8xi8> -> tensor<3xi8>
  func.return %r : tensor<3xi8>
}

// -----

// A result type with ? where the size is static (the verifier takes it): the reshapes
// keep the static dims (upstream's expand_shape rejects a static dim expanded to ?) and
// a tensor.cast gives the result type.
// CHECK-LABEL: func @less_static_result(
// CHECK:           %[[S:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, 1] [%{{.+}}, 2] [1, 1] : tensor<4x8xf32> to tensor<?x2xf32>
// CHECK-NEXT:      %[[E:.+]] = tensor.expand_shape %[[S]] {{\[}}[0 : i64], [1 : i64, 2 : i64]] output_shape [%{{.+}}, 2, 1] : tensor<?x2xf32> into tensor<?x2x1xf32>
// CHECK-NEXT:      %[[R:.+]] = tensor.cast %[[E]] : tensor<?x2x1xf32> to tensor<?x?x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x?x1xf32>
// Round trip: the expand_shape of the raised window is the window with its type (session 43;
// since session 55 checked where it is first, so in_bounds),
// and the cast that hides a static dim stays.
// ROUND-LABEL: func @less_static_result(
// ROUND:          %[[R:.+]] = slice.dynamic_window %{{.+}} offsets [%{{.+}}, 1] sizes [%{{.+}}, 2] strides [1, 1] in_bounds : tensor<4x8xf32> -> tensor<?x2x1xf32>
// ROUND-NEXT:      %[[C:.+]] = tensor.cast %[[R]] : tensor<?x2x1xf32> to tensor<?x?x1xf32>
// ROUND-NEXT:      func.return %[[C]]
func.func @less_static_result(%x: tensor<4x8xf32>, %o: index, %n: index) -> tensor<?x?x1xf32> {
  %r = slice.dynamic_window %x offsets [%o, 1] sizes [%n, 2] strides [1, 1] : tensor<4x8xf32> -> tensor<?x?x1xf32>
  func.return %r : tensor<?x?x1xf32>
}

// -----

// The same with every size static: the static reshapes, then the cast.
// CHECK-LABEL: func @less_static_result_static_sizes(
// CHECK:           %[[S:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}] [2] [1] : tensor<8xf32> to tensor<2xf32>
// CHECK-NEXT:      %[[R:.+]] = tensor.cast %[[S]] : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?xf32>
func.func @less_static_result_static_sizes(%x: tensor<8xf32>, %o: index) -> tensor<?xf32> {
  %r = slice.dynamic_window %x offsets [%o] sizes [2] strides [1] : tensor<8xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
