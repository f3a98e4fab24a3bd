// convert-slice-to-loops{stream-lines-in-order=true}: the target's line order. A
// streamed contiguous run of 16 KiB or more (STREAM_LINE_BLOCK_BYTES) stores its cache
// lines one after the other (`in_order`) rather than in 16 KiB blocks, a line of each
// 4 KiB quarter in turn (the default); a dynamic run carries the choice. Runs the
// blocks never touch (shorter, strided, not streamed) are as without it. compile()
// passes the order calibrated on the host.
//
// RUN: slice-opt %s -p convert-slice-to-loops | filecheck %s --check-prefix=DEFAULT
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-lines-in-order=true}' | filecheck %s --check-prefix=ORDER
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-lines-in-order=true stream-working-set=16777217}' | filecheck %s --check-prefix=PLAIN
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-lines-in-order=true}' -t c -o %t.c
// RUN: filecheck %s --check-prefix=C --input-file %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -c %t.c -o %t.o

// W4's copy: one streamed run of 8 MiB.
// DEFAULT-LABEL: func.func @crop(
// DEFAULT:         slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 nontemporal :
// ORDER-LABEL:   func.func @crop(
// ORDER:           slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 nontemporal in_order :
// PLAIN-LABEL:   func.func @crop(
// PLAIN:           slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 :
// C-LABEL:       int32_t slice_crop(
// C:               slice_stream_in_order(out_flat, x_flat + 1048576, 8388608);
// C-LABEL:       int32_t slice_rows(
// C:               slice_stream({{.+}}, 1792);
func.func @crop(%x: tensor<1x256x128x128xf32>) -> tensor<1x128x128x128xf32> {
  %r = slice.window %x offsets [0, 64, 0, 0] sizes [1, 128, 128, 128] strides [1, 1, 1, 1] : tensor<1x256x128x128xf32> -> tensor<1x128x128x128xf32>
  func.return %r : tensor<1x128x128x128xf32>
}

// W1's rows of 1792 bytes: streamed, shorter than a block, so as without the option.
// ORDER-LABEL:   func.func @rows(
// ORDER:           slice.copy_run {{.*}} count 448 source_stride 1 dest_stride 1 nontemporal :
// ORDER-NOT:       in_order
// ORDER-LABEL:   func.func @reversed(
func.func @rows(%x: tensor<1x64x512x512xf32>) -> tensor<1x64x448x448xf32> {
  %r = slice.window %x offsets [0, 0, 32, 32] sizes [1, 64, 448, 448] strides [1, 1, 1, 1] : tensor<1x64x512x512xf32> -> tensor<1x64x448x448xf32>
  func.return %r : tensor<1x64x448x448xf32>
}

// W3's reversed rows of 16 KiB: streamed through registers, not lines.
// ORDER:           slice.copy_run {{.*}} count 4096 source_stride -1 dest_stride 1 nontemporal reorder :
func.func @reversed(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = slice.window %x offsets [0, 4095] sizes [4096, 4096] strides [1, -1] : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  func.return %r : tensor<4096x4096xf32>
}

// DEFAULT-LABEL: func.func @dynamic(
// DEFAULT:         slice.dynamic_copy_run {{.*}} adaptive :
// ORDER-LABEL:   func.func @dynamic(
// ORDER:           slice.dynamic_copy_run {{.*}} adaptive in_order :
// C-LABEL:       int32_t slice_dynamic(
// C:               slice_stream_in_order(
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  func.return %x : tensor<?xf32>
}
