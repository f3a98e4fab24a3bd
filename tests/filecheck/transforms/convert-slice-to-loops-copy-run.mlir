// slice.copy_run, the op convert-slice-to-loops leaves innermost: round trip (custom
// and generic form) and its verifier.
//
// RUN: slice-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: slice-opt %s --split-input-file --verify-diagnostics --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @round_trip(
// CHECK:         slice.copy_run %a[%c3], %b[%c0] count 3 source_stride -1 dest_stride 1 nontemporal reorder prefetch -4096 : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %a[%c3], %b[%c0] count 3 source_stride -1 dest_stride 1 nontemporal reorder prefetch 8 prefetch_bytes 64 : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 5 dest_stride 3 : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %a[%c0], %s[%c0] count 1 source_stride 1 dest_stride 1 : memref<20xf32>, memref<f32>
// CHECK-NEXT:    slice.copy_run %a[%c3], %b[%c0] count 2 source_stride -2 dest_stride 1 reorder : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %i[%c0], %j[%c0] count 6 source_stride 3 dest_stride 1 scalar : memref<20xi8>, memref<6xi8>
// CHECK-NEXT:    slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %i[%c0], %j[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar : memref<20xi8>, memref<6xi8>
// CHECK-NEXT:    slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar lookahead 2 : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 1 dest_stride 1 nontemporal in_order : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 1 dest_stride 1 string_move prefetch 8 : memref<20xf32>, memref<6xf32>
// GENERIC:       "slice.copy_run"(%a, %c3, %b, %c0) <{count = 3 : i64, source_stride = -1 : i64, dest_stride = 1 : i64, nontemporal, reorder, prefetch = -4096 : i64}> : (memref<20xf32>, index, memref<6xf32>, index) -> ()
// GENERIC:       "slice.copy_run"(%a, %c3, %b, %c0) <{count = 3 : i64, source_stride = -1 : i64, dest_stride = 1 : i64, nontemporal, reorder, prefetch = 8 : i64, prefetch_bytes = 64 : i64}>
// GENERIC:       "slice.copy_run"(%a, %c3, %b, %c0) <{count = 2 : i64, source_stride = -2 : i64, dest_stride = 1 : i64, reorder}>
// GENERIC:       "slice.copy_run"(%i, %c0, %j, %c0) <{count = 6 : i64, source_stride = 3 : i64, dest_stride = 1 : i64, scalar}>
// GENERIC:       "slice.copy_run"(%a, %c0, %b, %c0) <{count = 6 : i64, source_stride = 3 : i64, dest_stride = 1 : i64, nontemporal, scalar}>
// GENERIC:       "slice.copy_run"(%a, %c0, %b, %c0) <{count = 6 : i64, source_stride = 3 : i64, dest_stride = 1 : i64, nontemporal, scalar, lookahead = 2 : i64}>
// GENERIC:       "slice.copy_run"(%a, %c0, %b, %c0) <{count = 6 : i64, source_stride = 1 : i64, dest_stride = 1 : i64, nontemporal, in_order}>
// GENERIC:       "slice.copy_run"(%a, %c0, %b, %c0) <{count = 6 : i64, source_stride = 1 : i64, dest_stride = 1 : i64, string_move, prefetch = 8 : i64}>
func.func @round_trip(%a: memref<20xf32>, %b: memref<6xf32>, %s: memref<f32>, %i: memref<20xi8>, %j: memref<6xi8>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  slice.copy_run %a[%c3], %b[%c0] count 3 source_stride -1 dest_stride 1 nontemporal reorder prefetch -4096 : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c3], %b[%c0] count 3 source_stride -1 dest_stride 1 nontemporal reorder prefetch 8 prefetch_bytes 64 : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 5 dest_stride 3 : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c0], %s[%c0] count 1 source_stride 1 dest_stride 1 : memref<20xf32>, memref<f32>
  slice.copy_run %a[%c3], %b[%c0] count 2 source_stride -2 dest_stride 1 reorder : memref<20xf32>, memref<6xf32>
  slice.copy_run %i[%c0], %j[%c0] count 6 source_stride 3 dest_stride 1 scalar : memref<20xi8>, memref<6xi8>
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar : memref<20xf32>, memref<6xf32>
  slice.copy_run %i[%c0], %j[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar : memref<20xi8>, memref<6xi8>
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar lookahead 2 : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 1 dest_stride 1 nontemporal in_order : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 1 dest_stride 1 string_move prefetch 8 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// A scalar gather of 16-byte elements, streamed or cached (cached since session 38).
// CHECK-LABEL: func.func @round_trip_b128(
// CHECK:         slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar : memref<20xcomplex<f64>>, memref<6xcomplex<f64>>
// CHECK-NEXT:    slice.copy_run %a[%c10], %b[%c0] count 6 source_stride -2 dest_stride 1 scalar lookahead 2 : memref<20xcomplex<f64>>, memref<6xcomplex<f64>>
// GENERIC:       "slice.copy_run"(%a, %c0, %b, %c0) <{count = 6 : i64, source_stride = 3 : i64, dest_stride = 1 : i64, nontemporal, scalar}>
// GENERIC-NEXT:  "slice.copy_run"(%a, %c10, %b, %c0) <{count = 6 : i64, source_stride = -2 : i64, dest_stride = 1 : i64, scalar, lookahead = 2 : i64}>
func.func @round_trip_b128(%a: memref<20xcomplex<f64>>, %b: memref<6xcomplex<f64>>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 nontemporal scalar : memref<20xcomplex<f64>>, memref<6xcomplex<f64>>
  slice.copy_run %a[%c10], %b[%c0] count 6 source_stride -2 dest_stride 1 scalar lookahead 2 : memref<20xcomplex<f64>>, memref<6xcomplex<f64>>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: in_order orders the streamed lines of a contiguous run; it needs nontemporal and source_stride = dest_stride = 1 (source_stride = 1, dest_stride = 1){{$}}
func.func @in_order_not_streamed(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 1 dest_stride 1 in_order : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: in_order orders the streamed lines of a contiguous run; it needs nontemporal and source_stride = dest_stride = 1 (source_stride = 2, dest_stride = 1){{$}}
func.func @in_order_strided(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 2 dest_stride 1 nontemporal in_order reorder : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: string_move copies a contiguous run with cached stores; it needs source_stride = dest_stride = 1 and no nontemporal (source_stride = 1, dest_stride = 1, nontemporal){{$}}
func.func @string_move_streamed(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 1 dest_stride 1 nontemporal string_move : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: string_move copies a contiguous run with cached stores; it needs source_stride = dest_stride = 1 and no nontemporal (source_stride = -1, dest_stride = 1){{$}}
func.func @string_move_strided(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  slice.copy_run %a[%c9], %b[%c0] count 6 source_stride -1 dest_stride 1 string_move : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: string_move copies a contiguous run with cached stores; it needs source_stride = dest_stride = 1 and no nontemporal (source_stride = 1, dest_stride = 2){{$}}
func.func @string_move_spread(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 3 source_stride 1 dest_stride 2 string_move : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: count = 0 must be at least 1{{$}}
func.func @count(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 0 source_stride 1 dest_stride 1 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: source_stride must be non-zero{{$}}
func.func @stride(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 0 dest_stride 1 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: dest_stride = -1 must be at least 1{{$}}
func.func @dest_stride(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride -1 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// A dest_stride of 0 too (the interpreter would meet numpy's ValueError on one).
// CHECK: {{^}}slice.copy_run: dest_stride = 0 must be at least 1{{$}}
func.func @dest_stride_zero(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 0 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: source has type memref<4x5xf32>; expected a static rank-1 (or rank-0) memref with the identity layout{{$}}
func.func @rank(%a: memref<4x5xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 1 : memref<4x5xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: source elements f32 and dest elements i32 differ{{$}}
func.func @elements(%a: memref<20xf32>, %b: memref<6xi32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 1 : memref<20xf32>, memref<6xi32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: nontemporal needs dest_stride = 1{{$}}
func.func @nontemporal(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 2 nontemporal : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: reorder needs dest_stride = 1{{$}}
func.func @reorder_dest_stride(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride -1 dest_stride 2 reorder : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: reorder needs a source_stride of -1, 2 or -2 with elements of at most 16 bytes (source_stride = 3, 4-byte elements){{$}}
func.func @reorder_stride(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 3 dest_stride 1 reorder : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: lookahead = 2 needs scalar{{$}}
func.func @lookahead_not_scalar(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 lookahead 2 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: lookahead = 6 must be at least 1 and less than count = 6{{$}}
func.func @lookahead_past_run(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 scalar lookahead 6 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: lookahead = 0 must be at least 1 and less than count = 6{{$}}
func.func @lookahead_zero(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 6 source_stride 3 dest_stride 1 scalar lookahead 0 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: scalar needs 1-, 2-, 4-, 8- or 16-byte elements, a source_stride of at least 2 either way (source_stride = -1, 16-byte elements) and no reorder{{$}}
func.func @scalar_reversed(%a: memref<20xcomplex<f64>>, %b: memref<6xcomplex<f64>>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c1], %b[%c0] count 2 source_stride -1 dest_stride 1 scalar : memref<20xcomplex<f64>>, memref<6xcomplex<f64>>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: scalar needs 1-, 2-, 4-, 8- or 16-byte elements, a source_stride of at least 2 either way (source_stride = 1, 1-byte elements) and no reorder{{$}}
func.func @scalar_contiguous(%a: memref<20xi8>, %b: memref<6xi8>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 1 nontemporal scalar : memref<20xi8>, memref<6xi8>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: prefetch_bytes = 64 needs prefetch{{$}}
func.func @prefetch_bytes_alone(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 1 prefetch_bytes 64 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.copy_run: prefetch_bytes = 0 must be at least 1{{$}}
func.func @prefetch_bytes_zero(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %a[%c0], %b[%c0] count 2 source_stride 1 dest_stride 1 prefetch 8 prefetch_bytes 0 : memref<20xf32>, memref<6xf32>
  func.return
}

// -----

// slice.dynamic_copy_run's prefetch operands: where the run sits in its loops (custom
// and generic form).
// CHECK-LABEL: func.func @dynamic_prefetch(
// CHECK:         slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s adaptive prefetch row %i of %n step %s plane %p : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:    slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s adaptive prefetch row %i of %n step %s : memref<?xf32>, memref<?xf32>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %n, %n, %s, %i, %n, %s, %p) <{adaptive, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0>}>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %n, %n, %s, %i, %n, %s) <{adaptive, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0>}>
func.func @dynamic_prefetch(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %n: index, %s: index, %p: index) {
  slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s adaptive prefetch row %i of %n step %s plane %p : memref<?xf32>, memref<?xf32>
  slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s adaptive prefetch row %i of %n step %s : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// slice.dynamic_copy_run's loops: the nest around the run, one bound, source step and
// dest step per loop, outermost first, and its gated row prefetch (custom and generic
// form).
// CHECK-LABEL: func.func @dynamic_nest(
// CHECK:         slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s loops[%n, %i] source_steps[%s, %i] dest_steps[%n, %s] adaptive prefetch_if %g : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:    slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s loops[%n] source_steps[%s] dest_steps[%n] : memref<?xf32>, memref<?xf32>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %n, %n, %s, %n, %i, %s, %i, %n, %s, %g) <{adaptive, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 2, 2, 2, 0, 0, 0, 0, 1, 0>}>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %n, %n, %s, %n, %s, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
func.func @dynamic_nest(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %n: index, %s: index, %g: i1) {
  slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s loops [%n, %i] source_steps [%s, %i] dest_steps [%n, %s] adaptive prefetch_if %g : memref<?xf32>, memref<?xf32>
  slice.dynamic_copy_run %a[%i], %b[%n] count %n source_stride %s loops [%n] source_steps [%s] dest_steps [%n] : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// `stream_working_set N`, `footprint %f`, `in_order` and `string_move_bytes N`: the
// host's streaming bound, the source's footprint it counts, the line order and the
// string-move bound on an adaptive run (custom and generic form).
// CHECK-LABEL: func.func @dynamic_working_set(
// CHECK:         slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive stream_working_set 33554432 in_order prefetch row %i of %i step %i : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:    slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive stream_working_set 33554432 footprint %f : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:    slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive in_order string_move_bytes 1048576 : memref<?xf32>, memref<?xf32>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %i, %i, %i, %i, %i, %i) <{adaptive, stream_working_set = 33554432 : i64, in_order, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0>}>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %i, %i, %i, %f) <{adaptive, stream_working_set = 33554432 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1>}>
// GENERIC:       "slice.dynamic_copy_run"(%a, %i, %b, %i, %i, %i) <{adaptive, in_order, string_move_bytes = 1048576 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0>}>
func.func @dynamic_working_set(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %f: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive stream_working_set 33554432 in_order prefetch row %i of %i step %i : memref<?xf32>, memref<?xf32>
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive stream_working_set 33554432 footprint %f : memref<?xf32>, memref<?xf32>
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive in_order string_move_bytes 1048576 : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: footprint is counted against a stream_working_set; add stream_working_set{{$}}
func.func @footprint_alone(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive footprint %i : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: footprint is counted against a stream_working_set of at least 1{{$}}
func.func @footprint_zero_working_set(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive stream_working_set 0 footprint %i : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: string_move_bytes is a choice of an adaptive run; add adaptive{{$}}
func.func @string_move_not_adaptive(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i string_move_bytes 1024 : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: string_move_bytes = 0: a byte count must be at least 1 (leave it out for never){{$}}
func.func @string_move_zero(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive string_move_bytes 0 : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: in_order is a choice of an adaptive run; add adaptive{{$}}
func.func @in_order_not_adaptive(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i in_order : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: stream_working_set is a choice of an adaptive run; add adaptive{{$}}
func.func @working_set_not_adaptive(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i stream_working_set 1024 : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: stream_working_set = -1: a byte count must be at least 0{{$}}
func.func @working_set_negative(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive stream_working_set -1 : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: prefetch is a choice of an adaptive run; add adaptive{{$}}
func.func @prefetch_not_adaptive(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i prefetch row %i of %i step %i : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: plane needs prefetch row ... of ...{{$}}
func.func @plane_alone(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive plane %i : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: prefetch needs a row, a row count and a step{{$}}
func.func @prefetch_partial(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  "slice.dynamic_copy_run"(%a, %i, %b, %i, %i, %i, %i, %i) <{adaptive, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0>}> : (memref<?xf32>, index, memref<?xf32>, index, index, index, index, index) -> ()
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: loops needs one bound, source step and dest step per loop (2 bounds, 1 source steps, 2 dest steps){{$}}
func.func @loops_partial(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  "slice.dynamic_copy_run"(%a, %i, %b, %i, %i, %i, %i, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 2, 1, 2, 0, 0, 0, 0, 0, 0>}> : (memref<?xf32>, index, memref<?xf32>, index, index, index, index, index, index, index, index) -> ()
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: prefetch_if prefetches the rows of its loops; add loops (or use prefetch row ... of ...){{$}}
func.func @prefetch_if_alone(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %g: i1) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i adaptive prefetch_if %g : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: prefetch_if is a choice of an adaptive run; add adaptive{{$}}
func.func @prefetch_if_not_adaptive(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %g: i1) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i loops [%i] source_steps [%i] dest_steps [%i] prefetch_if %g : memref<?xf32>, memref<?xf32>
  func.return
}

// -----

// CHECK: {{^}}slice.dynamic_copy_run: prefetch row ... of ... places a run in loops around it; a run with loops prefetches with prefetch_if{{$}}
func.func @prefetch_row_in_loops(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) {
  slice.dynamic_copy_run %a[%i], %b[%i] count %i source_stride %i loops [%i] source_steps [%i] dest_steps [%i] adaptive prefetch row %i of %i step %i : memref<?xf32>, memref<?xf32>
  func.return
}
