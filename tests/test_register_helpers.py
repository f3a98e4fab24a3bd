"""The C target's register helpers (``slice_{stream,copy}_{reversed,even,odd_reversed}``)
and its scalar gathers (``slice_gather_bytes``, ``_halves``, ``_words``, ``_dwords``,
``_b128``, and their streamed twins ``slice_stream_gather_*``) on their own, in a C driver: every
element size, every run length up to 144 elements and every destination misalignment
within 64 bytes for the register helpers (their AVX-512 steps start on a 64-byte
store), within 16 for the gathers (a multiple of the element for the gathers of wider
elements), against an element-by-element copy; the register helpers with the widest
steps the CPU has (AVX-512 or AVX2), where the CPU has AVX-512 with AVX2 at most
(``-DSLICE_NO_AVX512_REGISTERS``; elsewhere that build runs the first one's steps), and
with the SSE2 loops alone (``-DSLICE_NO_WIDE_REGISTERS``).
``slice_stream`` and ``slice_stream_in_order`` (contiguous runs, streamed, a long run's
lines in 16 KiB blocks or in order) likewise, at lengths around each of its
paths' bounds and every destination offset within a cache line, and each of its 16 KiB
block copies (SSE2, AVX, AVX-512F) that the CPU running the test has.

Each source is allocated with exactly the bytes of its run, so under AddressSanitizer a
read one byte outside the run is a report: the helpers' claim that every byte they read
lies within the run is checked, not trusted. The bytes around each destination are
checked untouched. The gathers run with and without a lookahead (``ahead``); their
``slice_prefetch`` is the driver's, which checks that each hinted address is an element
of the run.
"""

from __future__ import annotations

import platform
import subprocess
from pathlib import Path

import pytest

from passes.copy_plan import MIN_STREAM_RUN_BYTES
from slice_dialect.backend.c import (
    COPY_HELPERS,
    GATHER_BY_STEP_HELPERS,
    GATHER_HELPERS,
    MEMCPY_HELPER,
    REGISTER_PICKS,
    SMALL_COPY_HELPER,
    SSE2_INCLUDE,
    STREAM_GATHER_HELPERS,
    STREAM_HELPERS,
    STRING_MOVE_HELPER,
    STRING_MOVE_SANITIZED,
)
from slice_dialect.dtypes import B128_TYPEDEF
from slice_dialect.runtime.cache import CompilerConfig, run_tool

MAX_COUNT = 144
"""Run lengths 1 to this, in elements: a run of this many bytes holds a whole cache line
wherever it starts (the streamed gathers' line loop runs for bytes too)."""

LONG_RUN_BYTES = MIN_STREAM_RUN_BYTES
"""The streamed register helpers are also checked at the run lengths from one element
below this many bytes to two lines and one element above, where they stream whole
lines only (``_WHOLE_LINES``)."""


def long_counts(size: int) -> int:
    """How many run lengths of ``size``-byte elements around ``LONG_RUN_BYTES``."""
    return (LONG_RUN_BYTES // size + 128 // size + 1) - (LONG_RUN_BYTES // size - 1) + 1


DRIVER = r"""
#include <stdio.h>

typedef void (*helper)(void *restrict, const void *restrict, int64_t, int64_t);

/* The run lengths check tries: 1 to MAX_COUNT, or (long runs) those around
 * LONG_RUN_BYTES. */
static int64_t first_count = 1, last_count = MAX_COUNT;

/* The source offset (in elements, from the run's lowest element) of output k. */
static int64_t source_of(int64_t step, int64_t n, int64_t k) {
    return step > 0 ? step * k : -step * (n - 1 - k);
}

static int check(const char *name, helper f, int64_t step, int64_t size,
                 int64_t align, int64_t limit, int64_t *cases) {
    hint_apart = (step < 0 ? -step : step) * size;
    int failures = 0;
    for (int64_t n = first_count; n <= last_count; n += 1) {
        const int64_t span = ((step < 0 ? -step : step) * (n - 1) + 1) * size;
        unsigned char *source = malloc((size_t)span);
        for (int64_t b = 0; b < span; b += 1)
            source[b] = (unsigned char)(b * 7 + 3);
        const unsigned char *first = source + source_of(step, n, 0) * size;
        hint_low = source;
        hint_high = source + span;
        for (int64_t misalign = 0; misalign < limit; misalign += align) {
            const int64_t bytes = n * size;
            unsigned char *block = malloc((size_t)(bytes + 256));
            memset(block, 0xa5, (size_t)(bytes + 256));
            /* misalign bytes past a 64-byte boundary 64 to 127 bytes into the block */
            const int64_t at = 64 + (int64_t)((64 - (uintptr_t)block % 64) % 64) + misalign;
            unsigned char *d = block + at;
            f(d, first, n, size);
            for (int64_t k = 0; k < n; k += 1)
                if (memcmp(d + k * size, source + source_of(step, n, k) * size,
                           (size_t)size) != 0) {
                    printf("FAIL %s size %lld n %lld misalign %lld element %lld\n",
                           name, (long long)size, (long long)n, (long long)misalign,
                           (long long)k);
                    failures += 1;
                    break;
                }
            for (int64_t b = 0; b < bytes + 256; b += 1)
                if ((b < at || b >= at + bytes) && block[b] != 0xa5) {
                    printf("FAIL %s size %lld n %lld misalign %lld wrote byte %lld\n",
                           name, (long long)size, (long long)n, (long long)misalign,
                           (long long)b);
                    failures += 1;
                    break;
                }
            free(block);
            *cases += 1;
        }
        free(source);
    }
    return failures;
}

/* A helper given a count of 0 or less reads and writes nothing (no generated call
 * passes one; the helpers hold to it all the same): a destination of canary bytes
 * around 64-byte lines stays as it was, and the source is a null pointer. */
static int check_no_elements(const char *name, helper f, int64_t size, int64_t *cases) {
    static const int64_t counts[] = {0, -1, -64, -200};
    int failures = 0;
    for (int i = 0; i < 4; i += 1) {
        unsigned char *raw = malloc(8192 + 64);
        unsigned char *block = raw + (64 - (uintptr_t)raw % 64) % 64;
        memset(block, 0xa5, 8192);
        f(block + 4096, NULL, counts[i], size);
        for (int64_t b = 0; b < 8192; b += 1)
            if (block[b] != 0xa5) {
                printf("FAIL %s size %lld n %lld wrote byte %lld\n", name, (long long)size,
                       (long long)counts[i], (long long)(b - 4096));
                failures += 1;
                break;
            }
        free(raw);
        *cases += 1;
    }
    return failures;
}

#define GATHER(HELPER, STEP, AHEAD, NAME) \
    static void NAME(void *restrict d, const void *restrict s, int64_t n, int64_t size) { \
        (void)size; \
        HELPER(d, s, n, STEP, AHEAD); \
    }
GATHER(slice_gather_bytes, 2, 0, gather_2)
GATHER(slice_gather_bytes, -2, 0, gather_minus_2)
GATHER(slice_gather_bytes, 3, 1, gather_3)
GATHER(slice_gather_bytes, 5, 0, gather_5)
GATHER(slice_gather_bytes, -3, 37, gather_minus_3)
GATHER(slice_gather_bytes, -8, 5, gather_minus_8)
GATHER(slice_gather_halves, 2, 0, halves_2)
GATHER(slice_gather_halves, -2, 0, halves_minus_2)
GATHER(slice_gather_halves, 3, 1, halves_3)
GATHER(slice_gather_halves, 5, 0, halves_5)
GATHER(slice_gather_halves, -4, 37, halves_minus_4)
GATHER(slice_gather_halves, 8, 5, halves_8)
GATHER(slice_gather_words, 2, 0, words_2)
GATHER(slice_gather_words, -2, 0, words_minus_2)
GATHER(slice_gather_words, 3, 1, words_3)
GATHER(slice_gather_words, -3, 37, words_minus_3)
GATHER(slice_gather_words, 5, 0, words_5)
GATHER(slice_gather_words, -8, 5, words_minus_8)
GATHER(slice_gather_dwords, 2, 0, dwords_2)
GATHER(slice_gather_dwords, -2, 0, dwords_minus_2)
GATHER(slice_gather_dwords, 3, 1, dwords_3)
GATHER(slice_gather_dwords, -4, 37, dwords_minus_4)
GATHER(slice_gather_dwords, 5, 0, dwords_5)
GATHER(slice_gather_dwords, 16, 5, dwords_16)
GATHER(slice_gather_b128, 2, 0, b128_2)
GATHER(slice_gather_b128, -2, 5, b128_minus_2)
GATHER(slice_gather_b128, 3, 1, b128_3)
GATHER(slice_gather_b128, -7, 0, b128_minus_7)
GATHER(slice_gather_bytes_by_step, 2, 0, by_step_bytes_2)
GATHER(slice_gather_bytes_by_step, -3, 1, by_step_bytes_minus_3)
GATHER(slice_gather_bytes_by_step, 5, 37, by_step_bytes_5)
GATHER(slice_gather_halves_by_step, -2, 0, by_step_halves_minus_2)
GATHER(slice_gather_halves_by_step, 4, 5, by_step_halves_4)
GATHER(slice_gather_halves_by_step, -6, 0, by_step_halves_minus_6)
GATHER(slice_stream_gather_bytes, 3, 1, stream_bytes_3)
GATHER(slice_stream_gather_bytes, -5, 37, stream_bytes_minus_5)
GATHER(slice_stream_gather_bytes, 8, 0, stream_bytes_8)
GATHER(slice_stream_gather_bytes, -3, 0, stream_bytes_minus_3)
GATHER(slice_stream_gather_halves, 3, 1, stream_halves_3)
GATHER(slice_stream_gather_halves, -4, 37, stream_halves_minus_4)
GATHER(slice_stream_gather_halves, 6, 0, stream_halves_6)
GATHER(slice_stream_gather_halves, -5, 0, stream_halves_minus_5)
GATHER(slice_stream_gather_words, 3, 1, stream_words_3)
GATHER(slice_stream_gather_words, -3, 37, stream_words_minus_3)
GATHER(slice_stream_gather_words, 8, 0, stream_words_8)
GATHER(slice_stream_gather_words, -4, 0, stream_words_minus_4)
GATHER(slice_stream_gather_dwords, 3, 1, stream_dwords_3)
GATHER(slice_stream_gather_dwords, -4, 37, stream_dwords_minus_4)
GATHER(slice_stream_gather_dwords, 5, 0, stream_dwords_5)
GATHER(slice_stream_gather_dwords, -3, 0, stream_dwords_minus_3)
GATHER(slice_stream_gather_b128, 3, 0, stream_b128_3)
GATHER(slice_stream_gather_b128, -5, 2, stream_b128_minus_5)
GATHER(slice_stream_gather_b128, 2, 0, stream_b128_2)
GATHER(slice_stream_gather_b128, -3, 0, stream_b128_minus_3)

int main(void) {
    int failures = 0;
    int64_t cases = 0;
    static const int64_t sizes[] = {1, 2, 4, 8, 16};
    for (int i = 0; i < 5; i += 1) {
        const int64_t size = sizes[i];
        failures += check("slice_stream_reversed", slice_stream_reversed, -1, size, 1, 64, &cases);
        failures += check("slice_copy_reversed", slice_copy_reversed, -1, size, 1, 64, &cases);
        failures += check("slice_stream_even", slice_stream_even, 2, size, 1, 64, &cases);
        failures += check("slice_copy_even", slice_copy_even, 2, size, 1, 64, &cases);
        failures += check("slice_stream_odd_reversed", slice_stream_odd_reversed, -2,
                          size, 1, 64, &cases);
        failures += check("slice_copy_odd_reversed", slice_copy_odd_reversed, -2, size, 1, 64,
                          &cases);
        first_count = LONG_RUN_BYTES / size - 1;
        last_count = LONG_RUN_BYTES / size + 128 / size + 1;
        failures += check("slice_stream_reversed long", slice_stream_reversed, -1, size, 1, 64,
                          &cases);
        failures += check("slice_stream_even long", slice_stream_even, 2, size, 1, 64, &cases);
        failures += check("slice_stream_odd_reversed long", slice_stream_odd_reversed, -2,
                          size, 1, 64, &cases);
        first_count = 1;
        last_count = MAX_COUNT;
    }
    failures += check("slice_gather_bytes step 2", gather_2, 2, 1, 1, 16, &cases);
    failures += check("slice_gather_bytes step -2", gather_minus_2, -2, 1, 1, 16, &cases);
    failures += check("slice_gather_bytes step 3", gather_3, 3, 1, 1, 16, &cases);
    failures += check("slice_gather_bytes step 5", gather_5, 5, 1, 1, 16, &cases);
    failures += check("slice_gather_bytes step -3", gather_minus_3, -3, 1, 1, 16, &cases);
    failures += check("slice_gather_bytes step -8", gather_minus_8, -8, 1, 1, 16, &cases);
    /* 2-byte elements at even destinations only (the runtime's alignment) */
    failures += check("slice_gather_halves step 2", halves_2, 2, 2, 2, 16, &cases);
    failures += check("slice_gather_halves step -2", halves_minus_2, -2, 2, 2, 16, &cases);
    failures += check("slice_gather_halves step 3", halves_3, 3, 2, 2, 16, &cases);
    failures += check("slice_gather_halves step 5", halves_5, 5, 2, 2, 16, &cases);
    failures += check("slice_gather_halves step -4", halves_minus_4, -4, 2, 2, 16, &cases);
    failures += check("slice_gather_halves step 8", halves_8, 8, 2, 2, 16, &cases);
    /* 4- and 8-byte elements at destinations aligned to the element likewise */
    failures += check("slice_gather_words step 2", words_2, 2, 4, 4, 16, &cases);
    failures += check("slice_gather_words step -2", words_minus_2, -2, 4, 4, 16, &cases);
    failures += check("slice_gather_words step 3", words_3, 3, 4, 4, 16, &cases);
    failures += check("slice_gather_words step -3", words_minus_3, -3, 4, 4, 16, &cases);
    failures += check("slice_gather_words step 5", words_5, 5, 4, 4, 16, &cases);
    failures += check("slice_gather_words step -8", words_minus_8, -8, 4, 4, 16, &cases);
    failures += check("slice_gather_dwords step 2", dwords_2, 2, 8, 8, 16, &cases);
    failures += check("slice_gather_dwords step -2", dwords_minus_2, -2, 8, 8, 16, &cases);
    failures += check("slice_gather_dwords step 3", dwords_3, 3, 8, 8, 16, &cases);
    failures += check("slice_gather_dwords step -4", dwords_minus_4, -4, 8, 8, 16, &cases);
    failures += check("slice_gather_dwords step 5", dwords_5, 5, 8, 8, 16, &cases);
    failures += check("slice_gather_dwords step 16", dwords_16, 16, 8, 8, 16, &cases);
    /* 16-byte elements (8-byte aligned, as complex<f64> is) */
    failures += check("slice_gather_b128 step 2", b128_2, 2, 16, 8, 16, &cases);
    failures += check("slice_gather_b128 step -2", b128_minus_2, -2, 16, 8, 16, &cases);
    failures += check("slice_gather_b128 step 3", b128_3, 3, 16, 8, 16, &cases);
    failures += check("slice_gather_b128 step -7", b128_minus_7, -7, 16, 8, 16, &cases);
    /* the dynamic runs' switch on the step: cases of their own, and the default */
    failures += check("slice_gather_bytes_by_step step 2", by_step_bytes_2, 2, 1, 1, 16,
                      &cases);
    failures += check("slice_gather_bytes_by_step step -3", by_step_bytes_minus_3, -3, 1, 1,
                      16, &cases);
    failures += check("slice_gather_bytes_by_step step 5", by_step_bytes_5, 5, 1, 1, 16,
                      &cases);
    failures += check("slice_gather_halves_by_step step -2", by_step_halves_minus_2, -2, 2, 2,
                      16, &cases);
    failures += check("slice_gather_halves_by_step step 4", by_step_halves_4, 4, 2, 2, 16,
                      &cases);
    failures += check("slice_gather_halves_by_step step -6", by_step_halves_minus_6, -6, 2, 2,
                      16, &cases);
    failures += check("slice_stream_gather_bytes step 3", stream_bytes_3, 3, 1, 1, 16, &cases);
    failures += check("slice_stream_gather_bytes step -5", stream_bytes_minus_5, -5, 1, 1, 16,
                      &cases);
    failures += check("slice_stream_gather_bytes step 8", stream_bytes_8, 8, 1, 1, 16, &cases);
    /* a negative step without hints: the whole lines last first, the source upwards */
    failures += check("slice_stream_gather_bytes step -3", stream_bytes_minus_3, -3, 1, 1, 16,
                      &cases);
    failures += check("slice_stream_gather_halves step 3", stream_halves_3, 3, 2, 2, 16, &cases);
    failures += check("slice_stream_gather_halves step -4", stream_halves_minus_4, -4, 2, 2, 16,
                      &cases);
    failures += check("slice_stream_gather_halves step 6", stream_halves_6, 6, 2, 2, 16, &cases);
    failures += check("slice_stream_gather_halves step -5", stream_halves_minus_5, -5, 2, 2, 16,
                      &cases);
    failures += check("slice_stream_gather_words step 3", stream_words_3, 3, 4, 4, 16, &cases);
    failures += check("slice_stream_gather_words step -3", stream_words_minus_3, -3, 4, 4, 16,
                      &cases);
    failures += check("slice_stream_gather_words step 8", stream_words_8, 8, 4, 4, 16, &cases);
    failures += check("slice_stream_gather_words step -4", stream_words_minus_4, -4, 4, 4, 16,
                      &cases);
    failures += check("slice_stream_gather_dwords step 3", stream_dwords_3, 3, 8, 8, 16,
                      &cases);
    failures += check("slice_stream_gather_dwords step -4", stream_dwords_minus_4, -4, 8, 8, 16,
                      &cases);
    failures += check("slice_stream_gather_dwords step 5", stream_dwords_5, 5, 8, 8, 16,
                      &cases);
    failures += check("slice_stream_gather_dwords step -3", stream_dwords_minus_3, -3, 8, 8, 16,
                      &cases);
    /* 16-byte elements (8-byte aligned, as complex<f64> is) at every 8-byte offset in
     * a line: a destination that never meets a line boundary stores all plainly */
    failures += check("slice_stream_gather_b128 step 3", stream_b128_3, 3, 16, 8, 64,
                      &cases);
    failures += check("slice_stream_gather_b128 step -5", stream_b128_minus_5, -5, 16, 8, 64,
                      &cases);
    failures += check("slice_stream_gather_b128 step 2", stream_b128_2, 2, 16, 8, 64,
                      &cases);
    failures += check("slice_stream_gather_b128 step -3", stream_b128_minus_3, -3, 16, 8, 64,
                      &cases);
    failures += check_no_elements("slice_stream_gather_bytes step -3", stream_bytes_minus_3, 1,
                                  &cases);
    failures += check_no_elements("slice_stream_gather_halves step -5", stream_halves_minus_5,
                                  2, &cases);
    failures += check_no_elements("slice_stream_gather_words step -4", stream_words_minus_4, 4,
                                  &cases);
    failures += check_no_elements("slice_stream_gather_dwords step -3", stream_dwords_minus_3,
                                  8, &cases);
    failures += check_no_elements("slice_stream_gather_b128 step -3", stream_b128_minus_3, 16,
                                  &cases);
    slice_stream_fence();
#if defined(SLICE_WIDE_REGISTERS)
    printf("wide registers %d\n", slice_wide_registers());
    printf("runtime avx512f %d\n", __builtin_cpu_supports("avx512f") ? 1 : 0);
    printf("runtime avx2 %d\n", __builtin_cpu_supports("avx2") ? 1 : 0);
#else
    printf("wide registers none\n");
#endif
    printf("hints %lld outside %lld\n", (long long)hints, (long long)hints_outside);
    printf("cases %lld failures %d\n", (long long)cases, failures);
    return failures != 0 || hints_outside != 0;
}
"""

HINT_CHECK = r"""
/* The gathers' slice_prefetch (lookahead), checking instead of hinting: each address
 * must be an element the run being checked reads (the source is allocated with exactly
 * the run's bytes: hint_low to hint_high, elements hint_apart bytes apart). */
static const unsigned char *hint_low, *hint_high;
static int64_t hint_apart = 1, hints, hints_outside;

static void slice_prefetch(const void *p) {
    const unsigned char *q = p;
    hints += 1;
    if (q < hint_low || q >= hint_high || (q - hint_low) % hint_apart != 0)
        hints_outside += 1;
}
"""

CASES = (
    6 * 5 * MAX_COUNT * 64
    + 3 * 64 * sum(long_counts(size) for size in (1, 2, 4, 8, 16))
    + 6 * MAX_COUNT * 16
    + 6 * MAX_COUNT * 8
    + 6 * MAX_COUNT * 4
    + 6 * MAX_COUNT * 2
    + 4 * MAX_COUNT * 2
    + 4 * MAX_COUNT * (16 + 8 + 4 + 2 + 8)
    + 5 * 4
    + 3 * MAX_COUNT * (16 + 8)
)
"""The three register helpers, streamed and cached, at 5 element sizes and 64
misalignments, the streamed ones at long runs too; the byte gather
at 6 steps, the 2-byte one at 6 steps and the 8 even misalignments, the 4-byte one at 6
steps and 4 misalignments, the 8-byte one at 6 steps and 2, the 16-byte one at 4 steps
and the 2 misalignments of an 8-byte-aligned element within 16 bytes; their streamed
twins at 4
steps each (one of them negative without hints: their lines last first), and the streamed
gather of 16-byte elements at 4 steps and the 8 misalignments (and the negative steps
without hints given counts of 0, -1, -64 and -200, which write nothing)
of an 8-byte-aligned element in a line; the dynamic runs' gathers by step of 1- and 2-byte
elements at 3 steps each (two with a copy of their own, one the default)."""


STREAM_DRIVER = r"""
#include <stdio.h>

static const int64_t lengths[] = {
    0, 1, 15, 16, 17, 63, 64, 65, 127, 1023, 1024, 1025, 16383, 16384, 16385, 16447,
    16448, 16449, 32767, 32768, 32868, 49152 + 64 * 3 + 7, 65536 + 4095,
};

/* The lengths of check_move: around slice_memcpy_by_lines' bounds (2 KiB, 1 MiB). */
static const int64_t move_lengths[] = {
    0, 1, 63, 64, 65, 1023, 2047, 2048, 2049, 4097, 16385, 65536 + 4095, 1048575, 1048576 + 7,
};

/* Whether d holds the n bytes at source, the other bytes of block (n + 256 of them,
 * set to 0xa5 before the copy) untouched: what differs printed after label. Frees
 * block. */
static int verify(const char *label, unsigned char *block, const unsigned char *d,
                  const unsigned char *source, int64_t n) {
    int failures = 0;
    if (memcmp(d, source, (size_t)n) != 0) {
        printf("FAIL %s: bytes differ\n", label);
        failures += 1;
    }
    for (unsigned char *p = block; p < block + n + 256; p += 1)
        if ((p < d || p >= d + n) && *p != 0xa5) {
            printf("FAIL %s: wrote byte %lld\n", label, (long long)(p - d));
            failures += 1;
            break;
        }
    free(block);
    return failures;
}

/* slice_stream (blocked) or slice_stream_in_order of n bytes from a source of exactly
 * n bytes to dmis bytes past a line, the bytes around untouched. The source lies at
 * offset smis of a buffer of n + smis, or with page >= 0 page bytes below the output
 * modulo 4 KiB (where the blocks go in order from 4033 to 1023: 4K aliasing). */
static int check_stream(int64_t n, int64_t dmis, int64_t smis, int blocked, int64_t page) {
    unsigned char *block = malloc((size_t)(n + 256));
    memset(block, 0xa5, (size_t)(n + 256));
    unsigned char *line = block + 64 + (64 - (uintptr_t)block % 64) % 64;
    unsigned char *d = line + dmis;
    unsigned char *buffer = malloc((size_t)(n + (page >= 0 ? 4096 : smis) + 1));
    unsigned char *source =
        page >= 0 ? buffer + (((uintptr_t)d - (uintptr_t)buffer - (uintptr_t)page) & 4095)
                  : buffer + smis;
    for (int64_t b = 0; b < n; b += 1)
        source[b] = (unsigned char)(b * 7 + b / 251 + 3);
    if (blocked)
        slice_stream(d, source, n);
    else
        slice_stream_in_order(d, source, n);
    slice_stream_fence();
    char label[128];
    snprintf(label, sizeof label,
             "slice_stream blocked %d n %lld dest +%lld source +%lld page %lld", blocked,
             (long long)n, (long long)dmis, (long long)smis, (long long)page);
    const int failures = verify(label, block, d, source, n);
    free(buffer);
    return failures;
}

/* The guards' choices at their boundaries, by d - s (apart) within one buffer: whether
 * streamed blocks would 4K-alias (slice_blocks_alias: s less than 1 KiB below d or
 * less than a line above it, modulo 4 KiB) and whether slice_memcpy takes its 64-byte
 * loop (d 1-63 bytes above s modulo 4 KiB, runs of 2 KiB to 1 MiB). */
static int check_guards(int64_t *cases) {
    static const struct {
        int64_t apart;
        int blocks_alias, near_above;
    } guards[] = {{-4096 - 64, 0, 0}, {-64, 0, 0}, {-63, 1, 0},  {-1, 1, 0},   {0, 1, 0},
                  {1, 1, 1},          {63, 1, 1},  {64, 1, 0},   {1023, 1, 0}, {1024, 0, 0},
                  {2048, 0, 0},       {4032, 0, 0}, {4033, 1, 0}, {4096, 1, 0}, {4097, 1, 1},
                  {8192 + 63, 1, 1},  {8192 + 64, 1, 0}};
    static const size_t sizes[] = {0, 2047, 2048, 1048575, 1048576};
    unsigned char *buffer = malloc(3 * 8192);
    const unsigned char *s = buffer + 8192;
    int failures = 0;
    for (size_t g = 0; g < sizeof guards / sizeof guards[0]; g += 1) {
        const unsigned char *d = s + guards[g].apart;
#if defined(__SSE2__)
        if (slice_blocks_alias(d, s) != guards[g].blocks_alias) {
            printf("FAIL slice_blocks_alias apart %lld\n", (long long)guards[g].apart);
            failures += 1;
        }
#endif
        if (slice_near_above(d, s) != guards[g].near_above) {
            printf("FAIL slice_near_above apart %lld\n", (long long)guards[g].apart);
            failures += 1;
        }
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k += 1) {
            const int lines = guards[g].near_above && sizes[k] >= 2048 && sizes[k] < 1048576;
            if (slice_memcpy_by_lines(d, s, sizes[k]) != lines) {
                printf("FAIL slice_memcpy_by_lines apart %lld n %lld\n",
                       (long long)guards[g].apart, (long long)sizes[k]);
                failures += 1;
            }
        }
        *cases += 1;
    }
    free(buffer);
    return failures;
}

typedef void (*mover)(void *restrict, const void *restrict, size_t);

/* slice_memcpy or slice_string_move (move, named name) of n bytes to dmis bytes past a
 * line from page bytes below it modulo 4 KiB (from 1 to 63 there each takes
 * slice_copy_lines for 2 KiB to 1 MiB, slice_memcpy_by_lines), the bytes around
 * untouched. Whether a guard is taken changes the time, not the bytes: check_guards
 * checks the choices. */
static int check_move(const char *name, mover move, int64_t n, int64_t dmis, int64_t page) {
    unsigned char *block = malloc((size_t)(n + 256));
    memset(block, 0xa5, (size_t)(n + 256));
    unsigned char *d = block + 64 + (64 - (uintptr_t)block % 64) % 64 + dmis;
    unsigned char *buffer = malloc((size_t)(n + 4097));
    unsigned char *source =
        buffer + (((uintptr_t)d - (uintptr_t)buffer - (uintptr_t)page) & 4095);
    for (int64_t b = 0; b < n; b += 1)
        source[b] = (unsigned char)(b * 5 + b / 257 + 9);
    move(d, source, (size_t)n);
    char label[128];
    snprintf(label, sizeof label, "%s n %lld dest +%lld page %lld", name, (long long)n,
             (long long)dmis, (long long)page);
    const int failures = verify(label, block, d, source, n);
    free(buffer);
    return failures;
}

typedef void (*blocks)(unsigned char *restrict, const unsigned char *restrict, int64_t,
                       int);

/* A copy of n bytes of whole lines (with blocked, a multiple of 16 KiB, in blocks) to
 * a line from smis bytes past one. */
static int check_blocks(const char *name, blocks f, int64_t n, int64_t smis, int blocked) {
    unsigned char *buffer = malloc((size_t)(n + 128));
    unsigned char *source = buffer + (64 - (uintptr_t)buffer % 64) % 64 + smis;
    for (int64_t b = 0; b < n; b += 1)
        source[b] = (unsigned char)(b * 13 + b / 4099 + 1);
    unsigned char *block = malloc((size_t)(n + 256));
    memset(block, 0xa5, (size_t)(n + 256));
    unsigned char *d = block + 64 + (64 - (uintptr_t)block % 64) % 64;
    f(d, source, n, blocked);
    slice_stream_fence();
    char label[128];
    snprintf(label, sizeof label, "%s n %lld source +%lld", name, (long long)n,
             (long long)smis);
    const int failures = verify(label, block, d, source, n);
    free(buffer);
    return failures;
}

static int check_all_blocks(const char *name, blocks f, int64_t *cases) {
    int failures = 0;
    for (int64_t n = 16384; n <= 3 * 16384; n += 16384)
        for (int64_t smis = 0; smis < 64; smis += 7) {
            failures += check_blocks(name, f, n, smis, 1);
            *cases += 1;
        }
    for (int64_t n = 0; n <= 1088; n += 64)
        for (int64_t smis = 0; smis < 64; smis += 21) {
            failures += check_blocks(name, f, n, smis, 0);
            *cases += 1;
        }
    printf("ran %s\n", name);
    return failures;
}

/* argv[1]: the CPU's features among "avx" and "avx512f", as Linux lists them (the
 * wide block copies are run by them, not by __builtin_cpu_supports, which some
 * toolchains' runtimes do not answer: zig cc 0.17 says no to every feature). */
int main(int argc, char **argv) {
    const char *features = argc > 1 ? argv[1] : "";
    int failures = 0;
    int64_t cases = 0;
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k += 1)
        for (int64_t dmis = 0; dmis < 64; dmis += 1)
            for (int64_t smis = 0; smis < 9; smis += 4)
                for (int blocked = 0; blocked < 2; blocked += 1) {
                    failures += check_stream(lengths[k], dmis, smis, blocked, -1);
                    cases += 1;
                }
    static const int64_t pages[] = {0,    8,    448,  1016, 1023, 1024, 1032,
                                    2048, 4031, 4032, 4033, 4088, 4095};
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k += 1)
        for (int64_t dmis = 0; dmis < 64; dmis += 9)
            for (size_t p = 0; p < sizeof pages / sizeof pages[0]; p += 1) {
                failures += check_stream(lengths[k], dmis, 0, 1, pages[p]);
                cases += 1;
            }
    for (size_t k = 0; k < sizeof move_lengths / sizeof move_lengths[0]; k += 1)
        for (int64_t dmis = 0; dmis < 64; dmis += 27)
            for (size_t p = 0; p < sizeof pages / sizeof pages[0]; p += 1) {
                const int64_t n = move_lengths[k], apart = 4096 - pages[p];
                failures += check_move("slice_string_move", slice_string_move, n, dmis, apart);
                failures += check_move("slice_memcpy", slice_memcpy, n, dmis, apart);
                cases += 2;
            }
    failures += check_guards(&cases);
#if defined(__SSE2__)
    failures += check_all_blocks("sse2", slice_stream_lines_sse2, &cases);
#endif
#if defined(SLICE_STREAM_WIDE)
    printf("wide\n");
    if (strstr(features, "avx,") != NULL)
        failures += check_all_blocks("avx", slice_stream_lines_avx, &cases);
    if (strstr(features, "avx512f,") != NULL)
        failures += check_all_blocks("avx512f", slice_stream_lines_avx512, &cases);
#else
    (void)features;
#endif
    printf("cases %lld failures %d\n", (long long)cases, failures);
    return failures != 0;
}
"""


def cpu_flags() -> set[str]:
    """The CPU's feature flags as Linux lists them (empty elsewhere)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.partition(":")[2].split())
    return set()


def driver_source() -> str:
    """The helpers as the C target prints them, then the driver."""
    return "\n".join(
        [
            "#include <stdint.h>",
            "#include <stdlib.h>",
            "#include <string.h>",
            f"#define MAX_COUNT {MAX_COUNT}",
            f"#define LONG_RUN_BYTES {LONG_RUN_BYTES}",
            SSE2_INCLUDE,
            REGISTER_PICKS,
            SMALL_COPY_HELPER,
            STREAM_HELPERS,
            COPY_HELPERS,
            HINT_CHECK,
            B128_TYPEDEF,
            *(text for _, _, text in GATHER_HELPERS.values()),
            *(text for _, _, text in GATHER_BY_STEP_HELPERS.values()),
            *(text for _, _, text in STREAM_GATHER_HELPERS.values()),
            DRIVER,
        ]
    )


FLAGS = pytest.mark.parametrize(
    "flags",
    [
        ("-O3",),
        (
            "-O1",
            "-fsanitize=address",
            "-fsanitize=undefined",
            "-fno-sanitize-recover=all",
        ),
    ],
    ids=["optimized", "sanitized"],
)


def build_and_run(
    text: str, flags: tuple[str, ...], tmp_path: Path, arguments: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``text`` compiled with ``flags`` and run with ``arguments``; its output. A build
    with sanitizers that the C compiler cannot make is a skip."""
    config = CompilerConfig.from_environment()
    program = tmp_path / "helpers"
    source = tmp_path / "helpers.c"
    source.write_text(text)
    built = run_tool(
        [*config.command, "-std=c99", *flags, str(source), "-o", str(program)]
    )
    if built.returncode != 0 and "sanitize" in " ".join(flags):
        pytest.skip(f"the C compiler cannot build with sanitizers: {built.stderr[-300:]}")
    assert built.returncode == 0, built.stderr[-2000:]
    result = subprocess.run(
        [str(program), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    return result


WIDE_FEATURES = {"avx512f", "avx512bw", "avx512vbmi"}
"""What the register helpers' AVX-512 steps run on (``slice_wide_registers`` 2; AVX2
alone: 1)."""


def wide_tier(flags: tuple[str, ...], cpu: set[str]) -> str:
    """The driver's ``wide registers`` line where the build has the wide forms."""
    if cpu >= WIDE_FEATURES and "-DSLICE_NO_AVX512_REGISTERS" not in flags:
        return "wide registers 2"
    return f"wide registers {int('avx2' in cpu)}"


SANITIZE = (
    "-O1",
    "-fsanitize=address",
    "-fsanitize=undefined",
    "-fno-sanitize-recover=all",
)
REGISTER_BUILDS = [
    pytest.param(("-O3",), id="optimized"),
    pytest.param(("-O3", "-DSLICE_NO_WIDE_REGISTERS"), id="sse2"),
    pytest.param(SANITIZE, id="sanitized"),
] + (
    [
        pytest.param(("-O3", "-DSLICE_NO_AVX512_REGISTERS"), id="avx2"),
        pytest.param((*SANITIZE, "-DSLICE_NO_AVX512_REGISTERS"), id="sanitized-avx2"),
    ]
    if cpu_flags() >= WIDE_FEATURES
    else []
)
"""The builds of the register helpers' driver: the widest steps the CPU has, SSE2 alone,
under sanitizers; and, on a CPU with the AVX-512 steps, AVX2 at most (on any other CPU
those two builds run exactly the steps of the first and third: the AVX2 ones)."""


@pytest.mark.parametrize("flags", REGISTER_BUILDS)
def test_register_helpers(flags: tuple[str, ...], tmp_path: Path) -> None:
    result = build_and_run(driver_source(), flags, tmp_path)
    assert f"cases {CASES} failures 0" in result.stdout
    # the widest steps the CPU has ran (where the compiler has the builtins, and its
    # runtime answers __builtin_cpu_supports: zig cc 0.17's says no to every
    # feature); under AddressSanitizer too, their loads and (plain) stores checked
    lines = result.stdout.splitlines()
    wide = next(line for line in lines if line.startswith("wide"))
    flags_of_cpu = cpu_flags()
    if "-DSLICE_NO_WIDE_REGISTERS" in flags:
        assert wide == "wide registers none"
    elif wide != "wide registers none" and platform.machine() == "x86_64":
        # only where the runtime answers as the CPU is (zig's says 0 to avx2 too)
        answers = [
            f"runtime {feature} {int(feature in flags_of_cpu)}"
            for feature in ("avx512f", "avx2")
        ]
        if all(answer in lines for answer in answers):
            assert wide == wide_tier(flags, flags_of_cpu)
    # the runs with a lookahead hinted, each hint an element of the run
    hints = next(line for line in result.stdout.splitlines() if line.startswith("hints"))
    count, outside = int(hints.split()[1]), int(hints.split()[3])
    assert count > 0 and outside == 0, hints


@FLAGS
def test_stream_copy(flags: tuple[str, ...], tmp_path: Path) -> None:
    """``slice_stream`` and its line copies (16 KiB blocks, and lines in order),
    ``slice_string_move`` and ``slice_memcpy``, their bytes at page offsets on both
    sides of their guards, and the guards' choices at the boundaries (``check_guards``;
    that ``slice_stream_long`` acts on its guard shows only in time); under
    AddressSanitizer the SSE2 ones only (their assembly is not instrumented),
    optimized every one the CPU has (whatever the toolchain's ``__builtin_cpu_supports``
    answers: ``slice_stream`` itself then takes the SSE2 lines)."""
    text = "\n".join(
        [
            "#include <stdint.h>",
            "#include <stdlib.h>",
            "#include <string.h>",
            SSE2_INCLUDE,
            REGISTER_PICKS,
            SMALL_COPY_HELPER,
            MEMCPY_HELPER,
            STREAM_HELPERS,
            STRING_MOVE_SANITIZED,
            STRING_MOVE_HELPER,
            STREAM_DRIVER,
        ]
    )
    flags_of_cpu = cpu_flags()
    wide = sorted({"avx", "avx512f"} & flags_of_cpu)
    result = build_and_run(text, flags, tmp_path, ("".join(f + "," for f in wide),))
    assert "failures 0" in result.stdout
    lines = result.stdout.splitlines()
    ran = {line[4:] for line in lines if line.startswith("ran ")}
    if "sse2" in flags_of_cpu:
        assert "sse2" in ran
    if platform.machine() == "x86_64" and "wide" in lines:
        assert ran >= set(wide)
