// RUN: slice-opt %s -p convert-slice-to-loops --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p convert-slice-to-loops --split-input-file | filecheck %s
// RUN: slice-opt %s -p convert-slice-to-loops --split-input-file --print-debuginfo | filecheck %s --check-prefix=LOC

// A positive-stride crop: one scf.for per outer loop of the copy plan, one
// slice.copy_run per row, linear offsets into 1-D views.
// CHECK-LABEL: func.func @crop(
// CHECK-SAME:      %[[X:.+]]: memref<4x5xf32>, %[[OUT:.+]]: memref<2x3xf32>) {
// CHECK:         %[[SRC:.+]] = memref.collapse_shape %[[X]] {{.*}} : memref<4x5xf32> into memref<20xf32>
// CHECK:         %[[DST:.+]] = memref.collapse_shape %[[OUT]] {{.*}} : memref<2x3xf32> into memref<6xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK:         scf.for %[[I:.+]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[A:.+]] = arith.muli %[[I]], %[[C5]] overflow<nsw> : index
// CHECK-NEXT:      %[[S:.+]] = arith.addi %[[C6]], %[[A]] overflow<nsw> : index
// CHECK-NEXT:      %[[D:.+]] = arith.muli %[[I]], %[[C3]] overflow<nsw> : index
// CHECK-NEXT:      slice.copy_run %[[SRC]][%[[S]]], %[[DST]][%[[D]]] count 3 source_stride 1 dest_stride 1 : memref<20xf32>, memref<6xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// The ops made for a window carry its location.
// LOC-LABEL:   func.func @crop(
// LOC:           memref.collapse_shape {{.*}} loc("{{.+}}convert-slice-to-loops.mlir":[[LINE:[0-9]+]]:3)
// LOC:           scf.for {{.*}} {
// LOC:             arith.muli {{.*}} loc("{{.+}}convert-slice-to-loops.mlir":[[LINE]]:3)
// LOC:             slice.copy_run {{.*}} loc("{{.+}}convert-slice-to-loops.mlir":[[LINE]]:3)
// LOC:           } loc("{{.+}}convert-slice-to-loops.mlir":[[LINE]]:3)
func.func @crop(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = slice.window %x offsets [1, 1] sizes [2, 3] strides [1, 1] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Negative and mixed strides: the start is the window's offset, the strides are signed.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:      %{{.+}}: memref<4x5xf32>, %{{.+}}: memref<2x3xf32>) {
// CHECK-DAG:     %[[C9:.+]] = arith.constant 9 : index
// CHECK:         scf.for %[[I:.+]] =
// CHECK-NEXT:      arith.muli %[[I]], %{{.+}} overflow<nsw> : index
// CHECK-NEXT:      %[[S:.+]] = arith.addi %[[C9]], %{{.+}} overflow<nsw> : index
// CHECK-NEXT:      %[[D:.+]] = arith.muli %[[I]], %{{.+}} overflow<nsw> : index
// CHECK-NEXT:      slice.copy_run %{{.+}}[%[[S]]], %{{.+}}[%[[D]]] count 3 source_stride -2 dest_stride 1 :
// CHECK-NOT:     scf.for
func.func @mixed(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Whole inner dims merge with the dim around them: the crop of channels is one run,
// with no loop at all.
// CHECK-LABEL: func.func @channels(
// CHECK-NOT:     scf.for
// CHECK-DAG:     %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         slice.copy_run %{{.+}}[%[[C1024]]], %{{.+}}[%[[C0]]] count 2048 source_stride 1 dest_stride 1 : memref<4096xf32>, memref<2048xf32>
// CHECK-NOT:     scf.for
func.func @channels(%y: tensor<1x64x8x8xf32>) -> tensor<1x32x8x8xf32> {
  %0 = slice.window %y offsets [0, 16, 0, 0] sizes [1, 32, 8, 8] strides [1, 1, 1, 1] : tensor<1x64x8x8xf32> -> tensor<1x32x8x8xf32>
  func.return %0 : tensor<1x32x8x8xf32>
}

// -----

// Unit dims need no loop; a dropped (shrunk) or inserted (new) unit dim changes nothing.
// CHECK-LABEL: func.func @unit_dims(
// CHECK-SAME:      %{{.+}}: memref<4x5xi16>, %[[OUT:.+]]: memref<1x4x1xi16>) {
// CHECK-NOT:     scf.for
// CHECK:         slice.copy_run %{{.+}}, %{{.+}} count 4 source_stride -5 dest_stride 1 : memref<20xi16>, memref<4xi16>
func.func @unit_dims(%x: tensor<4x5xi16>) -> tensor<1x4x1xi16> {
  %0 = slice.window %x offsets [3, 2] sizes [4, 1] strides [-1, 1] : tensor<4x5xi16> -> tensor<1x4x1xi16>
  func.return %0 : tensor<1x4x1xi16>
}

// -----

// One element into a rank-0 result: a run of one, at a constant offset.
// CHECK-LABEL: func.func @scalar(
// CHECK-SAME:      %{{.+}}: memref<4x5xbf16>, %[[OUT:.+]]: memref<bf16>) {
// CHECK-DAG:     %[[C17:.+]] = arith.constant 17 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         slice.copy_run %{{.+}}[%[[C17]]], %[[OUT]][%[[C0]]] count 1 source_stride 1 dest_stride 1 : memref<20xbf16>, memref<bf16>
func.func @scalar(%x: tensor<4x5xbf16>) -> tensor<bf16> {
  %0 = slice.window %x offsets [3, 2] sizes [1, 1] strides [1, 1] : tensor<4x5xbf16> -> tensor<bf16>
  func.return %0 : tensor<bf16>
}

// -----

// An empty result writes nothing.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME:      %{{.+}}: memref<4x5xf32>, %{{.+}}: memref<0x5xf32>) {
// CHECK-NEXT:    func.return
func.func @empty(%x: tensor<4x5xf32>) -> tensor<0x5xf32> {
  %0 = slice.window %x offsets [0, 0] sizes [0, 5] strides [1, 1] : tensor<4x5xf32> -> tensor<0x5xf32>
  func.return %0 : tensor<0x5xf32>
}

// -----

// A chain: the returned first window is written in place and read back by the second.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[X:.+]]: memref<8xi8>, %[[OUT0:.+]]: memref<2xi8>, %[[OUT1:.+]]: memref<4xi8>) {
// CHECK-NOT:     memref.alloc
// CHECK:         slice.copy_run %[[X]][%{{.+}}], %[[OUT1]][%{{.+}}] count 4 source_stride -2 dest_stride 1 : memref<8xi8>, memref<4xi8>
// CHECK:         slice.copy_run %[[OUT1]][%{{.+}}], %[[OUT0]][%{{.+}}] count 2 source_stride 1 dest_stride 1 : memref<4xi8>, memref<2xi8>
// CHECK-NEXT:    func.return
func.func @chain(%x: tensor<8xi8>) -> (tensor<2xi8>, tensor<4xi8>) {
  %a = slice.window %x offsets [7] sizes [4] strides [-2] : tensor<8xi8> -> tensor<4xi8>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<4xi8> -> tensor<2xi8>
  func.return %b, %a : tensor<2xi8>, tensor<4xi8>
}

// -----

// An intermediate that is not returned lives in a memref.alloc, freed before return.
// CHECK-LABEL: func.func @temporary(
// CHECK:         %[[TMP:.+]] = memref.alloc() : memref<4xi8>
// CHECK:         slice.copy_run %{{.+}}, %[[TMP]][%{{.+}}] count 4
// CHECK:         slice.copy_run %[[TMP]][%{{.+}}], %{{.+}} count 2
// CHECK-NEXT:    memref.dealloc %[[TMP]] : memref<4xi8>
// CHECK-NEXT:    func.return
func.func @temporary(%x: tensor<8xi8>) -> tensor<2xi8> {
  %a = slice.window %x offsets [7] sizes [4] strides [-2] : tensor<8xi8> -> tensor<4xi8>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<4xi8> -> tensor<2xi8>
  func.return %b : tensor<2xi8>
}

// -----

// An argument returned unchanged (twice) is copied into each output, one run each; so
// is a window returned twice (written in place once, then copied).
// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:      %[[X:.+]]: memref<3xcomplex<f32>>, %[[OUT0:.+]]: memref<3xcomplex<f32>>, %[[OUT1:.+]]: memref<3xcomplex<f32>>) {
// CHECK:         slice.copy_run %[[X]][%{{.+}}], %[[OUT0]][%{{.+}}] count 3 source_stride 1 dest_stride 1 :
// CHECK:         slice.copy_run %[[X]][%{{.+}}], %[[OUT1]][%{{.+}}] count 3 source_stride 1 dest_stride 1 :
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @twice(
// CHECK-SAME:      %[[X:.+]]: memref<8xi8>, %[[OUT0:.+]]: memref<4xi8>, %[[OUT1:.+]]: memref<4xi8>) {
// CHECK:         slice.copy_run %[[X]][%{{.+}}], %[[OUT0]][%{{.+}}] count 4 source_stride 2 dest_stride 1 :
// CHECK:         slice.copy_run %[[OUT0]][%{{.+}}], %[[OUT1]][%{{.+}}] count 4 source_stride 1 dest_stride 1 :
// CHECK-NEXT:    func.return
func.func @passthrough(%x: tensor<3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  func.return %x, %x : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
}
func.func @twice(%x: tensor<8xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %a = slice.window %x offsets [0] sizes [4] strides [2] : tensor<8xi8> -> tensor<4xi8>
  func.return %a, %a : tensor<4xi8>, tensor<4xi8>
}

// -----

// The code-generation choices of a run are decided here and written on it
// (passes/copy_plan.py). A copy writing 2 MiB or more stores non-temporally, but only
// its runs of at least 1 KiB; source rows with gaps between them are prefetched 32 KiB
// ahead (8192 elements here: 8 rows of 1024), and only the row loop's run, when one
// run's source span is at most 2 KiB, or 8 KiB where the copy's spread (source span
// and output) reaches the target's streaming bound (0 by default: every copy), and the
// gap to the next row is at least 512 bytes and a quarter of the span
// (passes/copy_plan.prefetches_rows_on).
// CHECK-LABEL: func.func @big_crop(
// CHECK:         scf.for
// CHECK:           slice.copy_run {{.+}} count 512 source_stride 1 dest_stride 1 nontemporal prefetch 8192 : memref<8388608xf32>, memref<4194304xf32>
// Rows at most 2 KiB apart whose run spans half of them or more are prefetched whole,
// the gap after the run included (prefetch_bytes); every-other-element runs of rows 4
// KiB apart (W2) prefetch their span only: the rows they skip are not fetched.
// CHECK-LABEL: func.func @big_crop_narrow_rows(
// CHECK:           slice.copy_run {{.+}} count 256 source_stride 1 dest_stride 1 nontemporal prefetch 8192 prefetch_bytes 2048 : memref<4194304xf32>, memref<2097152xf32>
// CHECK-LABEL: func.func @big_even_rows(
// CHECK:           slice.copy_run {{.+}} count 256 source_stride 2 dest_stride 1 nontemporal reorder prefetch 8192 : memref<8388608xf32>, memref<2097152xf32>
// Runs of 4 and 8 KiB, rows 16 KiB apart, are prefetched two rows ahead; runs over 8
// KiB are streamed but not prefetched (the hardware follows them), nor are runs of 4
// KiB 768 bytes apart, under a quarter of the span (one stream to the hardware).
// CHECK-LABEL: func.func @big_crop_4k_rows(
// CHECK:           slice.copy_run {{.+}} count 1024 source_stride 1 dest_stride 1 nontemporal prefetch 8192 : memref<8388608xf32>, memref<2097152xf32>
// CHECK-LABEL: func.func @big_crop_8k_rows(
// CHECK:           slice.copy_run {{.+}} count 2048 source_stride 1 dest_stride 1 nontemporal prefetch 8192 : memref<8388608xf32>, memref<4194304xf32>
// CHECK-LABEL: func.func @big_crop_long_rows(
// CHECK:           slice.copy_run {{.+}} count 2049 source_stride 1 dest_stride 1 nontemporal : memref<8388608xf32>, memref<4196352xf32>
// CHECK-LABEL: func.func @big_crop_close_rows(
// CHECK:           slice.copy_run {{.+}} count 1024 source_stride 1 dest_stride 1 nontemporal : memref<2490368xf32>, memref<2097152xf32>
// Runs of 512 bytes, whole 16-byte blocks each starting 16 bytes on in the result
// (aligned_runs), are streamed in a copy writing 8 MiB, and their rows prefetched all
// the same (a copy reading 2 MiB of lines or more), here whole (half of each row).
// CHECK-LABEL: func.func @big_crop_short_rows(
// CHECK:           slice.copy_run {{.+}} count 128 source_stride 1 dest_stride 1 nontemporal prefetch 8192 prefetch_bytes 1024 : memref<4194304xf32>, memref<2097152xf32>
// A row loop shorter than the prefetch distance (24 rows of 1394 bytes: 24 rows to
// reach 32 KiB) prefetches only where the loop around it goes on where the rows stop
// (one row further here): the prefetches past its last row read the next plane's rows.
// CHECK-LABEL: func.func @short_row_loop(
// CHECK:           slice.copy_run {{.+}} count 237 source_stride 1 dest_stride 1 prefetch 33456 : memref<13940000xi8>, memref<2275200xi8>
// CHECK-LABEL: func.func @short_row_loop_down(
// CHECK:           slice.copy_run {{.+}} count 237 source_stride 1 dest_stride 1 : memref<13940000xi8>, memref<2275200xi8>
// Rows prefetch the run as many rows ahead in the order of the loops: where a plane's
// last rows would prefetch past its rows (23 rows of 39 here, 32 KiB of rows 1488 bytes
// apart), the row loop is two loops and those rows prefetch into the next plane's
// (40548 = 23 * 186 rows on, plus the 43524 - 39 * 186 elements between planes). A
// row loop that only its last rows in 8 or fewer would (23 of 390) is not split.
// CHECK-LABEL: func.func @plane_crop_rows(
// CHECK:         scf.for %[[I0:.+]] = %[[C0:.+]] to %{{.+}} step %[[C1:.+]] {
// CHECK:           scf.for %{{.+}} = %[[C0]] to %[[C16:.+]] step %[[C1]] {
// CHECK:             slice.copy_run {{.+}} count 27 source_stride 4 dest_stride 1 scalar prefetch 4278 prefetch_bytes 1488 :
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %{{.+}} = %[[C16]] to %[[C39:.+]] step %[[C1]] {
// CHECK:             slice.copy_run {{.+}} count 27 source_stride 4 dest_stride 1 scalar prefetch 40548 prefetch_bytes 1488 :
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-LABEL: func.func @plane_long_rows(
// CHECK:           scf.for
// CHECK:             slice.copy_run {{.+}} count 27 source_stride 4 dest_stride 1 scalar prefetch 4278 prefetch_bytes 1488 :
// CHECK-NOT:       slice.copy_run
// CHECK:         func.return
// A copy that reads less than 2 MiB of cache lines is not prefetched, however big its
// source: on a repeated call those lines are in the caches (here 240 KiB of a 1.3 MiB
// source).
// CHECK-LABEL: func.func @small_read(
// CHECK:           slice.copy_run {{.+}} count 237 source_stride 1 dest_stride 1 : memref<1394000xi8>, memref<227520xi8>
// Shorter runs are streamed too where they are whole 16-byte blocks, each starting 16
// bytes on in the result (STREAM_ALIGN_BYTES), prefetched or not: runs of 16 bytes
// are, runs of 24 bytes are not, and prefetched runs of 640 bytes are.
// CHECK-LABEL: func.func @big_short_aligned_runs(
// CHECK:           slice.copy_run {{.+}} count 2 source_stride 1 dest_stride 1 nontemporal : memref<2097152xf64>, memref<1048576xf64>
// CHECK-LABEL: func.func @big_short_unaligned_runs(
// CHECK:           slice.copy_run {{.+}} count 3 source_stride 1 dest_stride 1 : memref<2097152xf64>, memref<1572864xf64>
// CHECK-LABEL: func.func @big_short_prefetched_runs(
// CHECK:           slice.copy_run {{.+}} count 160 source_stride 1 dest_stride 1 nontemporal prefetch 8192 : memref<16777216xf32>, memref<2621440xf32>
// A big strided run not reordered in registers is streamed, a scalar gather into
// non-temporal stores, for elements of 1 to 16 bytes (STREAM_GATHER_ELEMENT_BYTES;
// 16-byte ones since session 37, one store each, and only as runs of 1 KiB or more).
// CHECK-LABEL: func.func @big_strided_c64(
// CHECK:           slice.copy_run {{.+}} count 1048576 source_stride 3 dest_stride 1 nontemporal scalar lookahead 171 : memref<3145728xcomplex<f32>>, memref<1048576xcomplex<f32>>
// CHECK-LABEL: func.func @big_strided_c128(
// CHECK:           slice.copy_run {{.+}} count 1048576 source_stride 3 dest_stride 1 nontemporal scalar : memref<3145728xcomplex<f64>>, memref<1048576xcomplex<f64>>
// CHECK-LABEL: func.func @big_reverse(
// CHECK:           slice.copy_run {{.+}} count 300 source_stride -1 dest_stride 1 nontemporal reorder : memref<2457600xf32>, memref<2457600xf32>
// CHECK-LABEL: func.func @big_even(
// CHECK:           slice.copy_run {{.+}} count 512 source_stride 2 dest_stride 1 nontemporal reorder : memref<4198400xf64>, memref<2097152xf64>
// Every other element of 16 bytes too: one register per element.
// CHECK-LABEL: func.func @big_even_b128(
// CHECK:           slice.copy_run {{.+}} count 512 source_stride 2 dest_stride 1 nontemporal reorder : memref<2099200xcomplex<f64>>, memref<1048576xcomplex<f64>>
// Below 2 MiB a copy keeps ordinary stores; a run of 64 bytes or more is still
// reordered in registers (source stride -1, 2 or -2), a shorter one is not.
// CHECK-LABEL: func.func @small_reverse(
// CHECK:           slice.copy_run {{.+}} count 300 source_stride -1 dest_stride 1 reorder : memref<30000xf32>, memref<30000xf32>
// CHECK-LABEL: func.func @medium_reverse(
// CHECK:           slice.copy_run {{.+}} count 300 source_stride -1 dest_stride 1 reorder : memref<307200xf32>, memref<307200xf32>
// CHECK-LABEL: func.func @short_reverse(
// CHECK:           slice.copy_run {{.+}} count 10 source_stride -1 dest_stride 1 : memref<1000xf32>, memref<1000xf32>
// CHECK-LABEL: func.func @odd_reversed_bytes(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride -2 dest_stride 1 reorder : memref<800xi8>, memref<400xi8>
// CHECK-LABEL: func.func @odd_reversed_b128(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride -2 dest_stride 1 scalar : memref<800xcomplex<f64>>, memref<400xcomplex<f64>>
// A cached gather of 1-, 2-, 8- or 16-byte elements at a source stride of 3 or more
// (16-byte ones at 2 either way too: above), of 16 elements or more, is a loop the C
// compiler does not vectorize, and one of 4-byte elements where gcc's element loop
// would be scalar (a power-of-two step of 8 or more either way, or -4); a shorter one is
// a plain loop.
// CHECK-LABEL: func.func @byte_gather(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride 3 dest_stride 1 scalar : memref<1204xi8>, memref<400xi8>
// CHECK-LABEL: func.func @short_byte_gather(
// CHECK:           slice.copy_run {{.+}} count 15 source_stride -3 dest_stride 1 : memref<1200xi8>, memref<60xi8>
// CHECK-LABEL: func.func @half_gather(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride 3 dest_stride 1 scalar : memref<1204xi16>, memref<400xi16>
// CHECK-LABEL: func.func @wide_gather(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride 3 dest_stride 1 : memref<1204xf32>, memref<400xf32>
// CHECK-LABEL: func.func @word_gather_down(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride -4 dest_stride 1 scalar : memref<1604xf32>, memref<400xf32>
// CHECK-LABEL: func.func @word_gather_8(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride 8 dest_stride 1 scalar : memref<3204xi32>, memref<400xi32>
// CHECK-LABEL: func.func @dword_gather(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride -4 dest_stride 1 scalar : memref<1604xf64>, memref<400xf64>
// CHECK-LABEL: func.func @b128_gather(
// CHECK:           slice.copy_run {{.+}} count 100 source_stride 3 dest_stride 1 scalar : memref<1204xcomplex<f64>>, memref<400xcomplex<f64>>
// In a copy writing 2 MiB or more a gather of 1-, 2- or 4-byte elements is a streamed
// scalar gather, at any step (1- and 2-byte ones since session 26); one writing less
// is cached. A gather of a copy that reads 2 MiB or more, its elements at most 32 bytes
// apart, hints its source 4 KiB ahead (lookahead, in elements) where the run spans 128
// KiB or more (big_strided_c64 above); these runs span less.
// CHECK-LABEL: func.func @big_byte_gather(
// CHECK:           slice.copy_run {{.+}} count 1100 source_stride 3 dest_stride 1 nontemporal scalar : memref<6602000xi8>, memref<2200000xi8>
// CHECK-LABEL: func.func @big_half_gather(
// CHECK:           slice.copy_run {{.+}} count 1000 source_stride -3 dest_stride 1 nontemporal scalar : memref<3301100xi16>, memref<1100000xi16>
// CHECK-LABEL: func.func @small_half_gather(
// CHECK:           slice.copy_run {{.+}} count 1000 source_stride 3 dest_stride 1 scalar : memref<3001000xi16>, memref<1000000xi16>
// CHECK-LABEL: func.func @big_wide_gather(
// CHECK:           slice.copy_run {{.+}} count 1000 source_stride 3 dest_stride 1 nontemporal scalar : memref<3001000xf32>, memref<1000000xf32>
// A byte run at stride 2 or -2 too short for the register helpers is a scalar gather.
// CHECK-LABEL: func.func @short_odd_bytes(
// CHECK:           slice.copy_run {{.+}} count 20 source_stride -2 dest_stride 1 scalar : memref<200xi8>, memref<80xi8>
func.func @big_crop(%x: tensor<32x256x1024xf32>) -> tensor<32x256x512xf32> {
  %r = slice.window %x offsets [0, 0, 256] sizes [32, 256, 512] strides [1, 1, 1] : tensor<32x256x1024xf32> -> tensor<32x256x512xf32>
  func.return %r : tensor<32x256x512xf32>
}
func.func @big_crop_narrow_rows(%x: tensor<8192x512xf32>) -> tensor<8192x256xf32> {
  %r = slice.window %x offsets [0, 128] sizes [8192, 256] strides [1, 1] : tensor<8192x512xf32> -> tensor<8192x256xf32>
  func.return %r : tensor<8192x256xf32>
}
func.func @big_even_rows(%x: tensor<16384x512xf32>) -> tensor<8192x256xf32> {
  %r = slice.window %x offsets [0, 0] sizes [8192, 256] strides [2, 2] : tensor<16384x512xf32> -> tensor<8192x256xf32>
  func.return %r : tensor<8192x256xf32>
}
func.func @big_crop_4k_rows(%x: tensor<2048x4096xf32>) -> tensor<2048x1024xf32> {
  %r = slice.window %x offsets [0, 0] sizes [2048, 1024] strides [1, 1] : tensor<2048x4096xf32> -> tensor<2048x1024xf32>
  func.return %r : tensor<2048x1024xf32>
}
func.func @big_crop_8k_rows(%x: tensor<2048x4096xf32>) -> tensor<2048x2048xf32> {
  %r = slice.window %x offsets [0, 0] sizes [2048, 2048] strides [1, 1] : tensor<2048x4096xf32> -> tensor<2048x2048xf32>
  func.return %r : tensor<2048x2048xf32>
}
func.func @big_crop_long_rows(%x: tensor<2048x4096xf32>) -> tensor<2048x2049xf32> {
  %r = slice.window %x offsets [0, 0] sizes [2048, 2049] strides [1, 1] : tensor<2048x4096xf32> -> tensor<2048x2049xf32>
  func.return %r : tensor<2048x2049xf32>
}
func.func @big_crop_close_rows(%x: tensor<2048x1216xf32>) -> tensor<2048x1024xf32> {
  %r = slice.window %x offsets [0, 0] sizes [2048, 1024] strides [1, 1] : tensor<2048x1216xf32> -> tensor<2048x1024xf32>
  func.return %r : tensor<2048x1024xf32>
}
func.func @big_crop_short_rows(%x: tensor<64x256x256xf32>) -> tensor<64x256x128xf32> {
  %r = slice.window %x offsets [0, 0, 64] sizes [64, 256, 128] strides [1, 1, 1] : tensor<64x256x256xf32> -> tensor<64x256x128xf32>
  func.return %r : tensor<64x256x128xf32>
}
func.func @short_row_loop(%x: tensor<400x50x697xi8>) -> tensor<400x24x237xi8> {
  %r = slice.window %x offsets [0, 3, 153] sizes [400, 24, 237] strides [1, 2, 1] : tensor<400x50x697xi8> -> tensor<400x24x237xi8>
  func.return %r : tensor<400x24x237xi8>
}
func.func @short_row_loop_down(%x: tensor<400x50x697xi8>) -> tensor<400x24x237xi8> {
  %r = slice.window %x offsets [0, 49, 153] sizes [400, 24, 237] strides [1, -2, 1] : tensor<400x50x697xi8> -> tensor<400x24x237xi8>
  func.return %r : tensor<400x24x237xi8>
}
func.func @plane_crop_rows(%x: tensor<64x6x39x186xi64>) -> tensor<64x1x39x27xi64> {
  %r = slice.window %x offsets [0, 5, 0, 20] sizes [64, 1, 39, 27] strides [1, 1, 1, 4] : tensor<64x6x39x186xi64> -> tensor<64x1x39x27xi64>
  func.return %r : tensor<64x1x39x27xi64>
}
func.func @plane_long_rows(%x: tensor<64x6x390x186xi64>) -> tensor<64x1x390x27xi64> {
  %r = slice.window %x offsets [0, 5, 0, 20] sizes [64, 1, 390, 27] strides [1, 1, 1, 4] : tensor<64x6x390x186xi64> -> tensor<64x1x390x27xi64>
  func.return %r : tensor<64x1x390x27xi64>
}
func.func @small_read(%x: tensor<40x50x697xi8>) -> tensor<40x24x237xi8> {
  %r = slice.window %x offsets [0, 3, 153] sizes [40, 24, 237] strides [1, 2, 1] : tensor<40x50x697xi8> -> tensor<40x24x237xi8>
  func.return %r : tensor<40x24x237xi8>
}
func.func @big_short_aligned_runs(%x: tensor<524288x4xf64>) -> tensor<524288x2xf64> {
  %r = slice.window %x offsets [0, 1] sizes [524288, 2] strides [1, 1] : tensor<524288x4xf64> -> tensor<524288x2xf64>
  func.return %r : tensor<524288x2xf64>
}
func.func @big_short_unaligned_runs(%x: tensor<524288x4xf64>) -> tensor<524288x3xf64> {
  %r = slice.window %x offsets [0, 1] sizes [524288, 3] strides [1, 1] : tensor<524288x4xf64> -> tensor<524288x3xf64>
  func.return %r : tensor<524288x3xf64>
}
func.func @big_short_prefetched_runs(%x: tensor<16384x1024xf32>) -> tensor<16384x160xf32> {
  %r = slice.window %x offsets [0, 0] sizes [16384, 160] strides [1, 1] : tensor<16384x1024xf32> -> tensor<16384x160xf32>
  func.return %r : tensor<16384x160xf32>
}
func.func @big_strided_c64(%x: tensor<1024x3072xcomplex<f32>>) -> tensor<1024x1024xcomplex<f32>> {
  %r = slice.window %x offsets [0, 0] sizes [1024, 1024] strides [1, 3] : tensor<1024x3072xcomplex<f32>> -> tensor<1024x1024xcomplex<f32>>
  func.return %r : tensor<1024x1024xcomplex<f32>>
}
func.func @big_strided_c128(%x: tensor<1024x3072xcomplex<f64>>) -> tensor<1024x1024xcomplex<f64>> {
  %r = slice.window %x offsets [0, 0] sizes [1024, 1024] strides [1, 3] : tensor<1024x3072xcomplex<f64>> -> tensor<1024x1024xcomplex<f64>>
  func.return %r : tensor<1024x1024xcomplex<f64>>
}
func.func @big_reverse(%x: tensor<8192x300xf32>) -> tensor<8192x300xf32> {
  %r = slice.window %x offsets [0, 299] sizes [8192, 300] strides [1, -1] : tensor<8192x300xf32> -> tensor<8192x300xf32>
  func.return %r : tensor<8192x300xf32>
}
func.func @big_even(%x: tensor<4096x1025xf64>) -> tensor<4096x512xf64> {
  %r = slice.window %x offsets [0, 0] sizes [4096, 512] strides [1, 2] : tensor<4096x1025xf64> -> tensor<4096x512xf64>
  func.return %r : tensor<4096x512xf64>
}
func.func @big_even_b128(%x: tensor<2048x1025xcomplex<f64>>) -> tensor<2048x512xcomplex<f64>> {
  %r = slice.window %x offsets [0, 0] sizes [2048, 512] strides [1, 2] : tensor<2048x1025xcomplex<f64>> -> tensor<2048x512xcomplex<f64>>
  func.return %r : tensor<2048x512xcomplex<f64>>
}
func.func @small_reverse(%x: tensor<100x300xf32>) -> tensor<100x300xf32> {
  %r = slice.window %x offsets [0, 299] sizes [100, 300] strides [1, -1] : tensor<100x300xf32> -> tensor<100x300xf32>
  func.return %r : tensor<100x300xf32>
}
func.func @medium_reverse(%x: tensor<1024x300xf32>) -> tensor<1024x300xf32> {
  %r = slice.window %x offsets [0, 299] sizes [1024, 300] strides [1, -1] : tensor<1024x300xf32> -> tensor<1024x300xf32>
  func.return %r : tensor<1024x300xf32>
}
func.func @short_reverse(%x: tensor<100x10xf32>) -> tensor<100x10xf32> {
  %r = slice.window %x offsets [0, 9] sizes [100, 10] strides [1, -1] : tensor<100x10xf32> -> tensor<100x10xf32>
  func.return %r : tensor<100x10xf32>
}
func.func @odd_reversed_bytes(%x: tensor<4x200xi8>) -> tensor<4x100xi8> {
  %r = slice.window %x offsets [0, 199] sizes [4, 100] strides [1, -2] : tensor<4x200xi8> -> tensor<4x100xi8>
  func.return %r : tensor<4x100xi8>
}
func.func @odd_reversed_b128(%x: tensor<4x200xcomplex<f64>>) -> tensor<4x100xcomplex<f64>> {
  %r = slice.window %x offsets [0, 199] sizes [4, 100] strides [1, -2] : tensor<4x200xcomplex<f64>> -> tensor<4x100xcomplex<f64>>
  func.return %r : tensor<4x100xcomplex<f64>>
}
func.func @byte_gather(%x: tensor<4x301xi8>) -> tensor<4x100xi8> {
  %r = slice.window %x offsets [0, 0] sizes [4, 100] strides [1, 3] : tensor<4x301xi8> -> tensor<4x100xi8>
  func.return %r : tensor<4x100xi8>
}
func.func @short_byte_gather(%x: tensor<4x300xi8>) -> tensor<4x15xi8> {
  %r = slice.window %x offsets [0, 299] sizes [4, 15] strides [1, -3] : tensor<4x300xi8> -> tensor<4x15xi8>
  func.return %r : tensor<4x15xi8>
}
func.func @half_gather(%x: tensor<4x301xi16>) -> tensor<4x100xi16> {
  %r = slice.window %x offsets [0, 0] sizes [4, 100] strides [1, 3] : tensor<4x301xi16> -> tensor<4x100xi16>
  func.return %r : tensor<4x100xi16>
}
func.func @wide_gather(%x: tensor<4x301xf32>) -> tensor<4x100xf32> {
  %r = slice.window %x offsets [0, 0] sizes [4, 100] strides [1, 3] : tensor<4x301xf32> -> tensor<4x100xf32>
  func.return %r : tensor<4x100xf32>
}
func.func @word_gather_down(%x: tensor<4x401xf32>) -> tensor<4x100xf32> {
  %r = slice.window %x offsets [0, 400] sizes [4, 100] strides [1, -4] : tensor<4x401xf32> -> tensor<4x100xf32>
  func.return %r : tensor<4x100xf32>
}
func.func @word_gather_8(%x: tensor<4x801xi32>) -> tensor<4x100xi32> {
  %r = slice.window %x offsets [0, 0] sizes [4, 100] strides [1, 8] : tensor<4x801xi32> -> tensor<4x100xi32>
  func.return %r : tensor<4x100xi32>
}
func.func @dword_gather(%x: tensor<4x401xf64>) -> tensor<4x100xf64> {
  %r = slice.window %x offsets [0, 400] sizes [4, 100] strides [1, -4] : tensor<4x401xf64> -> tensor<4x100xf64>
  func.return %r : tensor<4x100xf64>
}
func.func @b128_gather(%x: tensor<4x301xcomplex<f64>>) -> tensor<4x100xcomplex<f64>> {
  %r = slice.window %x offsets [0, 0] sizes [4, 100] strides [1, 3] : tensor<4x301xcomplex<f64>> -> tensor<4x100xcomplex<f64>>
  func.return %r : tensor<4x100xcomplex<f64>>
}
func.func @big_byte_gather(%x: tensor<2000x3301xi8>) -> tensor<2000x1100xi8> {
  %r = slice.window %x offsets [0, 0] sizes [2000, 1100] strides [1, 3] : tensor<2000x3301xi8> -> tensor<2000x1100xi8>
  func.return %r : tensor<2000x1100xi8>
}
func.func @big_half_gather(%x: tensor<1100x3001xi16>) -> tensor<1100x1000xi16> {
  %r = slice.window %x offsets [0, 2999] sizes [1100, 1000] strides [1, -3] : tensor<1100x3001xi16> -> tensor<1100x1000xi16>
  func.return %r : tensor<1100x1000xi16>
}
func.func @small_half_gather(%x: tensor<1000x3001xi16>) -> tensor<1000x1000xi16> {
  %r = slice.window %x offsets [0, 0] sizes [1000, 1000] strides [1, 3] : tensor<1000x3001xi16> -> tensor<1000x1000xi16>
  func.return %r : tensor<1000x1000xi16>
}
func.func @big_wide_gather(%x: tensor<1000x3001xf32>) -> tensor<1000x1000xf32> {
  %r = slice.window %x offsets [0, 0] sizes [1000, 1000] strides [1, 3] : tensor<1000x3001xf32> -> tensor<1000x1000xf32>
  func.return %r : tensor<1000x1000xf32>
}
func.func @short_odd_bytes(%x: tensor<4x50xi8>) -> tensor<4x20xi8> {
  %r = slice.window %x offsets [0, 45] sizes [4, 20] strides [1, -2] : tensor<4x50xi8> -> tensor<4x20xi8>
  func.return %r : tensor<4x20xi8>
}

// -----

// Functions without tensors are left as they are.
// CHECK-LABEL: func.func @scalars(%{{.+}}: i32) -> i32 {
// CHECK-NEXT:    func.return
func.func @scalars(%a: i32) -> i32 {
  func.return %a : i32
}

// -----

// A buffer nothing reads (an intermediate result only an empty slice takes) goes with
// the copy into it and its dealloc: its C would store bytes no one loads.
// CHECK-LABEL: func.func @unread(
// CHECK-SAME:      %{{.+}}: memref<8xi32>, %{{.+}}: memref<0xi32>) {
// CHECK-NEXT:    func.return
func.func @unread(%x: tensor<8xi32>) -> tensor<0xi32> {
  %a = slice.window %x offsets [2] sizes [4] strides [1] : tensor<8xi32> -> tensor<4xi32>
  %b = slice.window %a offsets [0] sizes [0] strides [1] : tensor<4xi32> -> tensor<0xi32>
  func.return %b : tensor<0xi32>
}

// A buffer a later slice reads stays.
// CHECK-LABEL: func.func @read(
// CHECK:         %[[A:.+]] = memref.alloc() : memref<4xi32>
// CHECK:         slice.copy_run %{{.+}}[%{{.+}}], %[[A]][%{{.+}}] count 4
// CHECK:         slice.copy_run %[[A]][%{{.+}}], %{{.+}}[%{{.+}}] count 2
// CHECK:         memref.dealloc %[[A]] : memref<4xi32>
func.func @read(%x: tensor<8xi32>) -> tensor<2xi32> {
  %a = slice.window %x offsets [2] sizes [4] strides [1] : tensor<8xi32> -> tensor<4xi32>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<4xi32> -> tensor<2xi32>
  func.return %b : tensor<2xi32>
}
