// A dynamic run's `stream_working_set N` (convert-slice-to-loops{stream-working-set=N},
// the host's streaming bound): the run streams only where, besides the dest view's 2 MiB
// and the run's 1 KiB, the source and dest views hold N bytes together, counted in
// elements (33554432 bytes of f32: 8388608) without a sum that could wrap. With
// `footprint %f` (the elements of source the whole copy brings into the caches,
// copy_plan.source_footprint_on) the source's share is %f, not its view.
//
// RUN: slice-opt %s -t c -o %t.c
// RUN: filecheck %s --input-file %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -c %t.c -o %t.o

// CHECK-LABEL: int32_t slice_f(
// CHECK:         const _Bool streamed = out0_d0 >= 524288 && out0_d0 >= 256 && (out0_d0 >= 8388608 || in0_d0 >= 8388608 - out0_d0);
// CHECK-NEXT:    if (streamed)
// CHECK-NEXT:        slice_stream(ov, xv, out0_d0 * 4);
// CHECK-NEXT:    else
// CHECK-NEXT:        memcpy(ov, xv, (size_t)out0_d0 * 4);
// Without it, the rule of STREAM_WORKING_SET = 0: the views' size is not looked at.
// CHECK-LABEL: int32_t slice_g(
// CHECK:         const _Bool streamed = out0_d0 >= 524288 && out0_d0 >= 256;
// With a footprint (here the size of %y), that in place of the source view.
// CHECK-LABEL: int32_t slice_h(
// CHECK:         const _Bool streamed = out0_d0 >= 524288 && out0_d0 >= 256 && (out0_d0 >= 8388608 || in1_d0 >= 8388608 - out0_d0);
func.func @f(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %xv = memref.collapse_shape %x [[0]] : memref<?xf32> into memref<?xf32>
  %ov = memref.collapse_shape %out [[0]] : memref<?xf32> into memref<?xf32>
  slice.dynamic_copy_run %xv[%c0], %ov[%c0] count %n source_stride %c1 adaptive stream_working_set 33554432 : memref<?xf32>, memref<?xf32>
  func.return
}
func.func @g(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %xv = memref.collapse_shape %x [[0]] : memref<?xf32> into memref<?xf32>
  %ov = memref.collapse_shape %out [[0]] : memref<?xf32> into memref<?xf32>
  slice.dynamic_copy_run %xv[%c0], %ov[%c0] count %n source_stride %c1 adaptive : memref<?xf32>, memref<?xf32>
  func.return
}
func.func @h(%x: memref<?xf32>, %y: memref<?xi8>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %f = memref.dim %y, %c0 : memref<?xi8>
  %xv = memref.collapse_shape %x [[0]] : memref<?xf32> into memref<?xf32>
  %ov = memref.collapse_shape %out [[0]] : memref<?xf32> into memref<?xf32>
  slice.dynamic_copy_run %xv[%c0], %ov[%c0] count %n source_stride %c1 adaptive stream_working_set 33554432 footprint %f : memref<?xf32>, memref<?xf32>
  func.return
}
