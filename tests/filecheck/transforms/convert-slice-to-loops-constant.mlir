// RUN: slice-opt %s -p convert-slice-to-loops --split-input-file | filecheck %s
// RUN: slice-opt %s -p convert-slice-to-loops -t c --split-input-file | filecheck %s --check-prefix=C

// A tensor constant the program uses becomes a buffer slice.fill_constant fills (MLIR's
// bufferization makes it a memref.global): a folded slice of a constant that is
// returned is copied into its output.
// CHECK-LABEL: func.func @returned_constant(
// CHECK-SAME:      %[[OUT:.+]]: memref<3xf32>)
// CHECK-NEXT:    %[[B:.+]] = memref.alloc() : memref<3xf32>
// CHECK-NEXT:    slice.fill_constant %[[B]] = dense<[2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<3xf32> : memref<3xf32>
// CHECK:         slice.copy_run %[[B]][%{{.+}}], %[[OUT]][%{{.+}}] count 3 source_stride 1 dest_stride 1
// CHECK-NEXT:    memref.dealloc %[[B]] : memref<3xf32>
// CHECK-NEXT:    func.return
// C-LABEL: int32_t slice_returned_constant(
// C:         static const uint32_t [[T:.+]][3] = {
// C-NEXT:        0x40000000u, 0x40400000u, 0x40800000u,
// C-NEXT:    };
// C-NEXT:    memcpy({{.+}}, [[T]], 12);
func.func @returned_constant() -> tensor<3xf32> {
  %c = arith.constant dense<[2.0, 3.0, 4.0]> : tensor<3xf32>
  func.return %c : tensor<3xf32>
}

// -----

// A splat is written by one loop; a 16-byte element is a slice_b128.
// CHECK-LABEL: func.func @returned_splat(
// CHECK:         slice.fill_constant %{{.+}} = dense<(1.000000e+00,-2.000000e+00)> : tensor<2x1000xcomplex<f64>> : memref<2x1000xcomplex<f64>>
// C-LABEL: int32_t slice_returned_splat(
// C:         const slice_b128 [[V:.+]] = {UINT64_C(0x3ff0000000000000), UINT64_C(0xc000000000000000)};
// C-NEXT:    for (int64_t [[I:.+]] = 0; [[I]] < 2000; [[I]]++)
// C-NEXT:        {{.+}}[[[I]]] = [[V]];
func.func @returned_splat() -> tensor<2x1000xcomplex<f64>> {
  %c = arith.constant dense<(1.0, -2.0)> : tensor<2x1000xcomplex<f64>>
  func.return %c : tensor<2x1000xcomplex<f64>>
}

// -----

// A window of a constant with a run-time offset reads the filled buffer.
// CHECK-LABEL: func.func @dynamic_window_of_constant(
// CHECK-SAME:      %{{.+}}: memref<1xi64>, %[[OUT:.+]]: memref<2xi16>)
// CHECK:         %[[B:.+]] = memref.alloc() : memref<5xi16>
// CHECK-NEXT:    slice.fill_constant %[[B]] = dense<[1, -2, 3, -4, 5]> : tensor<5xi16> : memref<5xi16>
// CHECK:         slice.dynamic_copy_run %[[B]]
// C-LABEL: int32_t slice_dynamic_window_of_constant(
// C:         0x1u, 0xfffeu, 0x3u, 0xfffcu, 0x5u,
func.func @dynamic_window_of_constant(%s: tensor<1xi64>) -> tensor<2xi16> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xi64>
  %o = arith.index_cast %v : i64 to index
  %c = arith.constant dense<[1, -2, 3, -4, 5]> : tensor<5xi16>
  %r = slice.dynamic_window %c offsets [%o] sizes [2] strides [1] : tensor<5xi16> -> tensor<2xi16>
  func.return %r : tensor<2xi16>
}

// -----

// An i1 constant (a numpy bool) fills its buffer with the bytes 0 and 1: xDSL holds
// `true` as 0xFF (the i1 value -1), which is not numpy's byte for True.
// C-LABEL: int32_t slice_bool_constant(
// C:         0x1u, 0x0u, 0x1u, 0x1u,
func.func @bool_constant(%s: tensor<1xi64>) -> tensor<2xi1> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xi64>
  %o = arith.index_cast %v : i64 to index
  %c = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %r = slice.dynamic_window %c offsets [%o] sizes [2] strides [1] : tensor<4xi1> -> tensor<2xi1>
  func.return %r : tensor<2xi1>
}
