"""The copy plan of a window: the one place loops are merged and copies tuned.

``copy_plan`` turns a window of a row-major source into the loops that copy it to a
row-major result (merging loops that continue each other); ``run_choices`` decides how
the innermost run of those loops is copied (streaming stores, source prefetch,
in-register reordering). ``convert-slice-to-loops`` calls both once per window and
writes the answers into the IR (``scf.for`` loops around one ``slice.copy_run``); the C
target only prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from slice_dialect.domain import INT64_MAX, INTS, B, IntDomain, V
from slice_dialect.semantics import Window

STREAM_STORE_BYTES = 2 * 1024 * 1024
"""A copy that writes at least this many bytes may store with non-temporal (cache
bypassing) stores: an output this large does not stay in a core's private cache (the
machine's L2 per core), and bypassing the caches saves reading every destination line
before it is written, a third of the memory traffic of a copy.

8 MiB until session 24, half the 32 MiB L3 of the machine it was measured on (helper
"perf", 2026-11-22, 2 cores under load 10-14, min of 15-41 interleaved rounds,
notes/perf-proposals.md P2: at 4 MiB, copies of 4-8 MiB whose source stays in L3
between calls ran 1.2-1.6x slower than numpy's cached ``memcpy``; at 16 or 32 MiB,
bench/run.py's W4 and W6 lost the 15-20% streaming gives them). On the machine that
replaced it (2 MiB L2, a 300 MiB L3 that one core reads and writes at 11 GB/s) a copy
repeated alone, source in L3, ran 1.4x faster streamed than glibc's ``memcpy`` from 2
MiB on (0.12 against 0.17 ms at 2 MiB, 0.27 against 0.36 at 4, 0.57 against 0.79 at 8;
1 MiB, in L2, 0.06 against 0.05; notes/s24/nt6alone.c), and sweep seeds 0-7 (lead,
2026-11-28, two runs of 5 rounds per seed, 8 against 2 MiB with the line-aligned
``slice_stream``, notes/s24/ab2m): the copies of 2-8 MiB that were ``memcpy`` against
numpy's ``memcpy`` at 0.95-1.01x now 0.73-0.91x (seed 0 cases 18, 79, 88, 99; seed 1
case 88 0.99 -> 0.69), each seed's maximum as low or lower but seeds 2, 3, 7 (at noise,
0.00-0.02), seed 4's 1.21 -> 1.00 (case 59). Re-measured at 16 MiB (lead, 2026-11-28,
session 27, sweep seeds 0-7, two runs of 5 rounds per seed and bound, in-process,
`notes/s27/abss.txt`): of the 79 cases it changes, 43 slower by more than 5% at 16 MiB
and 13 faster, geometric mean 1.07x; the faster ones are contiguous copies of 3-13 MiB
(one ``memcpy`` against numpy's, 0.97-1.02x numpy cached, 0.91-1.62x streamed in a
noisy run: an output that fits the 300 MiB L3 is written to memory by streamed stores
every round, by cached ones never). Kept at 2 MiB. Those figures are interleaved
(``bench/sweep.py --warm 0``), where a streamed kernel also slows the numpy call after
it; with each function repeated alone (``--warm 5``, session 28, seeds 0-7, two runs,
`notes/s28/abss8w5.txt`), 2 against 8 MiB: of the 53 cases the bound changes, 50 slower
by more than 5% at 8 MiB (the kernel's own time 1.20x, geometric mean; kernel/numpy
0.80 -> 0.95), numpy and memcpy unchanged (1.01x and 1.00x, quartiles 0.96-1.05):
streaming pays for the kernel
itself from 2 MiB even where the output stays in the L3. Machine-dependent: a target
whose L3 is fast for one core may want it higher again."""

STREAM_WORKING_SET = 0
"""The default of ``convert-slice-to-loops{stream-working-set=N}``: a copy streams its
stores (besides ``STREAM_STORE_BYTES``) only if its source footprint
(``source_footprint_bytes``) and its output hold at least this many bytes together. 0,
what the pass does unless told (and what every lit test shows): on the machine of
sessions 24-29 streaming paid from a 2 MiB output even where source and output stayed
in its (300 MiB, 11 GB/s for one core) L3. It is a property of the machine, not of
the copy: on session 30's (2 MiB L2, a 32 MiB L3 one core copies through at 32 GB/s)
a copy whose source and output stay in the L3 between calls ran 2.3-2.7x slower
streamed (W4, 8 MiB from 16 MiB: 0.59 against 0.21-0.23 ms, numpy 0.25), one whose
working set does not 1.3-2.8x faster (W1, W3, W2). ``compile()`` passes the value
``slice_dialect.runtime.calibrate`` measured on the host, or on a host nobody
calibrated the size of its last-level cache (``default_stream_working_set``)."""


def is_working_set(value: object) -> bool:
    """Whether ``value`` can be a ``stream-working-set`` bound: an int (not a bool)
    from 0 to 2**63 - 1, the ``i64`` a ``slice.dynamic_copy_run`` carries it in. The one
    rule of ``compile``'s argument, the pass option, ``$SLICE_STREAM_WORKING_SET`` and
    a stored calibration."""
    return (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= INT64_MAX
    )


FETCHED_GAP_BYTES = 4096
"""A gap of this many bytes or more between a copy's rows (or between iterations of
any loop) is not brought into the caches with them (``source_footprint_bytes``): the
hardware prefetchers stop at 4 KiB pages. A shorter one is: W6 (rows of 1 KiB, 3 KiB
apart) reads 16 MiB of lines from a 48 MiB span and stores like a copy of the span
(session 30). Since session 34; before, the working set counted every gap, and copies
whose rows are far apart streamed where their lines stay in the L3 between calls.
Measured (lead, 2026-11-28, session 34, Zen 3 of a 32 MiB L3, calibrated bound 16 MiB,
the 26 cases of sweep seeds 0-15 it changes, in-process A/B, 15 rounds, kernel/numpy,
span / footprint, `/work/notes34/abfp1.txt`, `abfp3.txt`, `abfp3b.txt`; 15 faster by
more than 5%, 9 alike, 2 slower): seed 1 case 84 (4 rows of
1.1 MB, 2.2 MB apart) 1.28 / 0.91-0.94, seed 7 case 68 1.31-1.64 / 0.91-1.03, seed 14
case 18 1.25-1.75 / 0.92-0.98, seed 13 case 44 1.11-1.48 / 0.93-0.99, seed 11 case 54
1.22-1.29 / 0.89-0.98, seed 4 case 59 0.91-1.14 / 0.66-0.71, seed 15 case 39
1.12-1.13 / 0.88-0.97, seed 0 case 88 0.84-0.99 / 0.82-0.94; slower: seed 1 case 88
(rows of 7012 bytes 14024 apart, a 13.6 MiB footprint and output) 0.69-0.78 /
0.94-0.99, seed 11 case 63 (14.7 MiB) 0.85-0.91 / 0.90-1.07: near the bound, where the
calibration's steps (8 and 16 MiB) do not say which is faster."""

STREAM_LINES_IN_ORDER = False
"""The default of ``convert-slice-to-loops{stream-lines-in-order=B}``: whether a
streamed contiguous run of ``STREAM_LINE_BLOCK_BYTES`` or more stores its lines one
after the other (``in_order`` on its ``slice.copy_run``) rather than in blocks of 16
KiB, a line of each of a block's four 4 KiB quarters in turn, as glibc's memcpy streams
above its non-temporal threshold. A property of the machine, like
``STREAM_WORKING_SET``: on sessions 24-29's (300 MiB L3) the blocks took 0.75-0.85 of
the time of lines in order at 64-125 MiB; on session 30's (32 MiB L3) lines in order
took 0.55-0.70 of the blocks' time at 4-64 MiB (notes/s30/blk.c) and streamed copies
of 64 and 128 MiB went from 0.91x to 0.74x and 0.56x of a plain one (calibrate, session
31). False (the blocks) unless told; ``compile()`` passes what
``slice_dialect.runtime.calibrate`` measured on the host. Where a run's source lies
less than 1 KiB below its output or less than a line above it, modulo 4 KiB, which is
where two big numpy arrays lie (glibc's ``mmap`` chunks share their offset in the page), the C target streams
the blocks' lines in order whatever the IR says (``slice_stream_long``): the blocks
4K-alias there, and took 3-7x the time of lines in order on session 57's Zen 3 (and
the same time away from it); the earlier sessions' comparisons were of such arrays."""

STREAM_LINE_BLOCK_BYTES = 16384
"""The block of the C target's blocked line order (``slice_stream_long``): a streamed
contiguous run shorter than this streams its lines in order either way."""


STRING_MOVE_BYTES = 0
"""The default of ``convert-slice-to-loops{string-move-bytes=N}``: a contiguous run of
at least N bytes whose stores are cached (not ``nontemporal``) is copied by the CPU's
string move (``string_move`` on its ``slice.copy_run``: ``rep movsb`` on x86-64)
rather than ``memcpy``; 0, never. A property of the machine, like
``STREAM_WORKING_SET``: on session 46's Zen 5 (32 MiB L3, glibc 2.36, whose
``memcpy`` leaves ``rep movsb`` above the L2's size on AMD), ``rep movsb`` took
0.80-0.85x ``memcpy``'s time on cached contiguous copies of 1-4 MiB, 0.90x at 8 MiB
and 0.65-0.80x at 12-64 MiB, as fast as non-temporal stores there
(``/work/notes46/w4c.c``, ``rows.c``); on sessions 34-44's Zen 3 within noise of it
(``bench/HISTORY.md``). 0 (``memcpy``) unless told; ``compile()`` passes what
``slice_dialect.runtime.calibrate`` measured on the host."""


@dataclass(frozen=True)
class StreamTarget:
    """The properties of the target machine the copy choices depend on,
    ``convert-slice-to-loops``' options: ``working_set`` (``STREAM_WORKING_SET``),
    ``lines_in_order`` (``STREAM_LINES_IN_ORDER``) and ``string_move_bytes``
    (``STRING_MOVE_BYTES``)."""

    working_set: int = STREAM_WORKING_SET
    lines_in_order: bool = STREAM_LINES_IN_ORDER
    string_move_bytes: int = STRING_MOVE_BYTES


DEFAULT_STREAM = StreamTarget()
"""The pass's default target: ``STREAM_WORKING_SET`` and ``STREAM_LINES_IN_ORDER``."""


MIN_STREAM_RUN_BYTES = 1024
"""A run shorter than this many bytes is never streamed, whatever the copy's size: a
short run's non-temporal stores complete each 64-byte destination line across two or
three runs mixed with plain stores of the unaligned ends, so the write-combining
buffers are flushed partially (a read-modify-write at the memory controller). Measured
on bench/sweep.py (seed 0; helper "perf", 2026-11-22, loaded 2-core machine, min of
rounds): runs of 40 and 72 bytes streamed were 61x and 10x numpy, cached 0.42x and
0.46x; bench/run.py's W1-W7 (runs of 1 KiB or more) are unchanged.

Tried and not taken (lead, 2026-11-28, session 28, `notes/s28/staged_stores.patch`):
short runs of a copy writing at least ``STREAM_STORE_BYTES`` in order, copied into a
1 KiB buffer in L1 that is streamed out as whole lines when full (a
``slice.staged_stores`` op around the loops, the runs ``staged``). In C alone on sweep
seed 5 case 34's kernel (runs of 88 bytes, 8.6 MiB) 1.19-1.21 ms against 1.41 plain
(`notes/s28/stg2.c`); in the sweep (seeds 0-7, the 44 cases it changes, in-process
A/B, `notes/s28/abst`) the kernel's own time was slower in 40 of them (median 1.31x,
up to 4.9x for runs of 2-8 bytes); kernel/numpy fell for some (seed 3 case 84 0.93 ->
0.66) only because numpy, after the streamed kernel, found the output out of the
cache. Measured again with each function's time repeated alone (``--warm 5``, the 13
cases of runs of 20-664 bytes, `notes/s28/abstw5.txt`): the kernel 1.10x slower
(geometric mean; 0.88-2.05x)."""

STREAM_GATHER_ELEMENT_BYTES = (1, 2, 4, 8, 16)
"""The element widths of a strided run not reordered in registers that streams: gathered
straight into non-temporal stores (``slice_stream_gather_*``, ``nontemporal scalar``;
through the C target's staging buffer until session 25), 1- and 2-byte elements since
session 26 (before, cached), 16-byte ones since session 37 (before, cached), those only
as runs of ``MIN_STREAM_RUN_BYTES`` or more (the gather streams whole lines: a shorter
run of a few 16-byte elements would be mostly plain stores). Dynamic runs stream the
gather for ``DYNAMIC_STREAM_GATHER_BYTES`` only.

16-byte elements, session 37 (2026-11-29, the Zen 3 VM of a 32 MiB L3 and a calibrated
16 MiB bound; one ``_mm_stream_si128`` of each element loaded unaligned, whole lines
only): the 8 cases of sweep seeds 0-15 it changes, in-process A/B, medians of 9 rounds,
kernel/numpy, cached -> streamed (`/work/notes37/ab16_a.txt`, interleaved, and
`ab16_w5.txt`, each function repeated alone, ``--warm 5``): seed 7 case 34
(``complex<f64>`` runs of 364 at step -3, the static sweep's worst since session 34)
1.08 -> 0.83 and 1.06 -> 0.82, seed 1 case 53 (step -5) 0.90 -> 0.70 and 0.86 -> 0.70,
seed 2 case 4 0.93 -> 0.91 and 1.17 -> 0.89, seed 7 case 9 (step -5, a 128 MiB source)
0.99 -> 0.98 and 0.92 -> 0.84, seed 8 case 9 0.98 -> 0.95 and 1.03 -> 0.88, seed 11
case 44 1.04 -> 0.97 and 1.04 -> 0.94; the two single runs of 12.5 and 25 MiB alike
(seed 4 case 49 1.01 -> 1.02 and 0.98 -> 1.00, seed 2 case 14 1.01 -> 1.05 and 1.05 ->
1.04). The kernel's own time (the same numpy in each run) 0.93x interleaved and 0.87x
alone, geometric means. On the earlier machines it had not paid (below).

Before (lead, 2026-11-23, the 4 cases of sweep seeds 0-15 it changes, in-process A/B
three times, medians of 15-25 rounds, kernel/numpy, streamed -> cached): seed 4 case 49
(one run at step 5, a 12.5 MiB result) 1.15-2.10 -> 0.96-0.98, seed 7 case 34 (runs of
364 at step -3) 1.23-1.30 -> 1.02-1.06; slower, the two single long runs at step -3:
seed 11 case 44 0.77-0.91 -> 0.88-0.98 and seed 2 case 14 0.85-0.97 -> 0.87-1.01
(1.12-1.27 in sweeps after the change). No rule of stride, length or direction
separates them on these four; this one takes the worst of them from about 2x to about
1.0-1.3x numpy (`notes/perf14/ab_staged16.txt`). Tried again without the staging buffer
(lead, 2026-11-28, session 28, `notes/s28/stream_gather_b128.patch`: one
``_mm_stream_si128`` an element, whole lines only): in C 0.66-0.90x the time of the
cached loop (`notes/s28/g16.c`, steps 3 and 5 either way, 2.3 and 12.5 MiB results);
in the sweep, the 8 cases of seeds 0-15 it changes, kernel/numpy 0.96-1.01 -> 0.88-0.95
but the kernel's own time 1.11x slower interleaved (`ab16.txt`; numpy 1.2x, memcpy 1.4x
slower after its streamed stores), and 0.98x (0.85-1.04) with each function repeated
alone (``--warm 5``, `ab16w5.txt`): not taken then.

Widths streamed, each measured against the same run cached:

- 4 and 8 bytes (session 25, lead, 2026-11-28): in C (`notes/s25/ntg3.c`, `ntg4.c`,
  core 0, medians of 11 rounds), 8-byte elements at step 4, a 19 MiB result, staged
  12.9-13.4 ms, in registers 9.1-9.6 (cached 11.1-11.6); 4-byte elements at steps 3,
  -3, 4, 5, 8 (8-16 MiB results) staged 8.1-12.1 ms, in registers 7.0-9.7. The 4 cases
  of sweep seeds 0-7 it changed (in-process A/B, two runs of 5 rounds per seed,
  `notes/s25/absg.txt`), all faster: seed 3 case 59 (``complex<f32>`` at step 4, the
  sweep's one systematic case above 1.0x since session 23) 1.02 -> 0.84x numpy, seed 5
  case 4 (``f64`` at step 3) 0.94 -> 0.80, seed 0 case 39 (``i32`` at step 3) 0.92 ->
  0.87, seed 3 case 14 0.80 -> 0.78.
- 1 and 2 bytes (session 26, lead, 2026-11-28; through the staging buffer they had run
  1.34-2.7x numpy, cached 0.93-1.0x, so they stayed cached until then): in C
  (`notes/s26/sg.c`, core 0, medians of 15 rounds, cached -> streamed), 2-byte elements
  at steps 6, 8, -3, 5 3-6% faster (sweep seed 0 case 9's shape 14.5-15.8 ->
  14.1-15.0 ms), at 3 alike; bytes at steps 8 and 16 2-9% faster, at -5 alike, at 3
  and -3 2-5% slower. The 9 cases of sweep seeds 0-7 it changes (in-process A/B, two
  runs of 5 rounds per seed, `notes/s26/absb.txt`): 8 faster, seed 0 case 9 (``f16`` at
  step 6 from a 124 MiB source, the sweep seed 0's largest since session 24) 1.02-1.03
  -> 0.95-0.98x numpy, seed 4 case 99 (``i16`` at 8) 1.00-1.05 -> 0.92-0.97, seed 3
  case 24 (``i8`` at 5) 1.00 -> 0.90, seed 5 case 29 (``i16`` at 4) 0.99-1.01 ->
  0.87-0.88, seed 6 case 29 (``i16`` at -4) 0.94-0.95 -> 0.77-0.79, seed 1 case 19
  (``i8`` at 3) 0.98-1.02 -> 0.90-0.99, seed 2 case 64 (``i8`` at 3) 0.91-0.93 ->
  0.85-0.89, seed 7 case 59 0.83-0.88 -> 0.74-0.75; seed 1 case 24 (``i8`` at 4, a
  noisy 1.5-3.9 ms) 0.67-0.68 -> 0.69-0.90, then in three more alternating runs 0.93-1.00
  cached, 0.59-0.97 streamed (`notes/s26/absb_s1.txt`). Dynamic runs keep the cached
  gather for these widths (``DYNAMIC_STREAM_GATHER_BYTES``)."""

DYNAMIC_STREAM_GATHER_BYTES = (4, 8, 16)
"""The element widths of a dynamic run (``slice.dynamic_copy_run``) that takes the
streamed gather where its copy streams, else the cached one (16-byte elements: the
element loop until session 38); 1- and 2-byte ones take the cached gather either way.
The helper's step is then a run-time value (a static run's call, a constant step, is
inlined and folded): the 9 sweep cases of seeds 0-7 that 1- and 2-byte streamed
gathers made faster as static runs (``STREAM_GATHER_ELEMENT_BYTES``), with run-time
parameters (lead, 2026-11-28, session 26, in-process A/B, two runs of medians of 9
rounds, kernel/numpy, cached -> streamed, `notes/s26/dynab2.txt`), were alike or slower
streamed: seed 6 case 29 (``i16`` at -4) 1.14 -> 1.33 and 0.94 -> 1.00, seed 0 case 9
0.98 -> 1.00-1.01, seed 3 case 24 0.97 -> 0.98-1.02, six within 0.03 either way. 4- and
8-byte ones streamed: seed 0 case 39 0.96 -> 0.92, three alike within 0.02
(`notes/s25/dynab.txt`). 16-byte ones (session 37, the 8 cases of seeds 0-15 whose
static runs ``STREAM_GATHER_ELEMENT_BYTES`` streams, with run-time parameters,
in-process A/B, medians of 9 rounds, kernel/numpy, cached -> streamed, interleaved and
``--warm 5``, `/work/notes37/abdyn16_a.txt`, `abdyn16_w5.txt`): seed 7 case 34 1.14 ->
0.85 and 1.12 -> 0.90, seed 7 case 9 1.14 -> 0.93 and 0.97 -> 0.97, seed 1 case 53
1.01 -> 0.87 and 0.99 -> 0.92, seed 8 case 9 1.08 -> 0.95 and 1.03 -> 0.96, seed 11
case 44 1.06 -> 0.96 and 1.08 -> 0.98, seed 2 case 14 1.10 -> 1.04 and 1.14 -> 0.98,
seed 2 case 4 alike; seed 4 case 49 (one run of 4 M elements at step 5) 0.92 -> 0.99
and 1.04 -> 1.00."""

STREAM_ALIGN_BYTES = 16
"""The width of a non-temporal store (``_mm_stream_si128``): a run shorter than
``MIN_STREAM_RUN_BYTES`` is streamed all the same where it is whole blocks of this
many bytes, each run starting that many bytes further in the result
(``aligned_runs``; no plain store then shares a line with a streamed one), prefetched
or not. Measured (lead,
2026-11-23, bench/sweep.py seeds 0-9, the cases it changes, in-process A/B, medians of
11-15 rounds, kernel/numpy): without the prefetch condition 9 of 13 faster, 2 alike,
and the two whose runs are prefetched slower (seed 4 case 39, runs of 640 bytes, 0.56
-> 0.79, case 89, 768 bytes, 0.69 -> 0.81); with it 10 of 11 faster, among them seed 2
case 79 (runs of 32 bytes, a 21 MiB result) 0.99-1.03 -> 0.74-0.77, seed 1 case 4
1.01-1.03 -> 0.85, seed 8 case 34 1.04 -> 0.84, seed 3 case 69 0.88-0.97 -> 0.74-0.75,
and seed 7 case 99 (runs of 128 bytes) 0.90 -> 0.82 once and 0.86 -> 0.96 once
(`notes/perf14/ab_stream16.txt`). The prefetch condition went in session 24 (lead,
2026-11-28, on the machine of a 300 MiB L3 and 2 MiB L2 that replaced the 32 MiB one,
in-process A/B, two runs of 9 rounds, kernel/numpy): the two cases it changes, seed 4
case 39 (runs of 640 bytes, a 26 MiB result) 1.02-1.06 -> 0.63-0.68 and case 89 (768
bytes, 17 MiB) 1.12 -> 0.58-0.67, both streamed and prefetched; streamed without the
prefetch 0.71-0.88 and 0.59-0.69 (`notes/s24/abal.txt`)."""

PREFETCH_MAX_RUN_BYTES = 2048
"""Only a run whose source span is at most this many bytes (half a 4 KiB page) is
prefetched: the hardware prefetchers follow a longer run themselves, and prefetching
all of a long next run at once (1840-3600 ``prefetcht0`` for rows of 118-232 KiB)
evicts the lines being copied from L1. Measured on bench/sweep.py cases 49 and 89
(helper "perf", 2026-11-22, loaded 2-core machine, min of 31 rounds): 1.44x and
1.35-4.7x numpy with the prefetch, 0.98x and 0.89x without; W1, W2, W6 (spans of 1-2
KiB) keep theirs. The bound was 4 KiB until session 22; the 11 cases of sweep seeds
0-15 with a prefetched span of 2-4 KiB (lead, 2026-11-28, two interleaved A/B runs of
15 rounds each, kernel/numpy, 4 KiB -> 2 KiB): 8 faster, among them seed 0 case 99
(i8 rows of 3377 bytes at step -5) 1.05 -> 0.97, seed 10 case 74 1.10-1.12 ->
1.00-1.03, seed 1 case 44 1.02-1.06 -> 0.95-0.96, seed 8 case 19 1.05 -> 0.96-0.98,
seed 15 case 64 1.05-1.07 -> 0.99-1.01; 3 alike (seed 4 cases 83 and 84, seed 15 case
9) (``notes/s22/ab_prefetch.txt``)."""

PREFETCH_FAR_RUN_BYTES = 8192
"""A run whose source span is over ``PREFETCH_MAX_RUN_BYTES`` and at most this many bytes
is prefetched too where the copy's spread (its source span, ``source_span_bytes``, and
its output) is at least the target's streaming bound (``StreamTarget``'s
``working_set``, the host's calibrated bound) and the gap to the next row is at least a
quarter of the span (:func:`prefetches_rows_on`): its rows lie on pages far apart, and
the hardware prefetchers, which stop at 4 KiB pages, miss each row's first lines. (The
spread, not the footprint the streaming test uses, ``source_footprint_bytes``: rows a
page or more apart whose lines stay in the L3 between calls gained from the prefetch
too, sweep seed 1 case 88 0.84-0.99 -> 0.69-0.94, seed 5 case 29 0.94 -> 0.71-0.87,
seed 10 case 74 1.04 -> 0.79-0.84, `/work/notes34/abfp*.txt`.) Measured (lead, 2026-11-28,
session 34, Zen 3 of a 32 MiB L3, calibrated bound 16 MiB, in-process A/B of the 11
cases of sweep seeds 0-15 with a prefetchable span of 2-8 KiB, two runs of 15 rounds,
kernel/numpy, bound 2 / 4 / 8 KiB, `/work/notes34/abin1.txt`): seed 0 case 99 (``i8``
rows of 3377 bytes at step -5) 1.07-1.18 / 0.74-0.82 / 0.74-0.83, seed 5 case 29
(spans of 5530 bytes) 0.99-1.00 / 0.99-1.03 / 0.85-0.87, seed 10 case 74 1.01 /
0.73-0.96 / 0.75-0.94, seed 1 case 88 (7012 bytes) 0.77-0.91 at 2 KiB, 0.72-0.73 at 8, seed 4 case 84
0.79-0.90 / 0.67-0.80 / 0.66-0.78, seed 5 case 99 0.76-0.81 / 0.67-0.68 / 0.68-0.71,
seed 15 case 64 0.87-0.95 / 0.77-0.86 / 0.77-0.86; slower: seed 5 case 14 (spans of
4728 bytes 5364 apart, a gap of an eighth) 0.70-0.75 -> 0.81 at 8 KiB (31 rounds,
`abin_loss.txt`: the gap rule excludes it), seed 11 case 3 (a 2.4 MiB output that
stays in the L3) 0.95-0.96 -> 0.99-1.00 (the spread rule excludes it). Spans of
8-32 KiB (16 cases of seeds 0-15, `abin_far.txt`, 2 / 16 / 32 KiB): alike or slower
(seed 12 case 93 0.94 / 1.13 / 1.15, seed 1 case 53 0.91 / 1.02 / 1.08). On the 300
MiB-L3 machine of session 22 spans of 2-4 KiB ran faster without the prefetch
(``PREFETCH_MAX_RUN_BYTES``): its sources stayed in the L3, and its calibrated bound
would be above their spread."""

MIN_REGISTER_RUN_BYTES = 64
"""A run of a cached (not streamed) copy is reordered in registers only from this many
bytes on: below it the helper's call and scalar tail cost more than the element loop
(bench/sweep.py cases 35 and 77 went 0.22x -> 0.31x numpy without a minimum; case 17, a
byte run of source stride -2, went 1.58x -> 0.23x with it; helper "perf", 2026-11-22,
loaded 2-core machine, min of 31 rounds). Streamed runs are always at least
``MIN_STREAM_RUN_BYTES`` long."""

MIN_SCALAR_GATHER = 16
"""A cached run of 1-, 2-, 4-, 8- or 16-byte elements (``GATHER_ELEMENT_BYTES``) at a
source stride of 3 or more (either sign; 2 where the run is too short to be reordered
in registers) and at least this many elements is copied by the scalar gather of its
width (``slice_gather_bytes``, ``_halves``, ``_words``, ``_dwords``, ``_b128``), scalar
loads packed into 8- or 16-byte stores in a loop the C compiler does not vectorize: gcc 12 (-O3, SSE2) assembles
byte vectors from single loads, and a store per byte is bound by one store a cycle
(bench/sweep.py, lead, 2026-11-22, medians of 21 rounds: case 42, runs of 34 at step 5,
1.05x -> 0.47x numpy; case 47, runs of 125 at step -3, 0.97x -> 0.69x). Shorter runs
pay more for the helper's call than they save (case 71, runs of 2: 0.12x -> 0.40x
without a minimum; helper "perf", 2026-11-22)."""

DYNAMIC_GATHER_MIN = 10
"""A dynamic run (``slice.dynamic_copy_run``: its count and stride known at run time) of
4-, 8- or 16-byte elements (``DYNAMIC_GATHER_MIN_BYTES``) at a stride of 2 or more
either way, not reordered, takes the scalar gather of its width from this many elements
on (``dynamic_gather_min``), where a static run needs ``MIN_SCALAR_GATHER``: a static
run's element loop has a constant count, which gcc can unroll and pack into 16-byte
stores (seed 1 case 67's static kernel: 14 loads in 7 stores a row, no loop), while a
dynamic run's is a loop of a run-time count and stride, a load and a store an element.
Measured (session 40, C variants of sweep cases with run-time parameters in one process,
medians of 11-15 rounds, kernel/numpy, plain loop / gather, two or three runs,
`/work/notes40/vshort_a.txt`, `vshort_b.txt`): seed 3 case 68 (``i32`` runs of 12 at
step 5) 1.07-1.10 -> 0.86-0.87, seed 1 case 67 (``i64``, 14 at 4) 1.08-1.15 ->
0.96-1.04, seed 6 case 92 (``complex<f64>``, 15 at 12) 1.06-1.08 -> 0.82-0.92, seed 2
case 13 (``complex<f64>``, 13 at 4) 0.99-1.13 -> 0.91-1.00, seed 0 case 69 (``i32``, 10
at 2) 1.02-1.20 -> 1.01-1.14, seed 8 case 98 (``i32``, 11 at -3) 0.91-1.02 -> 0.93-0.99,
seed 1 case 94 (``f32``, 12 at -2) 0.94-0.99 -> 0.93-1.04 (runs of 10-12 alike or a
little faster, those of 12-15 at steps of 4 or more clearly faster); from 4 or 8
elements the call cost more than it saved (seed 4 case 64, ``f64`` runs of 6 at -2, 0.87
-> 1.40; seed 13 case 73, ``i64`` runs of 4, 0.57 -> 1.01; seed 14 case 24, ``i32`` runs
of 8 at -2, 1.04 -> 1.24). Runs of 1- and 2-byte elements keep ``MIN_SCALAR_GATHER``:
below it they take the element loop the compiler does not vectorize (the C target's
``SCALAR_LOOP_MIN``), which the gather did not beat (`vshort_c.txt`, two runs: seed 8
case 93, ``i16`` runs of 12 at -3, 0.69-0.73 -> 1.11-1.22; seed 1 case 9, ``f16`` runs
of 10 at -2, 0.74-0.81 -> 1.11-1.14; seed 13 case 79, ``i16`` runs of 14 at 2, 0.83-1.06
-> 1.03-1.16)."""

DYNAMIC_GATHER_MIN_BYTES = (4, 8, 16)
"""The element widths whose dynamic runs gather from ``DYNAMIC_GATHER_MIN`` elements."""


def dynamic_gather_min(element_bytes: int) -> int:
    """The fewest elements of a dynamic run of ``element_bytes`` that the scalar gather
    copies (``DYNAMIC_GATHER_MIN``, else ``MIN_SCALAR_GATHER``)."""
    if element_bytes in DYNAMIC_GATHER_MIN_BYTES:
        return DYNAMIC_GATHER_MIN
    return MIN_SCALAR_GATHER


GATHER_ELEMENT_BYTES = (1, 2, 4, 8, 16)
"""The element widths a ``scalar`` run may have (``MIN_SCALAR_GATHER``).

2-byte elements since 2026-11-23, four packed into each 8-byte store
(``slice_gather_halves``), where gcc assembles vectors of 2-byte elements from single
loads. Measured (lead, 2026-11-23): C variants of sweep cases in one process, medians
of 41 rounds, kernel/numpy, gcc's vectorized loop / the scalar loop / packed: ``f16``
at step 8 (seed 10 case 49) 1.81 / 1.17 / 0.79, at step -4 (seed 13 case 67) 1.07 /
1.08 / 0.77 and (seed 6 case 29, 6.3 MiB) 1.20 / 1.18 / 0.89; then the 35 cases of
sweep seeds 0-15 the rule changes, in-process A/B, medians of 15-25 rounds: 26 faster
(seed 10 case 49 1.77-1.79 -> 0.78-0.80, seed 4 case 99 1.18-1.19 -> 0.97-0.98, seed 9
case 31 0.78 -> 0.37), 7 alike, 2 slower (seed 0 case 94, runs of 78 at step 3 of a 71
MiB source, 0.37-0.44 -> 0.46-0.48; seed 5 case 73, runs of 102 at step -8, 0.90-0.95
-> 0.99-1.03) (`notes/perf14/ab_halves.txt`).

4- and 8-byte elements since session 25: two packed 8-byte stores an iteration
(``slice_gather_words``; only at the steps of :func:`gathers_words`) and pairs in one
16-byte store (``slice_gather_dwords``). gcc's loops for them, vectors assembled from
single loads or a store per element, ran L2-resident gathers at 0.64-1.16x numpy (f32
at step 8 1.16, f64 at step 4 1.11), the helpers at 0.61-0.75x (lead, 2026-11-28, 1-D
gathers of a 256 KB span at steps 3 to 16 either way, in-process A/B, medians of 15
samples, `notes/s25/strided_wide*.txt`). The 26 cases of sweep seeds 0-7 the two
change (in-process A/B, two runs of 5 rounds per seed, `notes/s25/abwg2.txt`): 25
faster or alike (seed 5 case 76, f32 runs of 98 at -4, 0.90 -> 0.30; case 82 1.05 ->
0.67; seed 7 case 62 0.95 -> 0.72; seed 3 case 41, f64 runs of 20 at step 4, 0.62 ->
0.39), one a 0.3 us copy 0.13 -> 0.14; over the eight seeds the largest kernel/numpy
1.24 -> 1.14 and 13 -> 9 cases above 1.0x.

16-byte elements since session 38 (``slice_gather_b128``): an element is an SSE
register already, so the helper packs nothing; it copies four elements an iteration,
a load and a store each, where gcc's element loop (no unrolling at -O3) copies one. In
C (2026-11-29, the Zen 3 VM, sweep seed 0 case 43's loops, ``complex<f64>`` runs of
177 at step -2, an L3-resident source, best of 200 calls) the element loop took
35.8-53.7 us depending on where the output lay against the source, four an
iteration 33.8-39.6 us. With the whole rule (cached 16-byte runs of 16 or more at
a stride of 2 or more either way, ``whole_registers`` ones included), the 67 cases of
sweep seeds 0-15 with 16-byte elements whose C changed (in-process A/B against the C
of the commit before, medians of 7 rounds, ``--warm 5``, kernel/numpy,
`/work/notes38/ab128_a.txt`): geometric mean of new/old 0.94, 28 faster by more than
5%, 4 slower by more than 5%, each alike or faster measured again (`ab128_b.txt`);
seed 0 case 43 1.11 -> 0.85 and 1.20 -> 0.88, seed 3 case 34 1.18 -> 0.88, seed 8
case 44 1.29 -> 0.88, seed 9 case 62 1.01 -> 0.65. With run-time parameters
(`ab128_rt.txt`, the same 67 cases): geometric mean 0.95, 28 faster, 6 slower, each
but one alike measured again (`ab128_rt_b.txt`; seed 10 case 12, a 1.6 us copy,
0.66 -> 0.73); seed 3 case 34 1.15 -> 0.92 and 1.21 -> 0.96, seed 5 case 3 1.01 ->
0.76, seed 12 case 93 1.11 -> 0.92."""

PREFETCH_AHEAD_BYTES = 32 * 1024
"""How far ahead a copy with gaps between its source rows prefetches them: the
hardware prefetchers stop at 4 KiB pages, so rows that skip part of each page are
otherwise fetched with a miss at the start of each. (Measured with prefetcht0 on
bench/ W1, W2 and W6: 32 KiB was 5-15% faster than 16 KiB and as fast as 64 KiB; with
prefetcht2, W2 at 16, 32, 64 and 128 KiB: 2.34, 1.89, 2.23, 2.08x memcpy.)"""

LOOKAHEAD_BYTES = 4096
"""How far ahead (in source bytes) a long ``scalar`` run hints its own source while it
copies (``slice.copy_run``'s ``lookahead``, in elements): each block of a cache line of
results hints every source line of the block that many bytes further on. A gather that
reads most of each line it touches does several loads a line, and the hardware
prefetchers, which stop at 4 KiB pages, keep too few lines in flight for it: from
memory it ran well below the pace of a plain read of the same lines. Measured (lead,
2026-11-28, session 27, C variants of the helpers in one process, core 0, 100 MiB
spans, medians of 7 rounds, the caches flushed between rounds, `notes/s27/pf.c`,
`pf_100_flush.txt`, `pfl*.txt`; distance 0 / 4096 bytes): 1-byte elements at steps 3 to
16 either way 0.59-0.85x the time, 2-byte at 2 to 16 0.59-0.87x, 4-byte at 2 to 8
0.68-0.94x, 8-byte at 2 and 4 0.77-0.98x; at 2048 and 8192 bytes about the same as 4096.
Sources that stay in the 300 MiB L3 between rounds (100 MiB, not flushed,
`pf_100_warm.txt`) gain alike; an 8 MiB one (`pf_8_warm.txt`) 0.81-1.11x, most within
noise. Only where the copy reads at least ``PREFETCH_MIN_READ_BYTES``."""

LOOKAHEAD_MIN_SPAN_BYTES = 128 * 1024
"""A ``scalar`` run hints ahead (``LOOKAHEAD_BYTES``) only where its source span is at
least this many bytes (32 distances): a shorter run hints little of itself, and its
first distance is never hinted. Measured (lead, 2026-11-28, session 27, the 16 cases of
sweep seeds 0-7 with a lookahead under a rule without this bound, in-process A/B, two
runs of 7 rounds each, kernel/numpy, without -> with, `notes/s27/abla.txt`): the long
runs faster, seed 0 case 9 (``f16`` at step 6, one run of 17 MiB from a 124 MiB
source, the sweep seed 0's maximum since session 24) 0.87-0.98 -> 0.65-0.68, seed 0
case 39 0.93 -> 0.61-0.67, seed 1 case 19 (``i8`` runs of 308683 at step 3)
0.90-0.92 -> 0.53-0.63, seed 2 case 64 0.85-0.91 -> 0.61-0.62, seed 3 case 24
0.90-0.93 -> 0.59-0.60, seed 3 case 59 (``complex<f32>`` runs of 15425 at step 4, a
482 KiB span) 0.83-0.85 -> 0.68-0.69; the runs of 5-79 KiB spans alike or slower,
seed 5 case 29 (runs of 692 at step 4, 512 ahead) 0.85-0.86 -> 0.94-0.96, seed 4
case 99 (32 KiB) 0.87-0.91 -> 0.90-1.02, seed 6 case 83 (27 KiB) 0.94-1.02 ->
0.97-1.06, seed 3 case 8 and seed 6 case 78 (17 and 79 KiB) alike."""

DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES = 8 * 1024 * 1024
"""A dynamic run (``slice.dynamic_copy_run``) hints ahead by the ``lookahead`` rule at
run time only where its source has at least this many bytes, standing for the
``PREFETCH_MIN_READ_BYTES`` the copy must read (what it reads is not known to it). At
2 MiB (lead, 2026-11-28, session 27, sweep seeds 0-3 with run-time parameters,
in-process A/B, `notes/s27/abrt.txt`, `abrt2.txt`): the long gathers as fast as their
static kernels' (seed 0 case 9 1.04x -> 0.64-0.72x numpy, seed 3 case 24 1.02-1.03x ->
0.54-0.55x, seed 2 case 64 0.98-0.99x -> 0.53-0.56x), but seed 3 case 63 (8-byte
elements at step 4, 1.5 MiB read of a 2.5 MiB source, in the L2 between calls)
0.94-0.95x -> 1.04-1.23x; the static rule does not hint that run (its read is under
2 MiB)."""

LOOKAHEAD_MAX_STEP_BYTES = 32
"""A ``scalar`` run hints ahead (``LOOKAHEAD_BYTES``) only where its elements are at
most this many bytes apart in the source, two or more to a cache line: where each
element has a line of its own (steps of 48 bytes or more in the measurements of
``LOOKAHEAD_BYTES``: 0.95-1.14x the time) a load a line keeps enough lines in flight
without it, and the hints only cost."""

PREFETCH_MIN_GAP_BYTES = 512
"""Rows are prefetched only where the gap between one row's span and the next row's
start is at least this many bytes: with a smaller gap the hardware prefetchers follow
the rows as one stream, and the prefetch only costs. A crop of f32 rows 2048 bytes
apart (bench/W1's shape, 64 rows of 512 per plane; lead, 2026-11-22, medians of 12
balanced rounds against a memcpy of the output): gap 256 B, kernel/memcpy 0.86 with
prefetch, 0.73 without; gap 512 B, 1.11 with, 1.58 without; gap 1 KiB, 1.41 and 1.47."""

PREFETCH_MIN_READ_BYTES = 2 << 20
"""Only a copy that reads at least this many bytes of cache lines
(``reads_at_least_on``; this machine's L2 per core, 2 MiB since the machine changed, 1
MiB before) prefetches, streamed or not: what a smaller copy reads is in the caches on a
repeated call, and the prefetches only cost. A dynamic run applies the same rule to its
run-time counts since session 35 (``prefetch_gate``); before, the bound it could check
without them, a source buffer of at least this many bytes, and it prefetched small
copies of large sources: in-process A/B of the 28 such cases of sweep seeds 0-7 with
run-time parameters (lead, 2026-11-29, 15 rounds, kernel/numpy, prefetched / not,
`/work/notes35/abgate1.txt`), every one faster without, seed 3 case 13 1.64 / 0.73,
seed 0 case 13 1.71 / 0.99, seed 4 case 38 1.93 / 1.03, seed 6 case 54 2.21 / 1.28, seed
3 case 78 1.62 / 1.00, seed 1 case 3 0.74 / 0.58. Measured (bench/sweep.py,
lead, 2026-11-23, medians of 7 rounds, prefetching cached runs too: seed 0 case 94, i16
runs of 78 at step 3 in rows 1148 bytes apart of a 71 MiB source, 1.15x -> 0.33x numpy,
case 74, a 127 MiB source, 0.38x -> 0.12x; with no size bound case 21, a 238 KiB source,
went 0.72x -> 2.13x and case 66, 113 KiB, 0.53x -> 1.10x). The bound was first on the
source's size; on the lines read (lead, 2026-11-23, session 14, in-process A/B of the 23
cases of sweep seeds 0-7 it changes, medians of 15-25 rounds): seed 5 case 73, i16 runs
of 102 at step -8 reading 1022 KiB of a 3.5 MiB source, 1.57-1.60x -> 0.89-0.91x numpy;
seed 2 case 7 0.98 -> 0.84, seed 0 case 28 0.89-0.91 -> 0.80-0.83, 9 more 5-20% faster,
7 alike; slower: seed 2 case 47, a byte gather at step -8 reading 681 KiB, 0.65 -> 0.85
(`notes/perf14/ab_read1.txt`). 1 -> 2 MiB (lead, 2026-11-28, session 24, sweep seeds
0-7 in one process per seed and bound, two runs of 5 rounds each, kernel/numpy): the 5
cases it changes all as fast or faster, seed 1 case 39 (runs of 544 bytes reading 1.7
MiB) 1.20-1.22 -> 1.00, seed 4 case 28 1.11-1.15 -> 0.95, seed 2 case 57 0.88 -> 0.64,
seed 5 case 33 0.57-0.82 -> 0.53, seed 6 case 54 0.29-0.40 -> 0.37
(`notes/s24/abp*`). With each function repeated alone (``--warm 5``, lead, 2026-11-28,
session 28, two runs of seeds 0-7): 4 MiB changes 4 cases, two faster and two slower
(`notes/s28/abp4`, interleaved); no row prefetch at all (``PREFETCH_MAX_RUN_BYTES`` 0)
changes 13, 5 faster by more than 5% (seed 5 case 13 1.00 -> 0.84-0.96x numpy) and 7
slower (seed 0 case 94 0.41-0.56 -> 0.81-0.85; `notes/s28/abpfw5.txt`); W6's rows took
0.92 of the time without it in C (`notes/s28/w6drv.c`). No rule of gap, size or span
separated them: kept."""

PREFETCH_ROW_BYTES = 1 << 20
"""Rows further apart than this are not prefetched ahead by a dynamic run (the bound
that keeps the C helper's products in range; a static run has no such bound)."""

PREFETCH_PERIOD_BYTES = 2048
"""Rows at most this many bytes apart (the period: the source step from one row to the
next) whose run spans at least half of the period's cache lines are prefetched whole,
the gap after the span included: the read is then one rising stream the hardware
follows instead of part of each page. Reading every other 2 KiB of a 64 MiB buffer ran
at 12.5 GB/s, all of it in order at 38 GB/s (``bench/read_patterns.c``). Measured (lead,
2026-11-23, f32 crops, medians of 11-21 balanced rounds, kernel/memcpy of the output,
whole rows / the span / none): rows of 1024 and 1536 bytes of period 2 KiB 1.13 / 1.36 /
1.39 and 0.91 / 0.97 / 1.41; but rows of 256-768 bytes of period 2 KiB 1.89-2.62 /
1.51-1.99 / 1.83-2.01 (a gap larger than the span costs more to fetch than it saves),
crops of period 4 KiB with rows of 2-3 KiB 1.24-1.30 / 1.18-1.27, every other element of
rows 8 KiB apart 2.77 / 2.42: those keep the span. Runs of every other element with a
period up to 4 KiB were once prefetched whole too (W2, period 4 KiB, 2.20 / 2.54 on a
loaded machine); on an idle one (lead, 2026-11-27, session 20, three runs of 9-21
interleaved rounds, ``notes/s20/w2_variants.py``) W2 ran 1.53-1.93 whole, 1.15-1.50 the
span: fetching the skipped rows costs the bandwidth the copy needs."""

PREFETCH_WRAP_SHARE = 8
"""A row loop is split for its last rows' prefetch (:func:`row_prefetch`) only where at
least one row in this many would otherwise prefetch past its own iteration of the loop
around: the split loop costs code, and it paid nowhere below that. Measured (lead,
2026-11-23, session 16, in-process A/B, medians of 21 rounds, three runs): bench/ W6
(the last 11 of 267 rows of each channel) 0.92-0.94x memcpy unsplit, 0.94-0.96x split;
sweep cases with 1 row in 8-13 split: seed 5 case 99 0.86 / 0.85, seed 1 case 44 0.96
/ 0.94 (`notes/s16/`)."""

CACHE_LINE_BYTES = 64


def row_major_strides(shape: Sequence[int]) -> list[int]:
    """The element strides of a C-contiguous (row-major) array of ``shape``."""
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


@dataclass(frozen=True)
class Loop:
    """One loop of a copy: ``count`` iterations, element steps in source and result."""

    count: int
    source_step: int
    result_step: int


@dataclass(frozen=True)
class CopyPlan:
    """A window as loops over linear offsets: ``result[sum(i * result_step)] =
    source[source_base + sum(i * source_step)]``, outermost loop first; empty when
    ``empty``. The last loop is the run (``slice.copy_run``); no loop at all is a single
    element."""

    source_base: int
    loops: tuple[Loop, ...]
    empty: bool

    @property
    def elements(self) -> int:
        return 0 if self.empty else prod(loop.count for loop in self.loops)


def merges(outer_steps: tuple[int, int], inner: tuple[int, int, int]) -> bool:
    """The loop-merge rule: an outer loop of steps ``(source, result)`` and the inner
    loop ``(count, source_step, result_step)`` are one loop of ``outer count * count``
    iterations where stepping the outer once equals running the inner one through."""
    source_step, result_step = outer_steps
    count, inner_source, inner_result = inner
    return source_step == inner_source * count and result_step == inner_result * count


def merged(loops: Sequence[Loop]) -> tuple[Loop, ...]:
    """``loops`` (outermost first) without single-iteration loops, each outer loop
    merged into the next inner one where stepping it once equals running the inner
    one through, in source and result alike (the rows of a whole-row crop are one run).
    The one definition of the loop-merge rule."""
    inner_first: list[Loop] = []
    for loop in reversed(loops):
        if loop.count == 1:
            continue
        inner = inner_first[-1] if inner_first else None
        if inner is not None and merges(
            (loop.source_step, loop.result_step),
            (inner.count, inner.source_step, inner.result_step),
        ):
            inner_first[-1] = Loop(
                inner.count * loop.count, inner.source_step, inner.result_step
            )
        else:
            inner_first.append(loop)
    return tuple(reversed(inner_first))


def copy_plan(window: Window, source_shape: Sequence[int]) -> CopyPlan:
    """The loops that copy ``window`` of a row-major source into a row-major result."""
    if any(size == 0 for size in window.sizes):
        return CopyPlan(0, (), True)
    source_strides = row_major_strides(source_shape)
    result_strides = row_major_strides(window.sizes)
    base = sum(o * s for o, s in zip(window.offsets, source_strides))
    loops = [
        Loop(size, stride * source_stride, result_stride)
        for size, stride, source_stride, result_stride in zip(
            window.sizes, window.strides, source_strides, result_strides
        )
    ]
    return CopyPlan(base, merged(loops), False)


@dataclass(frozen=True)
class RunChoices:
    """How a run is copied: the code-generation properties of ``slice.copy_run``.

    ``nontemporal``: stores bypass the cache (the copy writes at least
    ``STREAM_STORE_BYTES`` and the run is at least ``MIN_STREAM_RUN_BYTES`` long).
    ``reorder``: a run of every element backwards (source stride -1), or of every other
    element (2 or -2), is reordered in registers on its way
    to the stores (streamed, or cached from ``MIN_REGISTER_RUN_BYTES`` on). ``scalar``:
    a long gather of 1-, 2-, 4-, 8- or 16-byte elements is a loop the C compiler must
    not vectorize (``MIN_SCALAR_GATHER``; with ``nontemporal``, into non-temporal
    stores, ``STREAM_GATHER_ELEMENT_BYTES``). ``prefetch``:
    the signed element distance from this run's source offset to the run that is prefetched (the run of the enclosing loop's
    iteration ``PREFETCH_AHEAD_BYTES`` ahead), or ``None``; only runs of source span at
    most ``PREFETCH_MAX_RUN_BYTES`` (``PREFETCH_FAR_RUN_BYTES`` where the copy's
    spread reaches the target's streaming bound) with gaps between them
    (:func:`prefetches_rows_on`), of a copy that reads at least
    ``PREFETCH_MIN_READ_BYTES`` of cache lines.
    ``prefetch_bytes``: how many bytes from the lowest source element of that run are
    prefetched, where that is more than the run's source span (whole rows,
    ``PREFETCH_PERIOD_BYTES``), else ``None``.
    ``prefetch_wrap``: where the row loop (the loop around the run) has a loop around
    it and its last rows would prefetch past their own iteration of that loop, into
    memory the copy does not read (:func:`row_prefetch`), the pair ``(first,
    distance)``: the rows from ``first`` on prefetch ``distance`` elements ahead, the
    run of the next iteration of the loop around that is as many rows ahead; else
    ``None``.
    ``lookahead``: for a ``scalar`` run of a copy that reads at least
    ``PREFETCH_MIN_READ_BYTES``, elements at most ``LOOKAHEAD_MAX_STEP_BYTES`` apart
    and a source span of at least ``LOOKAHEAD_MIN_SPAN_BYTES``, how many elements
    ahead of the ones it copies the run hints its own source
    (:func:`lookahead_elements`), else ``None``.
    ``in_order``: a ``nontemporal`` contiguous run of ``STREAM_LINE_BLOCK_BYTES`` or
    more on a target whose streamed lines go in order (``STREAM_LINES_IN_ORDER``).
    ``string_move``: a contiguous run not ``nontemporal`` of at least the target's
    ``string_move_bytes`` (``STRING_MOVE_BYTES``; 0: never).
    """

    nontemporal: bool = False
    reorder: bool = False
    scalar: bool = False
    prefetch: int | None = None
    prefetch_bytes: int | None = None
    prefetch_wrap: tuple[int, int] | None = None
    lookahead: int | None = None
    in_order: bool = False
    string_move: bool = False


def uses_string_move(run_bytes: int, streamed: bool, string_move_bytes: int) -> bool:
    """Whether a contiguous run of ``run_bytes`` is copied by the string move on a
    target whose ``string_move_bytes`` is given (``STRING_MOVE_BYTES``): one that is
    not streamed and at least that long; never for a bound of 0."""
    return not streamed and 0 < string_move_bytes <= run_bytes


def lookahead_elements(source_stride: int, element_bytes: int) -> int | None:
    """How many elements ahead a ``scalar`` run at ``source_stride`` hints its own
    source (``LOOKAHEAD_BYTES`` of source, rounded up to whole elements), or ``None``
    where its elements lie more than ``LOOKAHEAD_MAX_STEP_BYTES`` apart."""
    step_bytes = abs(source_stride) * element_bytes
    if step_bytes > LOOKAHEAD_MAX_STEP_BYTES:
        return None
    return -(-LOOKAHEAD_BYTES // step_bytes)


def prefetches_rows_on(
    dom: IntDomain[V, B],
    element_bytes: int,
    span: V,
    row: V,
    far_apart: B,
) -> B:
    """Whether a run whose source span is ``span`` elements of ``element_bytes`` bytes,
    in rows ``row`` elements apart (positive), is prefetched some rows ahead, as far as
    its span and gap decide: a span of at most ``PREFETCH_MAX_RUN_BYTES``, or of at
    most ``PREFETCH_FAR_RUN_BYTES`` where ``far_apart`` (the copy's spread, source span
    and output, reaches the target's streaming bound), and a gap to the next row of at least
    ``PREFETCH_MIN_GAP_BYTES`` and a quarter of the span. The one rule of static runs
    (``run_choices``, on ints) and dynamic ones (``lower_dynamic.prefetch_gate``, in
    the IR); no value here wraps for any ``span`` and ``row`` (the span is bounded
    before the sums)."""
    near_limit = PREFETCH_MAX_RUN_BYTES // element_bytes
    far_limit = PREFETCH_FAR_RUN_BYTES // element_bytes
    limit = dom.select(far_apart, dom.const(far_limit), dom.const(near_limit))
    bounded = dom.min(span, dom.const(far_limit + 1))
    gap = dom.max(
        dom.const(-(-PREFETCH_MIN_GAP_BYTES // element_bytes)),
        dom.div(dom.add(bounded, dom.const(3)), dom.const(4)),  # (a span is >= 1)
    )
    return dom.and_(dom.le(span, limit), dom.le(dom.add(bounded, gap), row))


def prefetch_whole_rows(span_bytes: int, period_bytes: int) -> bool:
    """Whether rows ``period_bytes`` apart, of runs spanning ``span_bytes``, are
    prefetched whole, gaps included (``PREFETCH_PERIOD_BYTES``; the C helper of dynamic
    runs applies the same rule)."""
    lines = -(-span_bytes // CACHE_LINE_BYTES)
    return (
        2 * lines * CACHE_LINE_BYTES >= period_bytes
        and period_bytes <= PREFETCH_PERIOD_BYTES
    )


def reads_at_least_on(
    dom: IntDomain[V, B],
    element_bytes: int,
    rows: V,
    count: V,
    step: V,
    least_bytes: int,
) -> B:
    """Whether a copy of ``rows`` runs (the iterations of the loops around its run) of
    ``count`` elements of ``element_bytes`` bytes, ``step`` elements apart (at least
    0), reads at least ``least_bytes`` bytes of cache lines (``PREFETCH_MIN_READ_BYTES``):
    each run's lines, once per row (rows are taken not to share lines, and a run's
    first element to start a line; a run whose elements are a line or more apart reads
    a line per element). No product is formed that could leave int64 (every value is
    capped at ``FOOTPRINT_CAP``, and the rows divide the bound rather than multiply
    the lines). The one rule of static runs (``run_choices``, on ints) and dynamic
    ones (``lower_dynamic.prefetch_gate``, in the IR)."""
    cap, zero, one = dom.const(FOOTPRINT_CAP), dom.const(0), dom.const(1)
    per_line = dom.const(max(1, CACHE_LINE_BYTES // element_bytes))
    apart = dom.const(-(-CACHE_LINE_BYTES // element_bytes))
    rows = dom.min(rows, cap)
    more = _capped_more(dom, count)
    step = dom.min(step, cap)
    span = dom.min(dom.add(one, _capped_product(dom, more, step)), cap)
    lines = dom.select(
        dom.le(apart, step),
        dom.add(more, one),
        dom.div(dom.add(span, dom.sub(per_line, one)), per_line),
    )
    least_lines = dom.const(-(-least_bytes // CACHE_LINE_BYTES))
    needed = dom.div(
        dom.add(least_lines, dom.sub(dom.max(rows, one), one)), dom.max(rows, one)
    )
    return dom.and_(
        dom.and_(dom.lt(zero, rows), dom.lt(zero, count)), dom.le(needed, lines)
    )


def source_span_bytes(loops: Sequence[Loop], element_bytes: int) -> int:
    """The bytes from the first element a copy reads to the last: the spread of its
    rows for ``PREFETCH_FAR_RUN_BYTES``, and the most it may bring into the caches
    (``source_footprint_bytes``)."""
    return (sum((loop.count - 1) * abs(loop.source_step) for loop in loops) + 1) * (
        element_bytes
    )


FOOTPRINT_CAP = 1 << 61
"""The most elements :func:`source_footprint_on` counts: each of its values is at most
this, so no sum or product of two of them leaves int64 (a static source may have more
elements than an int64 counts, a dynamic one any run-time dims). A footprint this
large reaches any working set a machine has."""


def _capped_more(dom: IntDomain[V, B], count: V) -> V:
    """The iterations of a loop of ``count`` after its first (none for a count of 0),
    capped at ``FOOTPRINT_CAP``."""
    zero, one = dom.const(0), dom.const(1)
    return dom.min(dom.max(dom.sub(count, one), zero), dom.const(FOOTPRINT_CAP))


def _capped_product(dom: IntDomain[V, B], a: V, b: V) -> V:
    """``a * b`` for ``0 <= a, b <= FOOTPRINT_CAP``, or a multiple of ``b`` within ``b``
    of ``FOOTPRINT_CAP`` where the product would pass it: never above
    ``FOOTPRINT_CAP``, and no intermediate value leaves int64."""
    one = dom.const(1)
    return dom.mul(dom.min(a, dom.div(dom.const(FOOTPRINT_CAP), dom.max(b, one))), b)


def source_footprint_on(
    dom: IntDomain[V, B], element_bytes: int, loops: Sequence[tuple[V, V]]
) -> V:
    """The elements of source a copy brings into the caches, the copy's share of its
    working set for ``STREAM_WORKING_SET``: its source span (:func:`source_span_bytes`),
    less each gap of ``FETCHED_GAP_BYTES`` or more between the iterations of a loop
    (there each iteration's own footprint counts, in whole cache lines). ``loops``:
    each loop's count (at least 0; 0 counts as 1) and the distance of its
    iterations in the source (elements, at least 0), outermost first, the run last.
    Every value is capped at ``FOOTPRINT_CAP`` (the answer too).

    The one rule of static copies (:func:`source_footprint_bytes`, on ints) and dynamic
    ones (``lower_dynamic.emit_dynamic_copy`` emits it, and ``slice.dynamic_copy_run``'s
    ``footprint`` operand carries it to the C target's streaming test)."""
    cap, zero, one = dom.const(FOOTPRINT_CAP), dom.const(0), dom.const(1)
    line = dom.const(-(-CACHE_LINE_BYTES // element_bytes))
    gap = dom.const(-(-FETCHED_GAP_BYTES // element_bytes))
    span = footprint = one
    for count, distance in reversed(loops):
        more = _capped_more(dom, count)
        step = dom.min(distance, cap)
        whole = dom.min(dom.add(span, _capped_product(dom, more, step)), cap)
        rows = _capped_product(dom, dom.add(more, one), dom.max(footprint, line))
        apart = dom.select(dom.lt(dom.sub(step, span), gap), whole, rows)
        footprint = dom.select(dom.lt(zero, more), apart, footprint)
        span = whole
    return footprint


def source_footprint_bytes(loops: Sequence[Loop], element_bytes: int) -> int:
    """The bytes of source a static copy brings into the caches
    (:func:`source_footprint_on` on its loops)."""
    steps = [(loop.count, abs(loop.source_step)) for loop in loops]
    footprint = source_footprint_on(INTS, element_bytes, steps)
    assert footprint is not None  # every value is known
    return footprint * element_bytes


def aligned_runs(outer: Sequence[Loop], run: Loop, element_bytes: int) -> bool:
    """Whether a run shorter than ``MIN_STREAM_RUN_BYTES`` is streamed all the same:
    contiguous, whole ``STREAM_ALIGN_BYTES`` blocks, each starting that far into the
    result from the one before (so all runs start on such a block once the result
    does, and consecutive runs fill the destination's lines with non-temporal stores
    only; a result that does not start on one is copied with plain stores,
    ``slice_stream``'s rule for short runs)."""
    if run.source_step != 1:
        return False
    align = STREAM_ALIGN_BYTES
    return run.count * element_bytes % align == 0 and all(
        loop.result_step * element_bytes % align == 0 for loop in outer
    )


def continues_rows(outer: Sequence[Loop]) -> bool:
    """Whether the loop around the rows (``outer[-2]``; the rows are ``outer[-1]``, the
    loop around the run) starts each iteration one or two row steps past where the rows
    would go on (planes with a row or two left out between them; a loop that continues
    the rows exactly has been merged with them by :func:`merged`). The rows of the
    whole copy are then one stream in memory, and a prefetch ``PREFETCH_AHEAD_BYTES``
    ahead of a row near the end of the row loop reads rows of the next iterations, not
    memory the copy never reads: a row loop shorter than that distance prefetches too.
    Measured (lead, 2026-11-23, medians of 15 interleaved rounds against numpy,
    bench/sweep.py seed 1 case 29: ``i8`` runs of 237 bytes in 24 rows 1394 bytes apart
    per plane of 34850 bytes): 0.95x numpy without the prefetch, 0.56-0.58x with it.
    Where the outer loop goes the other way (seed 1 case 67, rows stepping down in
    blocks stepping up) half of such prefetches read what the copy never reads: 0.45x
    numpy without, 0.74x with."""
    if len(outer) < 2:
        return False
    rows, around = outer[-1], outer[-2]
    return continues_rows_on(INTS, rows.count, rows.source_step, around.source_step, True)


def continues_rows_on(
    dom: IntDomain[V, B], rows: V, row_step: V, plane_step: V, has_plane: B
) -> B:
    """:func:`continues_rows` on values: a row loop of ``rows`` rows ``row_step``
    elements apart, in a loop stepping ``plane_step`` where ``has_plane``. The one
    rule of static runs (on ints) and dynamic ones (``lower_dynamic.prefetch_gate``,
    in the IR), for values of a checked window (``rows * row_step`` is within the
    source's elements, and a row loop's step is not 0: a window's strides are not)."""
    extra = dom.sub(plane_step, dom.mul(rows, row_step))
    continues = dom.or_(
        dom.eq(extra, row_step), dom.eq(extra, dom.mul(dom.const(2), row_step))
    )
    return dom.and_(has_plane, continues)


def prefetch_ahead_rows_on(dom: IntDomain[V, B], element_bytes: int, row: V) -> V:
    """How many rows ahead a run prefetches in rows ``row`` elements (of
    ``element_bytes`` bytes) apart: ``PREFETCH_AHEAD_BYTES`` of rows, rounded up to
    whole rows, at least one. No value here leaves int64 for any ``row`` (it is
    clamped to 1 ... ``PREFETCH_AHEAD_BYTES / element_bytes`` first, where the answer
    is already 1; ``ceil(a / (b * c)) = ceil(ceil(a / c) / b)`` for positive ints, and
    every element width divides ``PREFETCH_AHEAD_BYTES``)."""
    assert PREFETCH_AHEAD_BYTES % element_bytes == 0, element_bytes
    whole = PREFETCH_AHEAD_BYTES // element_bytes
    row = dom.clamp(row, dom.const(1), dom.const(whole))
    return dom.div(dom.add(dom.const(whole - 1), row), row)


def prefetches_row_loop_on(
    dom: IntDomain[V, B],
    element_bytes: int,
    rows: V,
    row_step: V,
    plane_step: V,
    has_plane: B,
) -> B:
    """Whether the row loop of a run prefetches at all (:func:`row_prefetch`): its
    ``rows`` rows, ``row_step`` elements of ``element_bytes`` bytes apart, are more
    than :func:`prefetch_ahead_rows_on` rows, or the loop around (stepping
    ``plane_step``, where ``has_plane``) continues them (:func:`continues_rows_on`).
    The one rule of static runs (on ints) and dynamic ones, where
    ``lower_dynamic.prefetch_gate`` emits it once before the loops, so a nest whose
    row loop is too short to prefetch calls nothing per run; before, its helper was
    called per run and returned at once. Measured (lead, 2026-11-29, session 39, with
    run-time parameters, in-process A/B against the C of the commit before, medians of
    7 and 9 rounds, kernel/numpy, `/work/notes39/abrl_a.txt`, `abrl_b.txt`): of the 7
    cases of bench/sweep.py seeds 0-15 whose gate this turns off, 6 faster in both
    runs and one alike (seed 15 case 59, below); seed 8 case 14 (``complex<f64>``
    runs of 18 at step 4 in 4740 row loops of 2 rows) 1.27 -> 1.03 and 1.12 -> 1.02,
    seed 11 case 43 1.17 -> 1.02 and 1.31 -> 0.94, seed
    4 case 88 1.24 -> 0.85 and 0.98 -> 0.87, seed 15 case 59 0.99 -> 0.96 and 0.99 ->
    1.00; seed 4 case 59, a copy that prefetches, 1.12 -> 1.13 and 1.07 -> 1.09."""
    row = dom.max(row_step, dom.neg(row_step))
    ahead = prefetch_ahead_rows_on(dom, element_bytes, row)
    return dom.or_(
        continues_rows_on(dom, rows, row_step, plane_step, has_plane),
        dom.lt(ahead, rows),
    )


def row_prefetch(
    outer: Sequence[Loop], element_bytes: int
) -> tuple[int, tuple[int, int] | None] | None:
    """Where each row (an iteration of ``outer[-1]``, the loop around the run)
    prefetches: the run ``ahead`` rows later (:func:`prefetch_ahead_rows_on`) in the
    order of the loops, as ``(distance, wrap)``: the element distance from a row's run
    to that run, and, where the last ``ahead`` rows of each iteration of the loop
    around (``outer[-2]``) reach into its next iteration, ``wrap = (first, distance)``
    for the rows from ``first`` on, else ``None``. ``None`` (no prefetch) where the row
    loop has no more than ``ahead`` rows, unless the loop around continues the rows
    (:func:`continues_rows`): the rows are then one stream, and a fixed distance of
    ``ahead`` rows is taken (:func:`prefetches_row_loop_on`, which dynamic runs emit).

    Otherwise a fixed distance would point the last rows of each iteration of the loop
    around past its own rows, into what the copy does not read (the rest of a plane it
    crops), and leave the first rows of the next iteration unprefetched. Measured
    (lead, 2026-11-23, session 16, C variants in one process, medians of 15 rounds,
    kernel/numpy, the fixed distance / the rows in the loops' order): bench/sweep.py
    seed 8 case 59 (``i64`` runs of 27 at step 4 in 39 rows 1488 bytes apart, planes
    348 KiB apart, 23 rows ahead) 1.23-1.31 / 0.79-0.87 (no prefetch 1.13), seed 4 case
    59 1.00 / 0.75-0.80, seed 10 case 74 0.60-0.97 / 0.52-0.88, seed 10 case 64 0.94 /
    0.88, 13 more alike (`notes/s16/ab_general.txt`). Row loops of no more than
    ``ahead`` rows prefetching runs whole planes ahead were mixed (seed 2 case 39 0.87 ->
    0.73, seed 3 case 78 0.75 -> 0.63, but seed 4 case 88 0.82 -> 0.89, seed 7 case 18
    0.85 -> 0.89, seed 8 case 14 0.92 -> 0.96; medians of 31 rounds,
    `notes/s16/ab_new_enabled.txt`): not taken. Only where at least one row in
    ``PREFETCH_WRAP_SHARE`` would prefetch past its plane is the row loop split."""
    rows = outer[-1]
    has_plane = len(outer) >= 2
    plane_step = outer[-2].source_step if has_plane else 0
    if not prefetches_row_loop_on(
        INTS, element_bytes, rows.count, rows.source_step, plane_step, has_plane
    ):
        return None
    ahead = prefetch_ahead_rows_on(INTS, element_bytes, abs(rows.source_step))
    distance = ahead * rows.source_step
    if continues_rows(outer):
        return distance, None
    if len(outer) < 2 or ahead * PREFETCH_WRAP_SHARE < rows.count:
        return distance, None
    jump = outer[-2].source_step - rows.count * rows.source_step
    return distance, (rows.count - ahead, distance + jump)


def can_reorder(source_stride: int, element_bytes: int) -> bool:
    """Whether a run of ``source_stride`` can be reordered in registers (the rule the
    ``slice.copy_run`` verifier checks)."""
    return source_stride in (-1, 2, -2) and element_bytes <= 16


def can_gather_scalar(source_stride: int, element_bytes: int) -> bool:
    """Whether a run may be a non-vectorized gather (the verifier's rule): of 1-, 2-, 4-,
    8- or 16-byte elements (``GATHER_ELEMENT_BYTES``), cached or streamed, at a source
    stride of 2 or more either way."""
    return element_bytes in GATHER_ELEMENT_BYTES and abs(source_stride) >= 2


def gathers_words(source_stride: int) -> bool:
    """Whether a cached run of 4-byte elements at a constant ``source_stride`` (3 or
    more either way) goes through ``slice_gather_words``: where gcc 12 (-O3, SSE2)
    compiles the element loop to a load and a store per element, at a power-of-two
    step of 8 or more either way or at -4; at other steps it assembles vectors from
    single loads or shuffles whole ones (+4), as fast as the helper or faster.
    Measured (lead, 2026-11-28, session 25, 1-D gathers of 256 KB and 24 KB spans,
    in-process A/B, medians of 15 samples, kernel/numpy, element loop / helper,
    `notes/s25/st4_*.txt`): step 8 1.16 / 0.63 and 0.44 / 0.31, -8 0.86 / 0.77 and
    0.36 / 0.31, 16 0.80 / 0.71 and 0.44 / 0.29, -16 0.75 / 0.65 and 0.43 / 0.15, -4
    1.29 / 0.88 and 0.63 / 0.47; but 5, -5, 6, -6, 7, -7, 10, -12 0.65-0.74 /
    0.70-0.84 and 0.16-0.40 / 0.27-0.43, 3, -3, +4 alike; sweep seeds 0-7
    (`notes/s25/abwg.txt`): seed 5 case 76 (runs of 98 at -4) 0.91 -> 0.30, case 82
    (15948 at -4) 0.93 -> 0.66, seed 7 case 62 (-8) 1.02 -> 0.70, seed 6 case 5 (-8)
    0.43 -> 0.26; slower with the helper at +4, 3 and 5: seed 2 case 57 (runs of 105
    at +4) 0.69 -> 0.93, seed 0 case 23 (21 at 3) 0.47 -> 0.68. A dynamic run (a
    run-time stride gcc cannot shuffle for) takes the helper at every stride."""
    step = abs(source_stride)
    return step & (step - 1) == 0 and (step >= 8 or source_stride == -4)


def run_choices(
    plan: CopyPlan, element_bytes: int, target: StreamTarget = DEFAULT_STREAM
) -> RunChoices:
    """The code-generation choices for the run of ``plan`` (its last loop), from the
    bytes the whole copy writes and reads, the run's length and strides and the
    element width. ``target.working_set``: the fewest bytes of source footprint
    (``source_footprint_bytes``) and output together for which non-temporal stores pay on
    the target (``STREAM_WORKING_SET``); ``target.lines_in_order``: whether a streamed
    contiguous run stores its lines in order (``STREAM_LINES_IN_ORDER``);
    ``target.string_move_bytes``: from how many bytes a cached contiguous run is copied
    by the string move (``STRING_MOVE_BYTES``)."""
    if plan.empty or not plan.loops:
        return RunChoices()
    *outer, run = plan.loops
    if run.result_step != 1 or run.count == 1:
        return RunChoices()
    run_bytes = run.count * element_bytes
    prefetch: int | None = None
    prefetch_bytes: int | None = None
    prefetch_wrap: tuple[int, int] | None = None
    low = min(0, (run.count - 1) * run.source_step) * element_bytes
    high = (max(0, (run.count - 1) * run.source_step) + 1) * element_bytes
    big = reads_at_least_on(
        INTS,
        element_bytes,
        prod(loop.count for loop in outer),
        run.count,
        abs(run.source_step),
        PREFETCH_MIN_READ_BYTES,
    )
    written = plan.elements * element_bytes
    spread = written + source_span_bytes(plan.loops, element_bytes)
    if outer and big:
        rows = outer[-1]
        row_bytes = abs(rows.source_step) * element_bytes
        where = row_prefetch(outer, element_bytes)
        # rows that (nearly) touch are one stream the hardware prefetchers follow
        spaced = prefetches_rows_on(
            INTS,
            element_bytes,
            (high - low) // element_bytes,
            abs(rows.source_step),
            spread >= target.working_set,
        )
        if spaced and where is not None:
            prefetch, prefetch_wrap = where
            if prefetch_whole_rows(high - low, row_bytes):
                prefetch_bytes = row_bytes
    # a short run only as whole aligned blocks (STREAM_ALIGN_BYTES)
    long_or_aligned = run_bytes >= MIN_STREAM_RUN_BYTES or aligned_runs(
        outer, run, element_bytes
    )
    # a strided run not reordered in registers streams as a streamed scalar gather
    # (STREAM_GATHER_ELEMENT_BYTES), of 16-byte elements only as a long run (they
    # are not packed: a short run would be mostly plain stores)
    gathered = run.source_step != 1 and not can_reorder(run.source_step, element_bytes)
    if gathered and element_bytes == 16:
        long_or_aligned = run_bytes >= MIN_STREAM_RUN_BYTES
    streamed = (
        written >= STREAM_STORE_BYTES
        and written + source_footprint_bytes(plan.loops, element_bytes)
        >= target.working_set
        and long_or_aligned
        and (not gathered or element_bytes in STREAM_GATHER_ELEMENT_BYTES)
    )
    # a cached every-other run of 16-byte elements gains nothing in registers (an
    # element is a register already; the helper loads two for each): only streamed
    # (sweep case 43: 1.01x numpy as an element loop, 1.02-1.07x through the helper);
    # cached, it is gathered (GATHER_ELEMENT_BYTES)
    whole_registers = element_bytes == 16 and run.source_step in (2, -2)
    reorder = can_reorder(run.source_step, element_bytes) and (
        streamed or (run_bytes >= MIN_REGISTER_RUN_BYTES and not whole_registers)
    )
    # (a byte run at stride 2 or -2 too short for the register helpers too: sweep
    # seed 3 case 82, runs of 17 at -2, 0.84x -> 0.48x numpy not vectorized)
    gather = can_gather_scalar(run.source_step, element_bytes) and (
        element_bytes != 4 or streamed or gathers_words(run.source_step)
    )
    scalar = not reorder and gather and run.count >= MIN_SCALAR_GATHER
    lookahead = lookahead_elements(run.source_step, element_bytes) if scalar else None
    if lookahead is not None and not (big and high - low >= LOOKAHEAD_MIN_SPAN_BYTES):
        lookahead = None
    in_order = (
        target.lines_in_order
        and streamed
        and run.source_step == 1
        and run_bytes >= STREAM_LINE_BLOCK_BYTES
    )
    string_move = run.source_step == 1 and uses_string_move(
        run_bytes, streamed, target.string_move_bytes
    )
    return RunChoices(
        streamed,
        reorder,
        scalar,
        prefetch,
        prefetch_bytes,
        prefetch_wrap,
        lookahead,
        in_order,
        string_move,
    )
