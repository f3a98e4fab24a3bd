// convert-slice-to-loops{string-move-bytes=N}: the target's string-move bound. A
// contiguous run of N bytes or more whose stores are cached (not `nontemporal`) is
// copied by the CPU's string move (`string_move` on its run: `rep movsb` on x86-64,
// `slice_string_move` in the C) rather than `memcpy`; 0 (the default) never. A
// streamed run, a shorter one and a strided one are as without it; a dynamic run
// carries the bound and decides at run time. compile() passes the bound calibrated on
// the host.
//
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-working-set=1000000000}' | filecheck %s --check-prefix=DEFAULT
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-working-set=1000000000 string-move-bytes=8388608}' | filecheck %s --check-prefix=MOVE
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-working-set=1000000000 string-move-bytes=8388609}' | filecheck %s --check-prefix=LONGER
// RUN: slice-opt %s -p 'convert-slice-to-loops{string-move-bytes=1024}' | filecheck %s --check-prefix=STREAMED
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-working-set=1000000000 string-move-bytes=1024}' -t c -o %t.c
// RUN: filecheck %s --check-prefix=C --input-file %t.c
// RUN: %cc -std=c99 -Wall -Wextra -Werror -c %t.c -o %t.o
// RUN: not slice-opt %s -p 'convert-slice-to-loops{string-move-bytes=-1}' 2>&1 | filecheck %s --check-prefix=NEGATIVE

// W4's copy: one run of 8 MiB, cached below a 1 GB streaming bound.
// DEFAULT-LABEL:  func.func @crop(
// DEFAULT:          slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 :
// MOVE-LABEL:     func.func @crop(
// MOVE:             slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 string_move :
// LONGER-LABEL:   func.func @crop(
// LONGER:           slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 :
// STREAMED-LABEL: func.func @crop(
// STREAMED:         slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 nontemporal :
// C-LABEL:        int32_t slice_crop(
// C:                slice_string_move(out_flat, x_flat + 1048576, 8388608);
// C-LABEL:        int32_t slice_rows(
// C:                slice_string_move({{.+}}, 1792);
// C-LABEL:        int32_t slice_reversed(
// C-NOT:            slice_string_move(
// C-LABEL:        int32_t slice_dynamic(
// C:                const _Bool moved = [[N:.+]] >= 256;
// C-NEXT:           if (streamed) {
// C-NEXT:               slice_stream(
// C-NEXT:           } else {
// C-NEXT:               if (moved) slice_string_move({{.+}}, (size_t)[[N]] * 4); else slice_memcpy({{.+}}, (size_t)[[N]] * 4);
func.func @crop(%x: tensor<1x256x128x128xf32>) -> tensor<1x128x128x128xf32> {
  %r = slice.window %x offsets [0, 64, 0, 0] sizes [1, 128, 128, 128] strides [1, 1, 1, 1] : tensor<1x256x128x128xf32> -> tensor<1x128x128x128xf32>
  func.return %r : tensor<1x128x128x128xf32>
}

// W1's rows of 1792 bytes: shorter than 8 MiB, so memcpy at that bound.
// MOVE-LABEL:     func.func @rows(
// MOVE:             slice.copy_run {{.*}} count 448 source_stride 1 dest_stride 1 :
// MOVE-NOT:         string_move
// MOVE-LABEL:     func.func @reversed(
func.func @rows(%x: tensor<1x64x512x512xf32>) -> tensor<1x64x448x448xf32> {
  %r = slice.window %x offsets [0, 0, 32, 32] sizes [1, 64, 448, 448] strides [1, 1, 1, 1] : tensor<1x64x512x512xf32> -> tensor<1x64x448x448xf32>
  func.return %r : tensor<1x64x448x448xf32>
}

// W3's reversed rows: through registers, never the string move.
// MOVE:             slice.copy_run {{.*}} count 4096 source_stride -1 dest_stride 1 reorder :
func.func @reversed(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = slice.window %x offsets [0, 4095] sizes [4096, 4096] strides [1, -1] : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  func.return %r : tensor<4096x4096xf32>
}

// DEFAULT-LABEL:  func.func @dynamic(
// DEFAULT:          slice.dynamic_copy_run {{.*}} adaptive stream_working_set 1000000000 footprint %{{[0-9]+}} :
// MOVE-LABEL:     func.func @dynamic(
// MOVE:             slice.dynamic_copy_run {{.*}} adaptive stream_working_set 1000000000 footprint %{{[0-9]+}} string_move_bytes 8388608 :
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  func.return %x : tensor<?xf32>
}

// NEGATIVE: error: convert-slice-to-loops: string-move-bytes = -1: a byte count must be from 0 to 2**63 - 1
