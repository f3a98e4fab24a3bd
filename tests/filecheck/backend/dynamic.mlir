// Lowered dynamic functions (the output of convert-slice-to-loops on a
// slice.dynamic_window, written by hand): memrefs with ? dims whose sizes come from
// slice_dims, run-time parameters read from index memrefs, arith on i1/i32/i64/index,
// slice.check as a return code, and the self-guarding slice.dynamic_copy_run.
//
// RUN: slice-opt %s -t c -o %t.c
// RUN: filecheck %s --input-file %t.c
// RUN: filecheck %s --input-file %t.c --check-prefix=BYSTEP
// RUN: filecheck %s --input-file %t.c --check-prefix=PREBUILT
// RUN: %cc -std=c99 -Wall -Wextra -Werror -c %t.c -o %t.o
// RUN: %cc -std=c99 -Wall -Wextra -Werror -DSLICE_PREBUILT_HELPERS -c %t.c -o %t-prebuilt.o

// A unit with run-time runs declares its streamed copies, register helpers and
// streamed gathers where SLICE_PREBUILT_HELPERS is defined (runtime.build_kernel
// defines it and links the object of prebuilt_helper_unit, compiled once) and defines
// them where it is not: the C compiles alone, and with them prebuilt (both RUN lines
// above). A register helper takes the element size: the object has a copy for each
// size, and the call of a constant size goes to it through an inline switch. The
// helpers it inlines (the overflow-checked product, the wrapping arithmetic, the
// cached gathers, whose runs are short) come before.
// PREBUILT:       static void slice_gather_words(uint32_t *restrict d, const uint32_t *restrict s, int64_t n, int64_t step, int64_t ahead) {
// PREBUILT:       static void slice_gather_bytes_by_step(unsigned char *restrict d, const unsigned char *restrict s, int64_t n, int64_t step,
// PREBUILT:       static inline int slice_mul_overflows(
// PREBUILT:       #if defined(SLICE_PREBUILT_HELPERS)
// PREBUILT:       #define SLICE_PREBUILT __attribute__((visibility("hidden")))
// PREBUILT:       SLICE_PREBUILT void slice_stream(void *restrict d, const void *restrict s, int64_t n);
// PREBUILT:       SLICE_PREBUILT void slice_copy_even_4(void *restrict d, const void *restrict s, int64_t n);
// PREBUILT:       SLICE_PREBUILT void slice_copy_even_n(void *restrict d, const void *restrict s, int64_t n, int64_t size);
// PREBUILT-NEXT:  static inline void slice_copy_even(void *restrict d, const void *restrict s, int64_t n, int64_t size) {
// PREBUILT-NEXT:      switch (size) {
// PREBUILT-NEXT:      case 1: slice_copy_even_1(d, s, n); return;
// PREBUILT-NEXT:      case 2: slice_copy_even_2(d, s, n); return;
// PREBUILT-NEXT:      case 4: slice_copy_even_4(d, s, n); return;
// PREBUILT-NEXT:      case 8: slice_copy_even_8(d, s, n); return;
// PREBUILT-NEXT:      case 16: slice_copy_even_16(d, s, n); return;
// PREBUILT-NEXT:      default: slice_copy_even_n(d, s, n, size); return;
// PREBUILT-NEXT:      }
// PREBUILT-NEXT:  }
// PREBUILT:       SLICE_PREBUILT void slice_stream_gather_words(uint32_t *restrict d, const uint32_t *restrict s, int64_t n, int64_t step, int64_t ahead);
// PREBUILT-NEXT:  #else
// PREBUILT:       static inline void slice_stream(void *restrict d, const void *restrict s, int64_t n) {
// PREBUILT:       static inline void slice_copy_reversed(
// PREBUILT:       static void slice_stream_gather_words(uint32_t *restrict d, const uint32_t *restrict s, int64_t n, int64_t step, int64_t ahead) {
// PREBUILT:       #endif
// PREBUILT-LABEL: int32_t slice_f(

// The helpers, once each: the overflow-checked product of the guards, MLIR's wrapping
// arithmetic (an op without overflow<nsw>), divsi/remsi made total.
// CHECK:       static inline int slice_mul_overflows(int64_t a, int64_t b, int64_t *r) {
// CHECK-NEXT:  #if defined(__GNUC__)
// CHECK-NEXT:      return __builtin_mul_overflow(a, b, r);
// CHECK-NEXT:  #else
// CHECK:       static inline int32_t slice_wrap_add_i32(int32_t a, int32_t b) {
// CHECK-NEXT:      return (int32_t)((uint32_t)a + (uint32_t)b);
// CHECK:       static inline int64_t slice_wrap_mul_i64(int64_t a, int64_t b) {
// CHECK-NEXT:      return (int64_t)((uint64_t)a * (uint64_t)b);
// CHECK:       static inline int64_t slice_divsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:      if (b == 0)
// CHECK-NEXT:          return 0;
// CHECK-NEXT:      if (b == -1)
// CHECK-NEXT:          return (int64_t)(uint64_t)(0u - (uint64_t)a);
// CHECK-NEXT:      return (int64_t)(a / b);
// CHECK:       static inline int64_t slice_remsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:      if (b == 0 || b == -1)
// CHECK-NEXT:          return 0;

// The ABI: one pointer per memref argument, then slice_dims (every ? dim of every
// argument, in order, each checked >= 0 on entry), then the error values.
// CHECK-LABEL: /* @f: element type, shape and access of each argument
// CHECK-NEXT:   *   in0 (%x): f32, shape [?, 6] (slice_dims[0]), read only
// CHECK-NEXT:   *   in1 (%steps): i64, shape [1], read only
// CHECK-NEXT:   *   in2 (%starts): i32, shape [1], read only
// CHECK-NEXT:   *   out0 (%out): f32, shape [?, ?] (slice_dims[1], slice_dims[2]), written
// CHECK-NEXT:   *   slice_dims: the ? dims of the arguments, in this order (each >= 0)
// CHECK-NEXT:   * Its output shapes are computed by @f.shape (slice.shape_function).
// CHECK-NEXT:   */
// CHECK-NEXT:  int32_t slice_f(const uint32_t *restrict in0, const uint64_t *restrict in1, const uint32_t *restrict in2, uint32_t *restrict out0, const int64_t *restrict slice_dims, int64_t *restrict slice_error_values) {
// CHECK-NEXT:      const int64_t in0_d0 = slice_dims[0];
// CHECK-NEXT:      if (in0_d0 < 0) {
// CHECK-NEXT:          slice_error_values[0] = 0;
// CHECK-NEXT:          slice_error_values[1] = in0_d0;
// CHECK-NEXT:          return [[DIMS:[0-9]+]];
// CHECK-NEXT:      }
// CHECK-NEXT:      const int64_t out0_d0 = slice_dims[1];
// CHECK:           const int64_t out0_d1 = slice_dims[2];
// A loaded parameter used in arithmetic has the signed type of its width.
// CHECK:           const int64_t step = (int64_t)in1[0];
// CHECK-NEXT:      const int32_t start = (int32_t)in2[0];
// CHECK-NEXT:      const int32_t start1 = slice_wrap_add_i32(start, 1);
// CHECK-NEXT:      const int64_t start64 = (int64_t)start1;
// CHECK-NEXT:      const _Bool nonzero = step != 0;
// A slice.check: its message's code, its values.
// CHECK-NEXT:      if (!nonzero) {
// CHECK-NEXT:          slice_error_values[0] = step;
// CHECK-NEXT:          return [[STEP:[0-9]+]];
// CHECK-NEXT:      }
// CHECK-NEXT:      const int64_t q = slice_divsi_i64(start64, step);
// CHECK-NEXT:      const int64_t r = slice_remsi_i64(start64, step);
// CHECK-NEXT:      const int64_t m = q > r ? q : r;
// CHECK-NEXT:      const int64_t stride = m;
// CHECK-NEXT:      const _Bool big = (uint64_t)q >= (uint64_t)r;
// CHECK-NEXT:      const int64_t pick = big ? q : 0;
// CHECK-NEXT:      const int8_t narrow8 = (int8_t)(uint8_t)pick;
// CHECK-NEXT:      const int64_t narrow = (int64_t)narrow8;
// CHECK-NEXT:      (void)narrow;
// A view of a ? memref: a pointer alias, its size a checked product.
// CHECK-NEXT:      const uint32_t *xv = in0;
// CHECK-NEXT:      int64_t xv_d0;
// CHECK-NEXT:      if (slice_mul_overflows(in0_d0, 6, &xv_d0)) {
// CHECK:           uint32_t *ov = out0;
// CHECK-NEXT:      int64_t ov_d0;
// CHECK-NEXT:      if (slice_mul_overflows(out0_d0, out0_d1, &ov_d0)) {
// CHECK:           const _Bool one = stride == 1;
// A loop with run-time bounds; index arithmetic without overflow<nsw> wraps.
// CHECK-NEXT:      for (int64_t i = 0; i < out0_d0; i += 1) {
// CHECK-NEXT:          const int64_t do_1 = slice_wrap_mul_i64(i, out0_d1);
// CHECK-NEXT:          const int64_t so = slice_wrap_mul_i64(i, 6);
// CHECK-NEXT:          if (one) {
// The guard of the run: nothing for count <= 0; the dest run, then the source run,
// with no arithmetic that can wrap; then a memcpy (stride arith.constant 1) ...
// CHECK-NEXT:              if (out0_d1 > 0) {
// CHECK-NEXT:                  int64_t reach;
// CHECK-NEXT:                  if (do_1 < 0 || do_1 > ov_d0 - out0_d1) {
// CHECK-NEXT:                      slice_error_values[0] = out0_d1;
// CHECK-NEXT:                      slice_error_values[1] = do_1;
// CHECK-NEXT:                      slice_error_values[2] = ov_d0;
// CHECK-NEXT:                      return [[DEST:[0-9]+]];
// CHECK-NEXT:                  }
// CHECK-NEXT:                  if (so < 0 || so >= xv_d0 || slice_mul_overflows(out0_d1 - 1, 1, &reach) || (reach >= 0 ? reach > xv_d0 - 1 - so : reach + so < 0)) {
// CHECK-NEXT:                      slice_error_values[0] = out0_d1;
// CHECK-NEXT:                      slice_error_values[1] = so;
// CHECK-NEXT:                      slice_error_values[2] = 1;
// CHECK-NEXT:                      slice_error_values[3] = xv_d0;
// CHECK-NEXT:                      return [[SOURCE:[0-9]+]];
// CHECK-NEXT:                  }
// adaptive (set by convert-slice-to-loops): streamed when the dest view has at least 2 MiB and the run at least 1 KiB, else memcpy ...
// (`prefetch row %i of %n step %c6`: the run prefetches the row its loop reads some
// rows later, 6 elements a row, where the loop has more than one row; the lowering's
// gate sets the count to 0 where the rules do not prefetch; the C helper refuses a span
// over PREFETCH_FAR_RUN_BYTES, 2048 f32, whatever the IR says) ...
// CHECK-NEXT:                  const _Bool streamed = ov_d0 >= 524288 && out0_d1 >= 256;
// CHECK-NEXT:                  if (out0_d0 > 1)
// CHECK-NEXT:                      slice_prefetch_rows(xv, xv_d0, so, out0_d1, 1, i, out0_d0, 6, 0, 4, 2048, 262144);
// CHECK-NEXT:                  if (streamed) {
// CHECK-NEXT:                      slice_stream(ov + do_1, xv + so, out0_d1 * 4);
// CHECK-NEXT:                  } else {
// CHECK-NEXT:                      memcpy(ov + do_1, xv + so, (size_t)out0_d1 * 4);
// CHECK-NEXT:                  }
// CHECK-NEXT:              }
// ... else the register helpers for a stride of -1, 2 or -2 (runs of 64 bytes or more),
// else the scalar gather of 10 elements or more (dynamic_gather_min: 10 of 4-, 8- and
// 16-byte elements, 16 of 1- and 2-byte ones, BYSTEP below), else an element loop.
// CHECK-NEXT:          } else {
// CHECK:                       const _Bool streamed_1 = ov_d0 >= 524288 && out0_d1 >= 256;
// CHECK-NEXT:                  if (out0_d0 > 1)
// CHECK-NEXT:                      slice_prefetch_rows(xv, xv_d0, so, out0_d1, stride, i, out0_d0, 6, 0, 4, 2048, 262144);
// CHECK-NEXT:                  if (stride == -1 && out0_d1 >= 16 && streamed_1) {
// CHECK-NEXT:                      slice_stream_reversed(ov + do_1, xv + so, out0_d1, 4);
// CHECK-NEXT:                  } else if (stride == -1 && out0_d1 >= 16) {
// CHECK-NEXT:                      slice_copy_reversed(ov + do_1, xv + so, out0_d1, 4);
// CHECK-NEXT:                  } else if (stride == 2 && out0_d1 >= 16 && streamed_1) {
// CHECK:                       } else if (stride == -2 && out0_d1 >= 16) {
// CHECK:                       } else if ((stride >= 2 || stride <= -2) && out0_d1 >= 10) {
// CHECK:                               slice_gather_words((uint32_t *)ov + do_1, (const uint32_t *)xv + so, out0_d1, stride, ahead);
// CHECK-NEXT:                      }
// CHECK-NEXT:                  } else {
// CHECK-NEXT:                      for (int64_t k = 0; k < out0_d1; k += 1)
// CHECK-NEXT:                          ov[do_1 + k] = xv[so + k * stride];
// CHECK-NEXT:                  }
// The streamed stores are ordered before the function returns.
// CHECK:           slice_stream_fence();
// CHECK-NEXT:      return 0;
// CHECK-NEXT:  }
func.func @f(%x: memref<?x6xf32>, %steps: memref<1xi64>, %starts: memref<1xi32>, %out: memref<?x?xf32>) attributes {slice.shape_function = @"f.shape"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %n = memref.dim %out, %c0 : memref<?x?xf32>
  %w = memref.dim %out, %c1 : memref<?x?xf32>
  %step = memref.load %steps[%c0] : memref<1xi64>
  %start = memref.load %starts[%c0] : memref<1xi32>
  %one_i32 = arith.constant 1 : i32
  %start1 = arith.addi %start, %one_i32 : i32
  %start64 = arith.extsi %start1 : i32 to i64
  %zero = arith.constant 0 : i64
  %nonzero = arith.cmpi ne, %step, %zero : i64
  slice.check %nonzero, "slice.onnx: steps[0] = {0}: a step must be non-zero", %step
  %q = arith.divsi %start64, %step : i64
  %r = arith.remsi %start64, %step : i64
  %m = arith.maxsi %q, %r : i64
  %stride = arith.index_cast %m : i64 to index
  %big = arith.cmpi uge, %q, %r : i64
  %pick = arith.select %big, %q, %zero : i64
  %narrow8 = arith.trunci %pick : i64 to i8
  %narrow = arith.extsi %narrow8 : i8 to i64
  %xv = memref.collapse_shape %x [[0, 1]] : memref<?x6xf32> into memref<?xf32>
  %ov = memref.collapse_shape %out [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %one = arith.cmpi eq, %stride, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    %do = arith.muli %i, %w : index
    %so = arith.muli %i, %c6 : index
    scf.if %one {
      slice.dynamic_copy_run %xv[%so], %ov[%do] count %w source_stride %c1 adaptive prefetch row %i of %n step %c6 : memref<?xf32>, memref<?xf32>
    } else {
      slice.dynamic_copy_run %xv[%so], %ov[%do] count %w source_stride %stride adaptive prefetch row %i of %n step %c6 : memref<?xf32>, memref<?xf32>
    }
  }
  func.return
}

// The shape function: the same ABI (its output shape memref is static, so only the
// input's ? dim is passed); it stores each dim as an i64.
// CHECK-LABEL: int32_t slice_f_x2Eshape(const uint32_t *restrict in0, uint64_t *restrict out0, const int64_t *restrict slice_dims, int64_t *restrict slice_error_values) {
// CHECK:           const int64_t n = in0_d0;
// CHECK-NEXT:      out0[0] = n;
// CHECK-NEXT:      out0[1] = 6;
func.func @"f.shape"(%x: memref<?x6xf32>, %shape0: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %x, %c0 : memref<?x6xf32>
  %n = arith.index_cast %d0 : index to i64
  memref.store %n, %shape0[%c0] : memref<2xi64>
  %six = arith.constant 6 : i64
  memref.store %six, %shape0[%c1] : memref<2xi64>
  func.return
}

// A run within one buffer is an element loop in order, even at stride 1.
// CHECK-LABEL: int32_t slice_shift(
// CHECK:           for (int64_t k = 0; k < n; k += 1)
// CHECK-NEXT:          out0[0 + k] = out0[1 + k];
func.func @shift(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c0 : memref<?xf32>
  %n = arith.subi %d, %c1 : index
  slice.dynamic_copy_run %x[%c1], %x[%c0] count %n source_stride %c1 : memref<?xf32>, memref<?xf32>
  func.return
}

// A nest (`loops`, what convert-slice-to-loops makes of a dynamic window): its count
// and bounds tested first, then the dest and the source checked once on the nest's
// lowest and highest offsets (each kept in [0, size): no sum or product can wrap),
// the row loop found on the bounds where the gate holds, and the copy chosen once,
// each choice with its own loops and no guard in them.
// CHECK-LABEL: int32_t slice_nest(
// CHECK:           if (out0_d0 > 0 && rows > 0) {
// CHECK-NEXT:          int64_t low = 0, high = 0, reach;
// CHECK-NEXT:          _Bool outside = 0 >= out0_d0;
// CHECK-NEXT:          if (!outside) {
// CHECK-NEXT:              if (slice_mul_overflows(out0_d0 - 1, 1, &reach) || (reach >= 0 ? reach > out0_d0 - 1 - high : reach < -low))
// CHECK-NEXT:                  outside = 1;
// CHECK-NEXT:              else if (reach >= 0)
// CHECK-NEXT:                  high += reach;
// CHECK-NEXT:              else
// CHECK-NEXT:                  low += reach;
// CHECK-NEXT:          }
// CHECK-NEXT:          if (outside) {
// CHECK-NEXT:              slice_error_values[0] = out0_d0;
// CHECK-NEXT:              slice_error_values[1] = 0;
// CHECK-NEXT:              slice_error_values[2] = out0_d0;
// CHECK-NEXT:              return [[NEST_DEST:[0-9]+]];
// CHECK-NEXT:          }
// CHECK-NEXT:          int64_t low_1 = 0, high_1 = 0, reach_1;
// CHECK-NEXT:          _Bool outside_1 = 0 >= in0_d0;
// CHECK:               if (!outside_1) {
// CHECK:                   if (slice_mul_overflows(rows - 1, 1, &reach_1) || (reach_1 >= 0 ? reach_1 > in0_d0 - 1 - high_1 : reach_1 < -low_1))
// CHECK:               if (outside_1) {
// CHECK:                   return [[NEST_SOURCE:[0-9]+]];
// CHECK-NEXT:          }
// CHECK-NEXT:          const _Bool streamed = out0_d0 >= 524288 && out0_d0 >= 256;
// CHECK-NEXT:          int64_t row_loop = -1, rows_1 = 0, row_step = 0, plane = 0;
// CHECK-NEXT:          _Bool planed = 0;
// CHECK-NEXT:          if (gate) {
// CHECK-NEXT:              if (rows > 1 && row_loop < 0) {
// CHECK-NEXT:                  row_loop = 0;
// CHECK-NEXT:                  rows_1 = rows;
// CHECK-NEXT:                  row_step = 1;
// CHECK:               if (streamed) {
// CHECK-NEXT:              for (int64_t i = 0; i < rows; i += 1) {
// CHECK-NEXT:                  const int64_t so = i;
// CHECK-NEXT:                  const int64_t do_1 = 0;
// CHECK-NEXT:                  if (rows_1 > 1)
// CHECK-NEXT:                      slice_prefetch_rows(in0, in0_d0, so, out0_d0, 1, i, rows_1, row_step, plane, 4, 2048, 262144);
// CHECK-NEXT:                  slice_stream(out0 + do_1, in0 + so, out0_d0 * 4);
// CHECK-NEXT:              }
// CHECK-NEXT:          } else {
// CHECK-NEXT:              for (int64_t i_1 = 0; i_1 < rows; i_1 += 1) {
// CHECK:                       memcpy(out0 + do_2, in0 + so_1, (size_t)out0_d0 * 4);
// CHECK-NEXT:              }
// CHECK-NEXT:          }
// CHECK-NEXT:      }
func.func @nest(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?xf32>
  %n = memref.dim %out, %c0 : memref<?xf32>
  %rows = arith.subi %m, %n : index
  %gate = arith.cmpi sgt, %rows, %c1 : index
  slice.dynamic_copy_run %x[%c0], %out[%c0] count %n source_stride %c1 loops [%rows] source_steps [%c1] dest_steps [%c0] adaptive prefetch_if %gate : memref<?xf32>, memref<?xf32>
  func.return
}

// A gather of 1- or 2-byte elements at a run-time stride calls the gather through its
// switch on the step: the steps of GATHER_BY_STEP_STEPS get a copy of the gather each
// (their loads at constant offsets), any other the gather itself.
// BYSTEP:      static void slice_gather_bytes_by_step(unsigned char *restrict d, const unsigned char *restrict s, int64_t n, int64_t step,
// BYSTEP:          switch (step) {
// BYSTEP-NEXT:     case 2: slice_gather_bytes_body(d, s, n, 2, ahead); return;
// BYSTEP-NEXT:     case -2: slice_gather_bytes_body(d, s, n, -2, ahead); return;
// BYSTEP-NEXT:     case 3: slice_gather_bytes_body(d, s, n, 3, ahead); return;
// BYSTEP-NEXT:     case -3: slice_gather_bytes_body(d, s, n, -3, ahead); return;
// BYSTEP-NEXT:     case 4: slice_gather_bytes_body(d, s, n, 4, ahead); return;
// BYSTEP-NEXT:     case -4: slice_gather_bytes_body(d, s, n, -4, ahead); return;
// BYSTEP-NEXT:     default: slice_gather_bytes_body(d, s, n, step, ahead); return;
// BYSTEP-LABEL: int32_t slice_bytes(
// BYSTEP:          } else if ((stride >= 2 || stride <= -2) && out0_d0 >= 16) {
// BYSTEP:              slice_gather_bytes_by_step((unsigned char *)out0, (const unsigned char *)in0, out0_d0, stride, ahead);
func.func @bytes(%x: memref<?xi8>, %out: memref<?xi8>, %strides: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %out, %c0 : memref<?xi8>
  %s = memref.load %strides[%c0] : memref<1xi64>
  %stride = arith.index_cast %s : i64 to index
  slice.dynamic_copy_run %x[%c0], %out[%c0] count %n source_stride %stride adaptive : memref<?xi8>, memref<?xi8>
  func.return
}

// Without ? dims, today's ABI exactly: no slice_dims.
// CHECK-LABEL: int32_t slice_static(const uint32_t *restrict in0, uint32_t *restrict out0, int64_t *restrict slice_error_values) {
func.func @static(%x: memref<4xf32>, %out: memref<4xf32>) {
  "memref.copy"(%x, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  func.return
}

// Each message is the template of its return code.
// CHECK-LABEL: const char *slice_error_message(int32_t code) {
// CHECK-DAG:   /* [[DIMS]] */ "slice_dims[{0}] = {1}: a dim must be at least 0",
// CHECK-DAG:   /* [[STEP]] */ "slice.onnx: steps[0] = {0}: a step must be non-zero",
// CHECK-DAG:   /* [[DEST]] */ "slice.dynamic_copy_run: a run of {0} elements written at offset {1} leaves the dest view of {2} elements",
// CHECK-DAG:   /* [[SOURCE]] */ "slice.dynamic_copy_run: a run of {0} elements at offset {1}, stride {2}, leaves the source view of {3} elements",
// CHECK-DAG:   /* [[NEST_DEST]] */ "slice.dynamic_copy_run: runs of {0} elements written from offset {1} in its loops leave the dest view of {2} elements",
// CHECK-DAG:   /* [[NEST_SOURCE]] */ "slice.dynamic_copy_run: runs of {0} elements from offset {1}, stride {2}, in its loops leave the source view of {3} elements",
// And where the op failing with each code stands in the source (the allocation failure
// and the slice_dims check are at no op: 0), so that a run-time error is reported at
// its op, as a verifier's is.
// CHECK-LABEL: const char *slice_error_location(int32_t code) {
// CHECK-DAG:   /* [[STEP]] */ "{{.*}}dynamic.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-DAG:   /* 1 */ 0,
// CHECK-DAG:   /* [[DIMS]] */ 0,
// CHECK-DAG:   /* [[DEST]] */ "{{.*}}dynamic.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-DAG:   /* [[SOURCE]] */ "{{.*}}dynamic.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK:       return code >= 1 && code <= {{[0-9]+}} ? locations[code - 1] : 0;
