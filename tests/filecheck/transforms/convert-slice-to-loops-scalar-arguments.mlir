// RUN: slice-opt %s -p 'canonicalize-slices,convert-slice-to-loops' --split-input-file -o %t
// RUN: filecheck %s --input-file %t
// RUN: filecheck %s --input-file %t --check-prefix=SHAPE
// RUN: slice-opt %s -p 'canonicalize-slices,convert-slice-to-loops' --split-input-file -t c | filecheck %s --check-prefix=C

// A scalar argument of type index or a signless i1 or i8-i64 is passed in a rank-0 memref
// (index as i64), loaded once at the function's start in argument order (index values
// through arith.index_cast), so the C ABI stays one pointer per argument. The shape
// function takes the same arguments.
// CHECK-LABEL: func.func @crop(
// CHECK-SAME:      %[[X:.+]]: memref<10x4xf32>, %[[O:.+]]: memref<i64>, %[[N:.+]]: memref<i64>, %[[OUT:.+]]: memref<?x4xf32>)
// CHECK-SAME:      attributes {slice.shape_function = @crop.shape}
// CHECK-NEXT:    %[[OV:.+]] = memref.load %[[O]][] : memref<i64>
// CHECK-NEXT:    %[[OI:.+]] = arith.index_cast %[[OV]] : i64 to index
// CHECK-NEXT:    %[[NV:.+]] = memref.load %[[N]][] : memref<i64>
// CHECK-NEXT:    %[[NI:.+]] = arith.index_cast %[[NV]] : i64 to index
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0}: a size must be >= 0"
// CHECK:         slice.dynamic_copy_run
// SHAPE-LABEL: func.func @crop.shape(
// SHAPE-SAME:      %{{.+}}: memref<10x4xf32>, %[[O:.+]]: memref<i64>, %[[N:.+]]: memref<i64>, %{{.+}}: memref<2xi64>)
// SHAPE-NEXT:    memref.load %[[O]][] : memref<i64>
// SHAPE:         memref.load %[[N]][] : memref<i64>
// C:           int32_t slice_crop(const uint32_t *restrict in0, const uint64_t *restrict in1, const uint64_t *restrict in2, uint32_t *restrict out0, const int64_t *restrict slice_dims, int64_t *restrict slice_error_values) {
// C:           int32_t slice_crop_x2Eshape(const uint32_t *restrict in0, const uint64_t *restrict in1, const uint64_t *restrict in2, uint64_t *restrict out0, int64_t *restrict slice_error_values) {
func.func @crop(%x: tensor<10x4xf32>, %o: index, %n: index) -> tensor<?x4xf32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 4] strides [1, 1] : tensor<10x4xf32> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}

// -----

// i64 and i32 scalars stay their type (a rank-0 memref of it, no cast); an argument
// nothing reads leaves no load.
// CHECK-LABEL: func.func @onnx(
// CHECK-SAME:      %[[X:.+]]: memref<8xi8>, %[[S:.+]]: memref<i64>, %[[E:.+]]: memref<i32>, %{{.+}}: memref<i16>, %[[OUT:.+]]: memref<?xi8>)
// CHECK-NEXT:    %[[SV:.+]] = memref.load %[[S]][] : memref<i64>
// CHECK-NEXT:    %[[EV:.+]] = memref.load %[[E]][] : memref<i32>
// CHECK-NOT:     memref.load %{{.+}}[] : memref<i16>
// CHECK:         arith.extsi %[[EV]] : i32 to i64
// CHECK:         slice.dynamic_copy_run
// C:           int32_t slice_onnx(const uint8_t *restrict in0, const uint64_t *restrict in1, const uint32_t *restrict in2, const uint16_t *restrict in3, uint8_t *restrict out0, const int64_t *restrict slice_dims, int64_t *restrict slice_error_values) {
func.func @onnx(%x: tensor<8xi8>, %s: i64, %e: i32, %unused: i16) -> tensor<?xi8> {
  %starts = tensor.from_elements %s : tensor<1xi64>
  %e64 = arith.extsi %e : i32 to i64
  %ends = tensor.from_elements %e64 : tensor<1xi64>
  %r = slice.onnx %x starts %starts ends %ends : tensor<8xi8>, tensor<1xi64>, tensor<1xi64> -> tensor<?xi8>
  func.return %r : tensor<?xi8>
}


// -----

// An i1 scalar (since session 55: a flag for arith.select) is a memref<i1>, a byte
// read as `!= 0` in C.
// CHECK-LABEL: func.func @flag(
// CHECK-SAME:      %[[X:.+]]: memref<10xf32>, %[[F:.+]]: memref<i1>, %[[A:.+]]: memref<i64>, %[[B:.+]]: memref<i64>, %[[OUT:.+]]: memref<?xf32>)
// CHECK-NEXT:    %[[FV:.+]] = memref.load %[[F]][] : memref<i1>
// CHECK:         arith.select %[[FV]], %{{.+}}, %{{.+}} : index
// C:           int32_t slice_flag(const uint32_t *restrict in0, const uint8_t *restrict in1, const uint64_t *restrict in2, const uint64_t *restrict in3, uint32_t *restrict out0, const int64_t *restrict slice_dims, int64_t *restrict slice_error_values) {
// C:           const _Bool f = in1[0] != 0;
func.func @flag(%x: tensor<10xf32>, %f: i1, %a: index, %b: index) -> tensor<?xf32> {
  %o = arith.select %f, %a, %b : index
  %r = slice.dynamic_window %x offsets [%o] sizes [2] strides [1] : tensor<10xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
