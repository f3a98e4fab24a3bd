/* Read bandwidth of the access patterns behind W2's, W6's and W7's floors (issue 13).
 *
 *   cc -O2 bench/read_patterns.c -o /tmp/read_patterns && taskset -c 0 /tmp/read_patterns
 *
 * Part 1, rows with gaps (W2 reads every other 2 KiB row of a 64 MiB buffer, W6 every
 * third 1 KiB row of a 48 MiB one): the minimum over 11 rounds of reading a 64 MiB
 * buffer (2 MiB aligned, MADV_HUGEPAGE) in rows of ROW bytes every ROW + GAP bytes,
 * caches flushed before each read by writing another 64 MiB; "useful" is the bytes of
 * the rows over the time. The "+ prefetch period" lines prefetch every line of the row
 * and the gap 16 KiB ahead, as `prefetch_bytes` makes the C target do (prefetcht2), or
 * with prefetchnta.
 *
 * Part 2, the same rows from a buffer read again and again, not flushed (the L3
 * holds it, as it holds W6's 48 MiB source between calls): 16 MiB of bytes wanted
 * each, the median of 21 rounds after 5. Here the gaps cost: W6's rows are read at
 * 0.7-0.8x the rate of reading in order, whatever prefetch hints (notes/s29/rd3.c).
 *
 * Part 3, one element per line (W7 reads one f64 of each of 1000 rows 8000 bytes
 * apart): the minimum over 2000 rounds of reading 1000 8-byte values LINE_STEP bytes
 * apart, the same 1000 lines every round (they stay in L2, and do not fit L1), as a
 * time per line. Steps of 64 and 8000 bytes take the same time: the loads are bound
 * by the fills from L2 into L1, not by pages or by the stride.
 */
#define _GNU_SOURCE
#include <emmintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define MIB ((size_t)1 << 20)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *buffer(size_t n) {
    char *p = aligned_alloc(2 * MIB, n);
    if (p == NULL) {
        perror("aligned_alloc");
        exit(1);
    }
    madvise(p, n, MADV_HUGEPAGE);
    memset(p, 1, n);
    return p;
}

static volatile int64_t sink;

/* Sums the rows of row bytes every row + gap bytes of s[0, n), prefetching each whole
 * period (row and gap) ahead bytes ahead when ahead > 0 (prefetchnta when nta). */
static void read_rows(const char *s, size_t n, size_t row, size_t gap, size_t ahead,
                      int nta) {
    __m128i a = _mm_setzero_si128(), b = a;
    for (size_t r = 0; r + row <= n; r += row + gap) {
        const char *p = s + r;
        if (ahead > 0 && r + ahead + row + gap <= n)
            for (size_t i = 0; i < row + gap; i += 64) {
                if (nta)
                    __builtin_prefetch(p + ahead + i, 0, 0);
                else
                    __builtin_prefetch(p + ahead + i, 0, 1);
            }
        for (size_t i = 0; i < row; i += 64) {
            a = _mm_add_epi32(a, _mm_load_si128((const __m128i *)(p + i)));
            b = _mm_add_epi32(b, _mm_load_si128((const __m128i *)(p + i + 32)));
        }
    }
    int64_t out[4];
    _mm_storeu_si128((__m128i *)out, _mm_add_epi32(a, b));
    sink = out[0] + out[1];
}

static void rows_part(void) {
    const size_t n = 64 * MIB;
    char *x = buffer(n), *flush = buffer(n);
    const struct {
        const char *name;
        size_t row, gap, ahead;
        int nta;
    } cases[] = {
        {"in order", n, 0, 0, 0},
        {"rows 1 KiB, gaps 1 KiB", 1024, 1024, 0, 0},
        {"rows 2 KiB, gaps 2 KiB (W2)", 2048, 2048, 0, 0},
        {"rows 4 KiB, gaps 4 KiB", 4096, 4096, 0, 0},
        {"rows 8 KiB, gaps 8 KiB", 8192, 8192, 0, 0},
        {"rows 2 KiB, gaps 6 KiB", 2048, 6144, 0, 0},
        {"rows 1 KiB, gaps 2 KiB (W6)", 1024, 2048, 0, 0},
        {"rows 2 KiB, gaps 2 KiB + prefetch period", 2048, 2048, 16384, 0},
        {"rows 1 KiB, gaps 1 KiB + prefetch period", 1024, 1024, 16384, 0},
        {"rows 2 KiB, gaps 2 KiB + prefetchnta period", 2048, 2048, 16384, 1},
    };
    const int count = (int)(sizeof cases / sizeof cases[0]);
    double best[sizeof cases / sizeof cases[0]];
    for (int k = 0; k < count; k++)
        best[k] = 1e30;
    for (int round = 0; round < 11; round++)
        for (int k = 0; k < count; k++) {
            memset(flush, round, n);
            const double t = now();
            read_rows(x, n, cases[k].row, cases[k].gap, cases[k].ahead, cases[k].nta);
            const double dt = now() - t;
            best[k] = dt < best[k] ? dt : best[k];
        }
    printf("rows with gaps, 64 MiB buffer (min of 11)\n");
    for (int k = 0; k < count; k++) {
        const double useful = (double)n * (double)cases[k].row /
                              (double)(cases[k].row + cases[k].gap);
        printf("  %-45s %7.3f ms  %5.1f GB/s useful\n", cases[k].name, best[k] * 1e3,
               useful / best[k] / 1e9);
    }
    free(x);
    free(flush);
}

static int compare_doubles(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void warm_rows_part(void) {
    const size_t n = 48 * MIB;
    char *x = buffer(n);
    const struct {
        const char *name;
        size_t span, row, gap;
    } cases[] = {
        {"in order, 16 MiB", 16 * MIB, 16 * MIB, 0},
        {"rows 1 KiB, gaps 2 KiB (W6), 48 MiB", n, 1024, 2048},
        {"rows 2 KiB, gaps 2 KiB (W2), 32 MiB", 32 * MIB, 2048, 2048},
    };
    enum { ROUNDS = 21 };
    printf("rows with gaps, read again and again (median of %d after 5)\n", ROUNDS);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        double t[ROUNDS];
        for (int round = -5; round < ROUNDS; round++) {
            const double start = now();
            read_rows(x, cases[k].span, cases[k].row, cases[k].gap, 0, 0);
            if (round >= 0)
                t[round] = now() - start;
        }
        qsort(t, ROUNDS, sizeof t[0], compare_doubles);
        const double useful = (double)cases[k].span * (double)cases[k].row /
                              (double)(cases[k].row + cases[k].gap);
        printf("  %-45s %7.3f ms  %5.1f GB/s useful\n", cases[k].name,
               t[ROUNDS / 2] * 1e3, useful / t[ROUNDS / 2] / 1e9);
    }
    free(x);
}

static void lines_part(void) {
    const size_t lines = 1000;
    const size_t steps[] = {64, 8000};
    char *x = buffer(8 * MIB + 64);
    printf("one 8-byte load per line, the same 1000 lines each round (min of 2000)\n");
    for (size_t j = 0; j < sizeof steps / sizeof steps[0]; j++) {
        double best = 1e30;
        for (int round = 0; round < 2000; round++) {
            const double t = now();
            int64_t sum = 0;
            for (size_t i = 0; i < lines; i++)
                sum += *(const volatile int64_t *)(x + 56 + i * steps[j]);
            const double dt = now() - t;
            sink = sum;
            best = dt < best ? dt : best;
        }
        printf("  lines %5zu bytes apart: %6.3f us per 1000 lines, %.2f ns a line\n",
               steps[j], best * 1e6, best * 1e9 / (double)lines);
    }
    free(x);
}

int main(void) {
    rows_part();
    warm_rows_part();
    lines_part();
    return 0;
}
