// RUN: slice-opt %s -p convert-tensor-to-slice --split-input-file | filecheck %s
// RUN: slice-opt %s -p convert-tensor-to-slice,canonicalize-slices --split-input-file | filecheck %s --check-prefix=CANON

// convert-tensor-to-slice: a dynamic tensor.extract_slice becomes a slice.dynamic_window
// with the same mixed static/dynamic values; static unit and empty dims are put in
// normal form statically. Where the size is dynamic the values stay as they are (a
// dynamic window takes a run-time offset of an empty dim or stride of a one-element dim
// as what it selects, as extract_slice does), but a static stride 0, which the window's
// verifier refuses, goes through an arith.select on the size (1 where it is at most 1).

// Dynamic offsets, static sizes and strides, a ? source dim: the same values.
// CHECK-LABEL: func @dynamic_offsets(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>, %[[O:.+]]: index, %[[P:.+]]: index)
// CHECK-NEXT:      %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], %[[P]]] sizes [2, 3] strides [1, -2] : tensor<?x6xf32> -> tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xf32>
func.func @dynamic_offsets(%x: tensor<?x6xf32>, %o: index, %p: index) -> tensor<2x3xf32> {
  %r = tensor.extract_slice %x[%o, %p] [2, 3] [1, -2] : tensor<?x6xf32> to tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// A dynamic size: the offset and the stride of its dim stay as they are (session 43;
// they went through selects on it before, which made a static stride a run-time one).
// CHECK-LABEL: func @dynamic_size(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>, %[[O:.+]]: index, %[[N:.+]]: index, %[[S:.+]]: index)
// CHECK-NEXT:      %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], 1] sizes [%[[N]], 3] strides [%[[S]], 2] : tensor<4x6xf32> -> tensor<?x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<?x3xf32>
// Offset and stride operands defined by arith.constant are taken as static values; a
// size operand stays an operand (its value checked statically), and canonicalize-slices
// makes a slice.window of it.
// CHECK-LABEL: func @folded(
// CHECK:           slice.dynamic_window %{{.+}} offsets [3, 1] sizes [%{{.+}}, 3] strides [-2, 2] : tensor<4x6xf32> -> tensor<?x3xf32>
// CANON-LABEL: func @folded(
// CANON:           slice.window %{{.+}} offsets [3, 1] sizes [2, 3] strides [-2, 2] : tensor<4x6xf32> -> tensor<2x3xf32>
func.func @dynamic_size(%x: tensor<4x6xf32>, %o: index, %n: index, %s: index) -> tensor<?x3xf32> {
  %r = tensor.extract_slice %x[%o, 1] [%n, 3] [%s, 2] : tensor<4x6xf32> to tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}
func.func @folded(%x: tensor<4x6xf32>) -> tensor<?x3xf32> {
  %o = arith.constant 3 : index
  %n = arith.constant 2 : index
  %s = arith.constant -2 : index
  %r = tensor.extract_slice %x[%o, 1] [%n, 3] [%s, 2] : tensor<4x6xf32> to tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}

// -----

// Rank-reducing, with a dynamic stride on a static unit dim (normal form: stride 1, the
// operand goes) and an empty static dim (offset 0).
// CHECK-LABEL: func @rank_reducing(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6x5xi8>, %[[O:.+]]: index, %[[S:.+]]: index)
// CHECK-NEXT:      %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]], 0, 4] sizes [1, 0, 3] strides [1, 1, %[[S]]] : tensor<4x6x5xi8> -> tensor<0x3xi8>
func.func @rank_reducing(%x: tensor<4x6x5xi8>, %o: index, %s: index) -> tensor<0x3xi8> {
  %r = tensor.extract_slice %x[%o, %o, 4] [1, 0, 3] [%s, %s, %s] : tensor<4x6x5xi8> to tensor<0x3xi8>
  func.return %r : tensor<0x3xi8>
}

// -----

// A constant stride of int64's least (MLIR's marker of a dynamic entry) next to a
// dynamic offset: it stays a value (in the static array it would read as the marker),
// and the window refuses it when it runs.
// CHECK-LABEL: func @marker_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<?xf32>, %[[O:.+]]: index)
// CHECK:           %[[C:.+]] = arith.constant -9223372036854775808 : index
// CHECK:           %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]]] sizes [2] strides [%[[C]]] : tensor<?xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
// CANON-LABEL: func @marker_stride(
// CANON:           slice.dynamic_window %{{.+}} offsets [%{{.+}}] sizes [2] strides [%{{.+}}] : tensor<?xf32> -> tensor<2xf32>
func.func @marker_stride(%x: tensor<?xf32>, %o: index) -> tensor<2xf32> {
  %c = arith.constant -9223372036854775808 : index
  %r = tensor.extract_slice %x[%o] [2] [%c] : tensor<?xf32> to tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// -----

// A static stride 0 with a dynamic size: valid upstream for any size (one element read
// again), here where the size is at most 1 (a window needs a non-zero stride; a larger
// size fails when it runs): the stride is selected on the size.
// CHECK-LABEL: func @zero_stride_dynamic_size(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK:           %[[UNIT:.+]] = arith.cmpi sle, %[[N]], %[[ONE:.+]] : index
// CHECK-NEXT:      %[[STRIDE:.+]] = arith.select %[[UNIT]], %[[ONE]], %{{.+}} : index
// CHECK-NEXT:      %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%{{.+}}] sizes [%[[N]]] strides [%[[STRIDE]]] : tensor<8xf32> -> tensor<?xf32>
func.func @zero_stride_dynamic_size(%x: tensor<8xf32>, %o: index, %n: index) -> tensor<?xf32> {
  %r = tensor.extract_slice %x[%o] [%n] [0] : tensor<8xf32> to tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// checks=true (what compile runs): the window's run-time checks before it, named for
// the extract_slice, and the window in_bounds, so its own are not made when it is
// lowered (the lowered form: one check of each kind, no slice.dynamic_window message but the
// output buffer's). A slice only dead code reads is left unchecked, to dead-code
// elimination (not in_bounds).
// RUN: slice-opt %s -p 'convert-tensor-to-slice{checks=true}' --split-input-file | filecheck %s --check-prefix=CHECKS
// RUN: slice-opt %s -p 'convert-tensor-to-slice{checks=true},canonicalize-slices{dynamic=true},convert-slice-to-loops' --split-input-file | filecheck %s --check-prefix=LOWERED
// CHECKS-LABEL: func @checked(
// CHECKS-SAME:      %[[X:.+]]: tensor<?xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECKS:           slice.check %{{.+}}, "tensor.extract_slice: sizes[0] = {0}: a size must be >= 0", %{{.+}}
// CHECKS:           slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}", %{{.+}}, %{{.+}}
// CHECKS:           slice.check %{{.+}}, "tensor.extract_slice: last index offsets[0] + strides[0] * (sizes[0] - 1) = {0} + {1} * ({2} - 1) is out of bounds for dimension 0 of size {3}"
// CHECKS-NEXT:      %[[R:.+]] = slice.dynamic_window %[[X]] offsets [%[[O]]] sizes [%[[N]]] strides [3] in_bounds : tensor<?xf32> -> tensor<?xf32>
// CHECKS-NEXT:      %{{.+}} = slice.dynamic_window %[[X]] offsets [%[[N]]] sizes [2] strides [1] : tensor<?xf32> -> tensor<2xf32>
// CHECKS-NEXT:      func.return %[[R]] : tensor<?xf32>
// LOWERED-LABEL: func.func @checked(
// LOWERED-NOT:       "slice.dynamic_window: {{(offsets|strides|last index|sizes\[0\] = \{0\}: a)}}
// LOWERED:           slice.check %{{.+}}, "tensor.extract_slice: sizes[0] = {0}: a size must be >= 0"
// LOWERED-NOT:       "slice.dynamic_window: {{(offsets|strides|last index|sizes\[0\] = \{0\}: a)}}
// LOWERED:           slice.check %{{.+}}, "tensor.extract_slice: offsets[0] = {0} is out of bounds
// LOWERED-NOT:       "slice.dynamic_window: {{(offsets|strides|last index|sizes\[0\] = \{0\}: a)}}
// LOWERED:           slice.check %{{.+}}, "tensor.extract_slice: last index
// LOWERED-NOT:       "slice.dynamic_window: {{(offsets|strides|last index|sizes\[0\] = \{0\}: a)}}
// LOWERED:           slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0} but the output has {1} in dimension 0"
// LOWERED-NOT:       slice.check
// LOWERED:           func.return
func.func @checked(%x: tensor<?xf32>, %o: index, %n: index) -> tensor<?xf32> {
  %r = tensor.extract_slice %x[%o] [%n] [3] : tensor<?xf32> to tensor<?xf32>
  %dead = tensor.extract_slice %x[%n] [2] [1] : tensor<?xf32> to tensor<2xf32>
  func.return %r : tensor<?xf32>
}
