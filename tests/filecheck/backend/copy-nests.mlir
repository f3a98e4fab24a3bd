// The C target prints the loops of a lowered window as a copy: row pointers derived
// from the enclosing ones, memcpy for runs contiguous on both sides, element loops
// otherwise; large copies stream their stores and prefetch rows with gaps.
//
// RUN: slice-opt %s -p convert-slice-to-loops -t c --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p convert-slice-to-loops -t c --split-input-file | filecheck %s

// A crop: one memcpy per row, the offset folded into the start pointer.
// CHECK-LABEL: void crop(const uint32_t *restrict x, uint32_t *restrict out) {
// CHECK:         /* copy 2 x 3 elements of 4 bytes, runs by memcpy */
// CHECK-NEXT:    const uint32_t *[[S:.+]] = x_flat + 6;
// CHECK-NEXT:    uint32_t *[[D:.+]] = out_flat;
// CHECK-NEXT:    for (int64_t [[I:.+]] = 0; [[I]] < 2; [[I]] += 1) {
// CHECK-NEXT:      const uint32_t *[[S1:.+]] = [[S]] + [[I]] * 5;
// CHECK-NEXT:      uint32_t *[[D1:.+]] = [[D]] + [[I]] * 3;
// CHECK-NEXT:      memcpy([[D1]], [[S1]], 12);
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   slice_stream
func.func @crop(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 1] sizes [2, 3] strides [1, 1] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// Whole channels are one contiguous run: a single memcpy of the exact byte count.
// CHECK-LABEL: void channels(
// CHECK:         /* copy 2048 elements of 2 bytes, runs by memcpy */
// CHECK-NEXT:    const uint16_t *[[S:.+]] = x_flat + 1024;
// CHECK-NEXT:    uint16_t *[[D:.+]] = out_flat;
// CHECK-NEXT:    memcpy([[D]], [[S]], 4096);
// CHECK-NEXT:  }
func.func @channels(%x: tensor<1x64x8x8xi16>) -> tensor<1x32x8x8xi16> {
  %r = slice.window %x offsets [0, 16, 0, 0] sizes [1, 32, 8, 8] strides [1, 1, 1, 1] : tensor<1x64x8x8xi16> -> tensor<1x32x8x8xi16>
  func.return %r : tensor<1x32x8x8xi16>
}

// -----

// Negative strides: the start is the window's offset; the run is an element loop.
// CHECK-LABEL: void mixed(
// CHECK:         /* copy 2 x 3 elements of 4 bytes, runs by source step -2 */
// CHECK-NEXT:    const uint32_t *[[S:.+]] = x_flat + 9;
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 2; [[I]] += 1) {
// CHECK-NEXT:      const uint32_t *[[S1:.+]] = [[S]] + [[I]] * 5;
// CHECK-NEXT:      uint32_t *[[D1:.+]] = {{.+}} + [[I]] * 3;
// CHECK-NEXT:      for (int64_t [[K:.+]] = 0; [[K]] < 3; [[K]] += 1)
// CHECK-NEXT:          [[D1]][[[K]]] = [[S1]][[[K]] * -2];
// CHECK-NOT:     memcpy
func.func @mixed(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// A column: one element per row, a single gather loop over the rows.
// CHECK-LABEL: void column(const uint64_t *restrict x, uint64_t *restrict out) {
// CHECK:         /* copy 1000 elements of 8 bytes, runs by source step 1000 */
// CHECK-NEXT:    const uint64_t *[[S:.+]] = x_flat + 7;
// CHECK-NEXT:    uint64_t *[[D:.+]] = out_flat;
// CHECK-NEXT:    for (int64_t [[K:.+]] = 0; [[K]] < 1000; [[K]] += 1)
// CHECK-NEXT:        [[D]][[[K]]] = [[S]][[[K]] * 1000];
// CHECK-NEXT:  }
func.func @column(%x: tensor<1000x1000xf64>) -> tensor<1000x1xf64> {
  %r = slice.window %x offsets [0, 7] sizes [1000, 1] strides [1, 1] : tensor<1000x1000xf64> -> tensor<1000x1xf64>
  func.return %r : tensor<1000x1xf64>
}

// -----

// One element needs no loop (its load and store print as they are); an empty window
// copies nothing.
// CHECK-LABEL: void scalar(
// CHECK:         const uint16_t [[V:.+]] = x_flat[19];
// CHECK-NEXT:    out[0] = [[V]];
// CHECK-NEXT:  }
// CHECK-LABEL: void empty(
// CHECK-NEXT:  }
func.func @scalar(%x: tensor<4x5xbf16>) -> tensor<bf16> {
  %r = slice.window %x offsets [3, 4] sizes [1, 1] strides [1, 1] : tensor<4x5xbf16> -> tensor<bf16>
  func.return %r : tensor<bf16>
}
func.func @empty(%x: tensor<4x5xi8>) -> tensor<0x5xi8> {
  %r = slice.window %x offsets [0, 0] sizes [0, 5] strides [1, 1] : tensor<4x5xi8> -> tensor<0x5xi8>
  func.return %r : tensor<0x5xi8>
}

// -----

// A crop writing 8 MiB: streamed rows (non-temporal stores, then one fence), and the
// row 32 KiB ahead prefetched (prefetcht0: hint 3), since each row skips half of its source row. Only rows
// that exist are prefetched, and only the bytes of their runs. (The channel and row
// loops merge: stepping a channel is running its rows through.)
// CHECK:       #if defined(__SSE2__)
// CHECK-NEXT:  #include <emmintrin.h>
// CHECK:       static inline void slice_stream(void *restrict d, const void *restrict s, int64_t n) {
// CHECK:       static inline void slice_stream_fence(void) {
// CHECK:       static inline void slice_prefetch(const void *p) {
// CHECK:         __builtin_prefetch(p, 0, 3);
// CHECK-LABEL: void big_crop(
// CHECK:         /* copy 16384 x 128 elements of 4 bytes, runs by memcpy, streamed */
// CHECK-NEXT:    const uint32_t *[[S:.+]] = x_flat + 64;
// CHECK-NEXT:    uint32_t *[[D:.+]] = out_flat;
// CHECK-NEXT:    for (int64_t [[I:.+]] = 0; [[I]] < 16384; [[I]] += 1) {
// CHECK-NEXT:        const uint32_t *[[S1:.+]] = [[S]] + [[I]] * 256;
// CHECK-NEXT:        uint32_t *[[D1:.+]] = [[D]] + [[I]] * 128;
// CHECK-NEXT:        if ([[I]] < 16352) {
// CHECK-NEXT:            const char *[[A:.+]] = (const char *)([[S1]] + 8192);
// CHECK-NEXT:            for (int64_t [[K:.+]] = 0; [[K]] < 512; [[K]] += 64)
// CHECK-NEXT:                slice_prefetch([[A]] + [[K]]);
// CHECK-NEXT:        }
// CHECK-NEXT:        slice_stream([[D1]], [[S1]], 512);
// CHECK-NEXT:    }
// CHECK-NEXT:    slice_stream_fence();
// CHECK-NEXT:  }
func.func @big_crop(%x: tensor<64x256x256xf32>) -> tensor<64x256x128xf32> {
  %r = slice.window %x offsets [0, 0, 64] sizes [64, 256, 128] strides [1, 1, 1] : tensor<64x256x256xf32> -> tensor<64x256x128xf32>
  func.return %r : tensor<64x256x128xf32>
}

// -----

// A large strided copy gathers each run into a 1 KiB staging buffer (in blocks, the
// last one shorter) and streams that.
// CHECK-LABEL: void big_strided(
// CHECK:         /* copy 4096 x 300 elements of 4 bytes, runs by source step 3, streamed */
// CHECK-NEXT:    const uint32_t *[[S:.+]] = x_flat + 1;
// CHECK-NEXT:    uint32_t *[[D:.+]] = out_flat;
// CHECK-NEXT:    uint32_t [[BUF:.+]][256];
// CHECK-NEXT:    for (int64_t [[I:.+]] = 0; [[I]] < 4096; [[I]] += 1) {
// CHECK-NEXT:        const uint32_t *[[S1:.+]] = [[S]] + [[I]] * 901;
// CHECK-NEXT:        uint32_t *[[D1:.+]] = [[D]] + [[I]] * 300;
// CHECK-NEXT:        for (int64_t [[START:.+]] = 0; [[START]] < 300; [[START]] += 256) {
// CHECK-NEXT:            const int64_t [[N:.+]] = 300 - [[START]] < 256 ? 300 - [[START]] : 256;
// CHECK-NEXT:            for (int64_t [[K:.+]] = 0; [[K]] < [[N]]; [[K]] += 1)
// CHECK-NEXT:                [[BUF]][[[K]]] = [[S1]][([[START]] + [[K]]) * 3];
// CHECK-NEXT:            slice_stream([[D1]] + [[START]], [[BUF]], [[N]] * 4);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:    slice_stream_fence();
func.func @big_strided(%x: tensor<4096x901xf32>) -> tensor<4096x300xf32> {
  %r = slice.window %x offsets [0, 1] sizes [4096, 300] strides [1, 3] : tensor<4096x901xf32> -> tensor<4096x300xf32>
  func.return %r : tensor<4096x300xf32>
}

// -----

// Reversed runs, and runs of every other element, are reordered in registers on their
// way to the streamed stores. Rows reversed are contiguous in the source, so there is
// nothing to prefetch.
// CHECK-LABEL: void big_reverse(
// CHECK:         /* copy 4096 x 300 elements of 4 bytes, runs by source step -1, streamed */
// CHECK-NEXT:    const uint32_t *[[S:.+]] = x_flat + 299;
// CHECK:           const uint32_t *[[S1:.+]] = [[S]] + [[I:.+]] * 300;
// CHECK-NEXT:      uint32_t *[[D1:.+]] = {{.+}} + [[I]] * 300;
// CHECK-NEXT:      slice_stream_reversed([[D1]], [[S1]], 300, 4);
// CHECK-NEXT:  }
// CHECK-NEXT:  slice_stream_fence();
// CHECK-NOT:   slice_prefetch(
// CHECK-LABEL: void big_even(
// CHECK:         /* copy 4096 x 512 elements of 8 bytes, runs by source step 2, streamed */
// CHECK:           slice_stream_even({{.+}}, {{.+}}, 512, 8);
func.func @big_reverse(%x: tensor<4096x300xf32>) -> tensor<4096x300xf32> {
  %r = slice.window %x offsets [0, 299] sizes [4096, 300] strides [1, -1] : tensor<4096x300xf32> -> tensor<4096x300xf32>
  func.return %r : tensor<4096x300xf32>
}
func.func @big_even(%x: tensor<4096x1025xf64>) -> tensor<4096x512xf64> {
  %r = slice.window %x offsets [0, 0] sizes [4096, 512] strides [1, 2] : tensor<4096x1025xf64> -> tensor<4096x512xf64>
  func.return %r : tensor<4096x512xf64>
}

// -----

// A returned argument is a memref.copy; a large one streams too.
// CHECK-LABEL: void identity(
// CHECK:         slice_stream(out, x, 4194304);
// CHECK-NEXT:    slice_stream_fence();
func.func @identity(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  func.return %x : tensor<1024x1024xf32>
}
