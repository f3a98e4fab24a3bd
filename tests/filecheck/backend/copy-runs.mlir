// The C target prints each op of a lowered window by its own rule: scf.for is a for
// loop, index arithmetic is int64_t expressions, and slice.copy_run is a slice_memcpy
// (contiguous run), an element loop (strided run) or one assignment, streamed,
// reordered and prefetched as its properties say.
//
// RUN: slice-opt %s -p convert-slice-to-loops -t c --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p convert-slice-to-loops -t c --split-input-file | filecheck %s

// A crop: one slice_memcpy per row: memcpy, but 64 bytes a step for a run of 2 KiB to 1
// MiB whose output lies 1-63 bytes above its source in a page (glibc's string move).
// CHECK:       static inline int slice_near_above(const void *d, const void *s) {
// CHECK-NEXT:      return (((uintptr_t)d - (uintptr_t)s - 1) & 4095) < 63;
// CHECK:       static inline int slice_memcpy_by_lines(const void *d, const void *s, size_t n) {
// CHECK-NEXT:      return n >= 2048 && n < 1048576 && slice_near_above(d, s);
// CHECK:       static inline void slice_memcpy(void *restrict d, const void *restrict s, size_t n) {
// CHECK-NEXT:      if (slice_memcpy_by_lines(d, s, n)) {
// CHECK-NEXT:          slice_copy_lines(d, s, n);
// CHECK-NEXT:          return;
// CHECK-NEXT:      }
// CHECK-NEXT:      memcpy(d, s, n);
// CHECK-LABEL: int32_t slice_crop(const uint32_t *restrict in0, uint32_t *restrict out0, int64_t *restrict slice_error_values) {
// CHECK-NEXT:    (void)slice_error_values;
// CHECK-NEXT:    const uint32_t *[[X:.+]] = in0;
// CHECK-NEXT:    uint32_t *[[OUT:.+]] = out0;
// CHECK-NEXT:    for (int64_t [[I:.+]] = 0; [[I]] < 2; [[I]] += 1) {
// CHECK-NEXT:      const int64_t [[A:.+]] = [[I]] * 5;
// CHECK-NEXT:      const int64_t [[S:.+]] = 6 + [[A]];
// CHECK-NEXT:      const int64_t [[D:.+]] = [[I]] * 3;
// CHECK-NEXT:      slice_memcpy([[OUT]] + [[D]], [[X]] + [[S]], 12);
// CHECK-NEXT:    }
// CHECK-NEXT:    return 0;
// CHECK-NEXT:  }
// CHECK-NOT:   slice_stream
func.func @crop(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 1] sizes [2, 3] strides [1, 1] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// Whole channels are one contiguous run: a single slice_memcpy of the exact byte count.
// CHECK-LABEL: int32_t slice_channels(
// CHECK:         slice_memcpy({{.+}}, {{.+}} + 1024, 4096);
// CHECK-NEXT:    return 0;
func.func @channels(%x: tensor<1x64x8x8xi16>) -> tensor<1x32x8x8xi16> {
  %r = slice.window %x offsets [0, 16, 0, 0] sizes [1, 32, 8, 8] strides [1, 1, 1, 1] : tensor<1x64x8x8xi16> -> tensor<1x32x8x8xi16>
  func.return %r : tensor<1x32x8x8xi16>
}

// -----

// A strided run is an element loop.
// CHECK-LABEL: int32_t slice_mixed(
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 2; [[I]] += 1) {
// CHECK:           const int64_t [[S:.+]] = 9 + {{.+}};
// CHECK-NEXT:      const int64_t [[D:.+]] = [[I]] * 3;
// CHECK-NEXT:      for (int64_t [[K:.+]] = 0; [[K]] < 3; [[K]] += 1)
// CHECK-NEXT:          {{.+}}[[[D]] + [[K]]] = {{.+}}[[[S]] + [[K]] * -2];
// CHECK-NOT:     memcpy
// CHECK:         return 0;
func.func @mixed(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// A column: one element per row, a single gather (8-byte elements: the scalar gather
// of pairs into 16-byte stores).
// CHECK-LABEL: int32_t slice_column(const uint64_t *restrict in0, uint64_t *restrict out0, int64_t *restrict slice_error_values) {
// CHECK:         slice_gather_dwords((uint64_t *){{.+}}, (const uint64_t *){{.+}} + 7, 1000, 1000, 0);
// CHECK-NEXT:    return 0;
func.func @column(%x: tensor<1000x1000xf64>) -> tensor<1000x1xf64> {
  %r = slice.window %x offsets [0, 7] sizes [1000, 1] strides [1, 1] : tensor<1000x1000xf64> -> tensor<1000x1xf64>
  func.return %r : tensor<1000x1xf64>
}

// -----

// A run of one element is one assignment; an empty window copies nothing.
// CHECK-LABEL: int32_t slice_scalar(
// CHECK:         out0[0] = {{.+}}[19];
// CHECK-NEXT:    return 0;
// CHECK-LABEL: int32_t slice_empty(
// CHECK-NEXT:    (void)in0;
// CHECK-NEXT:    (void)in1;
// CHECK-NEXT:    (void)slice_error_values;
// CHECK-NEXT:    return 0;
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

// nontemporal and prefetch: the run gets pointers of its own, prefetches the run 8192
// elements (8 rows, 32 KiB) ahead when it lies in the source view (so every address formed is
// one of the buffer), streams its stores; the function fences them before returning.
// A unit of static runs defines its helpers, for gcc to specialize them inline (never
// declared for a prebuilt object as a unit with run-time runs does, backend/dynamic.mlir).
// CHECK:       #if defined(__SSE2__)
// CHECK-NEXT:  #include <emmintrin.h>
// CHECK-NOT:   SLICE_PREBUILT
// CHECK:       static inline void slice_stream(void *restrict d, const void *restrict s, int64_t n) {
// CHECK-NOT:   SLICE_PREBUILT
// CHECK:       static inline void slice_stream_fence(void) {
// CHECK:       static inline void slice_prefetch(const void *p) {
// CHECK:         __builtin_prefetch(p, 0, 1);
// CHECK-LABEL: int32_t slice_big_crop(
// CHECK:         for (int64_t [[I:.+]] = 0; [[I]] < 8192; [[I]] += 1) {
// CHECK-NEXT:        const int64_t [[A:.+]] = [[I]] * 1024;
// CHECK-NEXT:        const int64_t [[S:.+]] = 256 + [[A]];
// CHECK-NEXT:        const int64_t [[D:.+]] = [[I]] * 512;
// CHECK-NEXT:        {
// CHECK-NEXT:            const uint32_t *[[SP:.+]] = {{.+}} + [[S]];
// CHECK-NEXT:            uint32_t *[[DP:.+]] = {{.+}} + [[D]];
// CHECK-NEXT:            if ([[S]] < 8379905) {
// CHECK-NEXT:                const char *[[AHEAD:.+]] = (const char *)([[SP]] + 8192);
// CHECK-NEXT:                for (int64_t [[K:.+]] = 0; [[K]] < 2048; [[K]] += 64)
// CHECK-NEXT:                    slice_prefetch([[AHEAD]] + [[K]]);
// CHECK-NEXT:            }
// CHECK-NEXT:            slice_stream([[DP]], [[SP]], 2048);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:    slice_stream_fence();
// CHECK-NEXT:    return 0;
// CHECK-NEXT:  }
func.func @big_crop(%x: tensor<32x256x1024xf32>) -> tensor<32x256x512xf32> {
  %r = slice.window %x offsets [0, 0, 256] sizes [32, 256, 512] strides [1, 1, 1] : tensor<32x256x1024xf32> -> tensor<32x256x512xf32>
  func.return %r : tensor<32x256x512xf32>
}

// -----

// A nontemporal strided run without reorder or scalar (written by hand: the lowering
// makes streamed strided runs scalar) gathers through a 1 KiB staging buffer (in
// blocks, the last one shorter) and streams that. The elements before the destination's
// first cache line are stored plainly, so that every block starts on a line.
// CHECK-LABEL: int32_t slice_big_strided(
// CHECK:             uint32_t [[BUF:.+]][256];
// CHECK-NEXT:        int64_t [[HEAD:.+]] = (int64_t)((-(uintptr_t)[[D:.+]] & 63) / 4);
// CHECK-NEXT:        if ([[HEAD]] > 300)
// CHECK-NEXT:            [[HEAD]] = 300;
// CHECK-NEXT:        for (int64_t [[K0:.+]] = 0; [[K0]] < [[HEAD]]; [[K0]] += 1)
// CHECK-NEXT:            [[D]][[[K0]]] = {{.+}}[[[K0]] * 3];
// CHECK-NEXT:        for (int64_t [[START:.+]] = [[HEAD]]; [[START]] < 300; [[START]] += 256) {
// CHECK-NEXT:            const int64_t [[N:.+]] = 300 - [[START]] < 256 ? 300 - [[START]] : 256;
// CHECK-NEXT:            for (int64_t [[K:.+]] = 0; [[K]] < [[N]]; [[K]] += 1)
// CHECK-NEXT:                [[BUF]][[[K]]] = {{.+}}[([[START]] + [[K]]) * 3];
// CHECK-NEXT:            slice_stream({{.+}} + [[START]], [[BUF]], [[N]] * 4);
// CHECK-NEXT:        }
// CHECK:         slice_stream_fence();
// A run read downwards takes the same blocks last first, each gathered from its end, and
// the plain head last: the source is read upwards.
// CHECK-LABEL: int32_t slice_big_strided_down(
// CHECK:             for (int64_t [[START:.+]] = 300 - 1 - (300 - 1 - [[HEAD:.+]]) % 256; [[START]] >= [[HEAD]]; [[START]] -= 256) {
// CHECK-NEXT:            const int64_t [[N:.+]] = 300 - [[START]] < 256 ? 300 - [[START]] : 256;
// CHECK-NEXT:            for (int64_t [[K:.+]] = [[N]] - 1; [[K]] >= 0; [[K]] -= 1)
// CHECK-NEXT:                {{.+}}[[[K]]] = {{.+}}[([[START]] + [[K]]) * -3];
// CHECK-NEXT:            slice_stream({{.+}} + [[START]], {{.+}}, [[N]] * 4);
// CHECK-NEXT:        }
// CHECK-NEXT:        for (int64_t [[K0:.+]] = [[HEAD]] - 1; [[K0]] >= 0; [[K0]] -= 1)
func.func @big_strided(%x: memref<901xf32>, %out: memref<300xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  slice.copy_run %x[%c1], %out[%c0] count 300 source_stride 3 dest_stride 1 nontemporal : memref<901xf32>, memref<300xf32>
  func.return
}
func.func @big_strided_down(%x: memref<901xf32>, %out: memref<300xf32>) {
  %c0 = arith.constant 0 : index
  %c899 = arith.constant 899 : index
  slice.copy_run %x[%c899], %out[%c0] count 300 source_stride -3 dest_stride 1 nontemporal : memref<901xf32>, memref<300xf32>
  func.return
}

// -----

// The lowering streams a big strided run of 1-, 2-, 4-, 8- or 16-byte elements as a scalar
// gather into non-temporal stores, a line at a time (the narrower elements packed into
// two words a store).
// CHECK:       static void slice_stream_gather_halves(uint16_t *restrict d, const uint16_t *restrict s,
// CHECK:                   v |= (uint64_t)p[(b + 4) * step] << (16 * b);
// A run reading downwards that hints nothing stores its whole lines last first (the
// source read upwards), from the last store of each line to its first:
// CHECK:       static void slice_stream_gather_words(uint32_t *restrict d, const uint32_t *restrict s,
// CHECK:           while (k < n && ((uintptr_t)(d + k) & 63) != 0) {
// CHECK:           if (step < 0 && hinted == 0 && k < n) {
// CHECK:               const int64_t lines = (n - k) / 16;
// CHECK-NEXT:          for (int64_t line = lines - 1; line >= 0; line -= 1) {
// CHECK-NEXT:              const int64_t at = k + line * 16;
// CHECK-NEXT:              for (int q = 16 - 4; q >= 0; q -= 4) {
// CHECK-NEXT:                  const uint32_t *p = s + (at + q) * step;
// CHECK:                       _mm_stream_si128((__m128i *)(d + at + q),
// CHECK:               k += lines * 16;
// CHECK:               _mm_stream_si128((__m128i *)(d + k + q),
// CHECK-LABEL: int32_t slice_big_gather(
// CHECK:           slice_stream_gather_words((uint32_t *){{.+}} + {{.+}}, (const uint32_t *){{.+}} + {{.+}}, 300, 3, 0);
// CHECK:         slice_stream_fence();
// CHECK-LABEL: int32_t slice_big_gather_dwords(
// CHECK:           slice_stream_gather_dwords((uint64_t *){{.+}} + {{.+}}, (const uint64_t *){{.+}} + {{.+}}, 300, -3, 0);
// CHECK-LABEL: int32_t slice_big_gather_halves(
// CHECK:           slice_stream_gather_halves((uint16_t *){{.+}} + {{.+}}, (const uint16_t *){{.+}} + {{.+}}, 600, 3, 0);
func.func @big_gather(%x: tensor<8192x901xf32>) -> tensor<8192x300xf32> {
  %r = slice.window %x offsets [0, 1] sizes [8192, 300] strides [1, 3] : tensor<8192x901xf32> -> tensor<8192x300xf32>
  func.return %r : tensor<8192x300xf32>
}
func.func @big_gather_dwords(%x: tensor<4096x901xf64>) -> tensor<4096x300xf64> {
  %r = slice.window %x offsets [0, 899] sizes [4096, 300] strides [1, -3] : tensor<4096x901xf64> -> tensor<4096x300xf64>
  func.return %r : tensor<4096x300xf64>
}
func.func @big_gather_halves(%x: tensor<2048x1801xf16>) -> tensor<2048x600xf16> {
  %r = slice.window %x offsets [0, 1] sizes [2048, 600] strides [1, 3] : tensor<2048x1801xf16> -> tensor<2048x600xf16>
  func.return %r : tensor<2048x600xf16>
}

// -----

// lookahead: a long gather (a source span of 128 KiB or more) of a copy that reads 2 MiB
// or more, its elements at most 32 bytes apart, hints its source 4 KiB ahead (683 2-byte
// elements at step 3): the gather
// helpers take the distance (0 elsewhere) and hint each line of the block that far on,
// through slice_prefetch, printed before them.
// CHECK:       static inline void slice_prefetch(const void *p) {
// CHECK:       static inline void slice_gather_halves_body(uint16_t *restrict d, const uint16_t *restrict s, int64_t n, int64_t step,
// CHECK:           if (ahead > 0 && ahead < n) {
// CHECK:               hinted = n - ahead;
// CHECK-NEXT:          every = apart >= 64 ? 1 : 64 / apart;
// CHECK:           while (k + 32 <= hinted) {
// CHECK-NEXT:          for (int64_t j = 0; j < 32; j += every)
// CHECK-NEXT:              slice_prefetch(s + (k + ahead + j) * step);
// CHECK-NEXT:          for (const int64_t end = k + 32; k < end; k += 8) {
// CHECK:       static void slice_gather_halves(uint16_t *restrict d, const uint16_t *restrict s, int64_t n, int64_t step, int64_t ahead) {
// CHECK-NEXT:      slice_gather_halves_body(d, s, n, step, ahead);
// CHECK-LABEL: int32_t slice_long_gather(
// CHECK:         slice_gather_halves((uint16_t *){{.+}}, (const uint16_t *){{.+}} + 1, 1000000, 3, 683);
// CHECK-LABEL: int32_t slice_long_stream_gather(
// CHECK:         slice_stream_gather_halves((uint16_t *){{.+}}, (const uint16_t *){{.+}} + 1, 1100000, 3, 683);
func.func @long_gather(%x: tensor<3000001xf16>) -> tensor<1000000xf16> {
  %r = slice.window %x offsets [1] sizes [1000000] strides [3] : tensor<3000001xf16> -> tensor<1000000xf16>
  func.return %r : tensor<1000000xf16>
}
func.func @long_stream_gather(%x: tensor<3300001xf16>) -> tensor<1100000xf16> {
  %r = slice.window %x offsets [1] sizes [1100000] strides [3] : tensor<3300001xf16> -> tensor<1100000xf16>
  func.return %r : tensor<1100000xf16>
}

// -----

// reorder: reversed runs, and runs of every other element (upwards or downwards), are
// reordered in registers on their way to the streamed stores.
// CHECK-LABEL: int32_t slice_big_reverse(
// CHECK:           slice_stream_reversed({{.+}} + {{.+}}, {{.+}} + {{.+}}, 300, 4);
// CHECK-NEXT:  }
// CHECK-NEXT:  slice_stream_fence();
// CHECK-LABEL: int32_t slice_big_even(
// CHECK:           slice_stream_even({{.+}}, {{.+}}, 512, 8);
// CHECK-LABEL: int32_t slice_big_odd_reversed(
// CHECK:           slice_stream_odd_reversed({{.+}} + {{.+}}, {{.+}} + {{.+}}, 513, 8);
func.func @big_reverse(%x: tensor<8192x300xf32>) -> tensor<8192x300xf32> {
  %r = slice.window %x offsets [0, 299] sizes [8192, 300] strides [1, -1] : tensor<8192x300xf32> -> tensor<8192x300xf32>
  func.return %r : tensor<8192x300xf32>
}
func.func @big_even(%x: tensor<4096x1025xf64>) -> tensor<4096x512xf64> {
  %r = slice.window %x offsets [0, 0] sizes [4096, 512] strides [1, 2] : tensor<4096x1025xf64> -> tensor<4096x512xf64>
  func.return %r : tensor<4096x512xf64>
}
func.func @big_odd_reversed(%x: tensor<4096x1025xf64>) -> tensor<4096x513xf64> {
  %r = slice.window %x offsets [0, 1024] sizes [4096, 513] strides [1, -2] : tensor<4096x1025xf64> -> tensor<4096x513xf64>
  func.return %r : tensor<4096x513xf64>
}

// -----

// reorder on a cached run (64 bytes or more, copy under 2 MiB): the slice_copy_* twins
// of the register helpers, with plain unaligned stores. scalar: a long gather calls
// the helper of its element width (bytes, halves, words, dwords, which gcc compiles
// without auto-vectorization, and b128, four whole elements an iteration).
// CHECK:       #if defined(__SSE2__)
// CHECK-NEXT:  #include <emmintrin.h>
// CHECK-NOT:   slice_stream
// CHECK:       static inline void slice_copy_reversed(
// CHECK:         _mm_storeu_si128((__m128i *)(to + (j - 16 / size) * size), slice_lanes_reversed(v, size));
// CHECK:       static inline void slice_copy_even(
// CHECK:       static inline void slice_copy_odd_reversed(
// (each template gather is its body, inlined, and the function that calls it)
// CHECK:       __attribute__((optimize("no-tree-vectorize")))
// CHECK-NEXT:  #endif
// CHECK-NEXT:  #if defined(__GNUC__)
// CHECK-NEXT:  __attribute__((always_inline))
// CHECK-NEXT:  #endif
// CHECK-NEXT:  static inline void slice_gather_bytes_body(unsigned char *restrict d, const unsigned char *restrict s,
// CHECK:       __attribute__((optimize("no-tree-vectorize")))
// CHECK-NEXT:  #endif
// CHECK-NEXT:  static void slice_gather_bytes(unsigned char *restrict d, const unsigned char *restrict s,
// CHECK-NEXT:      slice_gather_bytes_body(d, s, n, step, ahead);
// CHECK:       static inline void slice_gather_halves_body(uint16_t *restrict d, const uint16_t *restrict s,
// CHECK:           v |= (uint64_t)p[(b + 4) * step] << (16 * b);
// CHECK:           memcpy(d + k + 4, &v, 8);
// CHECK:       __attribute__((optimize("no-tree-vectorize")))
// CHECK-NEXT:  #endif
// CHECK-NEXT:  static void slice_gather_halves(uint16_t *restrict d, const uint16_t *restrict s,
// CHECK:       static inline void slice_gather_words_body(uint32_t *restrict d, const uint32_t *restrict s,
// CHECK:           v |= (uint64_t)p[(b + 2) * step] << (32 * b);
// CHECK:           memcpy(d + k + 2, &v, 8);
// CHECK:       static void slice_gather_words(uint32_t *restrict d, const uint32_t *restrict s,
// CHECK:       typedef uint64_t slice_u64x2 __attribute__((vector_size(16)));
// CHECK:       static void slice_gather_dwords(uint64_t *restrict d, const uint64_t *restrict s,
// CHECK:           const slice_u64x2 v = {s[k * step], s[(k + 1) * step]};
// CHECK:       static void slice_gather_b128(slice_b128 *restrict d, const slice_b128 *restrict s,
// CHECK:           for (; k + 4 <= n; k += 4) {
// CHECK-NEXT:          d[k] = s[k * step];
// CHECK-NEXT:          d[k + 1] = s[(k + 1) * step];
// CHECK-LABEL: int32_t slice_reverse(
// CHECK:           slice_copy_reversed({{.+}} + {{.+}}, {{.+}} + {{.+}}, 300, 4);
// CHECK-LABEL: int32_t slice_even(
// CHECK:         slice_copy_even({{.+}}, {{.+}}, 128, 2);
// CHECK-LABEL: int32_t slice_odd_reversed(
// CHECK:           slice_copy_odd_reversed({{.+}} + {{.+}}, {{.+}} + {{.+}}, 64, 1);
// CHECK-LABEL: int32_t slice_gather(
// CHECK:           slice_gather_bytes((unsigned char *){{.+}} + {{.+}}, (const unsigned char *){{.+}} + {{.+}}, 64, -3, 0);
// CHECK-LABEL: int32_t slice_gather_halves_(
// CHECK:           slice_gather_halves((uint16_t *){{.+}} + {{.+}}, (const uint16_t *){{.+}} + {{.+}}, 64, 5, 0);
// CHECK-LABEL: int32_t slice_gather_words_(
// CHECK:           slice_gather_words((uint32_t *){{.+}} + {{.+}}, (const uint32_t *){{.+}} + {{.+}}, 64, 8, 0);
// CHECK-LABEL: int32_t slice_gather_dwords_(
// CHECK:           slice_gather_dwords((uint64_t *){{.+}} + {{.+}}, (const uint64_t *){{.+}} + {{.+}}, 64, -3, 0);
// CHECK-LABEL: int32_t slice_gather_b128_(
// CHECK:           slice_gather_b128((slice_b128 *){{.+}} + {{.+}}, (const slice_b128 *){{.+}} + {{.+}}, 64, -2, 0);
func.func @reverse(%x: tensor<100x300xf32>) -> tensor<100x300xf32> {
  %r = slice.window %x offsets [0, 299] sizes [100, 300] strides [1, -1] : tensor<100x300xf32> -> tensor<100x300xf32>
  func.return %r : tensor<100x300xf32>
}
func.func @even(%x: tensor<4x64xf16>) -> tensor<4x32xf16> {
  %r = slice.window %x offsets [0, 1] sizes [4, 32] strides [1, 2] : tensor<4x64xf16> -> tensor<4x32xf16>
  func.return %r : tensor<4x32xf16>
}
func.func @odd_reversed(%x: tensor<4x128xi8>) -> tensor<4x64xi8> {
  %r = slice.window %x offsets [0, 127] sizes [4, 64] strides [1, -2] : tensor<4x128xi8> -> tensor<4x64xi8>
  func.return %r : tensor<4x64xi8>
}
func.func @gather(%x: tensor<4x200xi8>) -> tensor<4x64xi8> {
  %r = slice.window %x offsets [0, 199] sizes [4, 64] strides [1, -3] : tensor<4x200xi8> -> tensor<4x64xi8>
  func.return %r : tensor<4x64xi8>
}
func.func @gather_halves_(%x: tensor<4x330xf16>) -> tensor<4x64xf16> {
  %r = slice.window %x offsets [0, 1] sizes [4, 64] strides [1, 5] : tensor<4x330xf16> -> tensor<4x64xf16>
  func.return %r : tensor<4x64xf16>
}
func.func @gather_words_(%x: tensor<4x520xf32>) -> tensor<4x64xf32> {
  %r = slice.window %x offsets [0, 2] sizes [4, 64] strides [1, 8] : tensor<4x520xf32> -> tensor<4x64xf32>
  func.return %r : tensor<4x64xf32>
}
func.func @gather_dwords_(%x: tensor<4x200xf64>) -> tensor<4x64xf64> {
  %r = slice.window %x offsets [0, 199] sizes [4, 64] strides [1, -3] : tensor<4x200xf64> -> tensor<4x64xf64>
  func.return %r : tensor<4x64xf64>
}
func.func @gather_b128_(%x: tensor<4x128xcomplex<f64>>) -> tensor<4x64xcomplex<f64>> {
  %r = slice.window %x offsets [0, 127] sizes [4, 64] strides [1, -2] : tensor<4x128xcomplex<f64>> -> tensor<4x64xcomplex<f64>>
  func.return %r : tensor<4x64xcomplex<f64>>
}

// -----

// A returned argument is one contiguous run; a large one streams too.
// CHECK-LABEL: int32_t slice_identity(
// CHECK:         slice_stream({{.+}}, {{.+}}, 8388608);
// CHECK-NEXT:    slice_stream_fence();
// CHECK-NEXT:    return 0;
func.func @identity(%x: tensor<2048x1024xf32>) -> tensor<2048x1024xf32> {
  func.return %x : tensor<2048x1024xf32>
}

// -----

// An intermediate: a zeroed local array up to 16 KiB, calloc beyond; a failed calloc
// returns 1 with the byte count, and the unit says what code 1 means.
// CHECK-LABEL: int32_t slice_small_tmp(
// CHECK:         uint8_t [[T:.+]][4] = {0};
// CHECK-LABEL: int32_t slice_big_tmp(
// CHECK-NEXT:    uint32_t *[[T:.+]] = NULL;
// CHECK:         [[T]] = calloc(2097152, 4);
// CHECK-NEXT:    if (![[T]]) {
// CHECK-NEXT:        slice_error_values[0] = 8388608;
// CHECK-NEXT:        return 1;
// CHECK-NEXT:    }
// CHECK:         free([[T]]);
// CHECK-NEXT:    slice_stream_fence();
// CHECK-NEXT:    return 0;
// CHECK:       const char *slice_error_message(int32_t code) {
// CHECK-NEXT:      static const char *const messages[{{[0-9]+}}] = {
// CHECK-NEXT:      /* 1 */ "memory allocation of {0} bytes failed",
func.func @small_tmp(%x: tensor<8xi8>) -> tensor<2xi8> {
  %a = slice.window %x offsets [7] sizes [4] strides [-2] : tensor<8xi8> -> tensor<4xi8>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<4xi8> -> tensor<2xi8>
  func.return %b : tensor<2xi8>
}
func.func @big_tmp(%x: tensor<2048x2048xf32>) -> tensor<4xf32> {
  %a = slice.window %x offsets [0, 0] sizes [2048, 1024] strides [1, 2] : tensor<2048x2048xf32> -> tensor<2048x1024xf32>
  %b = slice.window %a offsets [0, 0] sizes [1, 4] strides [1, 1] : tensor<2048x1024xf32> -> tensor<4xf32>
  func.return %b : tensor<4xf32>
}

// -----

// prefetch_bytes: the bytes from the ahead run's lowest element (whole rows, the gap
// included), checked against the view's end. A prefetch that could never lie inside the
// source view (here: more elements ahead than the view has) is not printed at all.
// CHECK-LABEL: int32_t slice_prefetch_bytes(
// CHECK:           if ({{.+}} < 11) {
// CHECK-NEXT:          const char *[[AHEAD:.+]] = (const char *)({{.+}} + 2);
// CHECK-NEXT:          for (int64_t [[K:.+]] = 0; [[K]] < 32; [[K]] += 64)
// CHECK-NEXT:              slice_prefetch([[AHEAD]] + [[K]]);
// CHECK-NEXT:      }
// CHECK-NOT:       slice_prefetch(
// CHECK:           return 0;
func.func @prefetch_bytes(%a: memref<20xf32>, %b: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  slice.copy_run %a[%c3], %b[%c0] count 3 source_stride 1 dest_stride 1 nontemporal prefetch 2 prefetch_bytes 32 : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c3], %b[%c0] count 3 source_stride 1 dest_stride 1 nontemporal prefetch 9223372036854775807 : memref<20xf32>, memref<6xf32>
  slice.copy_run %a[%c3], %b[%c0] count 3 source_stride -1 dest_stride 1 nontemporal reorder prefetch -9223372036854775808 prefetch_bytes 9223372036854775807 : memref<20xf32>, memref<6xf32>
  func.return
}
