"""The host's copy properties: ``convert-slice-to-loops{stream-working-set=N
stream-lines-in-order=B string-move-bytes=M}``.

Whether non-temporal (cache-bypassing) stores pay for a copy is a property of the
machine, not of the copy (``passes/copy_plan.py``, ``STREAM_WORKING_SET``): on one
machine they paid from a 2 MiB output even where source and output stayed in its L3;
on another, with a fast 32 MiB L3, a copy whose source and output stayed in the L3
between calls ran 2.3-2.7x slower streamed, and one whose working set did not 1.3-2.8x
faster. So the bound is measured on the host, once, and kept beside the kernels:

    python -m slice_dialect.runtime.calibrate [--cache-dir DIR] [--show]

times two copies of ``f32`` arrays (``KINDS``: a crop of rows, W1's rows of 1792 bytes
every 2048, and one contiguous run, the latter twice: its streamed lines in 16 KiB
blocks and in order), each in the C target's two forms (streamed stores,
``slice.copy_run ... nontemporal``, and plain stores), compiled by ``compile`` with
``stream_working_set`` 0 and ``STREAM_NEVER``, for working sets (source footprint plus
output bytes, ``copy_plan.source_footprint_bytes``, the span for both kinds) of
``WORKING_SETS``, each form repeated alone
(``WARM`` untimed calls, then the median of ``SAMPLES``, in ``REPEATS`` alternating
blocks, the fastest block kept), all of it ``PASSES`` times, the fastest pass kept (a
slow spell of a shared machine makes one form look slow; what the hardware allows is the
fastest). A kind's bound is the smallest working set from which its streamed form takes
at most ``MARGIN`` times its plain one at every size measured (twice the largest if it
never does, 0 if it always does). The line order is the one whose streamed contiguous
copies took less time over all working sets (``stream_lines_in_order``: on session
30's machine lines in order took 0.55-0.70 of the blocks' time, on an earlier one the
blocks 0.75-0.85 of the lines'), their output 2 KiB above the source in its page
(``_unaliased_like``: nearer, the C target streams the blocks' lines in order); the
host's bound is the smaller of the rows' and the
contiguous copy's in that order (a copy of rows plainly stored above the L3 was the
costlier mistake: 2.4-3.4x, against 1.05-1.26x for a contiguous copy streamed below its
bound, session 30).

The third kind, ``string move``, times one contiguous copy with plain stores in its
two forms, the CPU's string move (``slice.copy_run ... string_move``, ``rep movsb``)
and ``memcpy``, for working sets of ``STRING_MOVE_WORKING_SETS`` (runs of half as
many bytes; the output 2 KiB above the source in its page, as the contiguous kinds):
``string_move_bytes`` is the shortest run from which the string move
takes at most ``MARGIN`` times ``memcpy``'s time at every size measured whose copy
is cached (below the streaming bound, or writing less than ``STREAM_STORE_BYTES``;
0, never, if it does not at the largest), ``choose_string_move``.

All three are written to ``CALIBRATION_FILE`` in the kernel cache directory with the
host they were measured on and every time measured.

``compile(..., stream_working_set=None, stream_lines_in_order=None,
string_move_bytes=None)`` (the defaults) uses the stored values when the host is the
one they were measured on, else the host's last-level cache size as Linux describes
it (``default_stream_working_set``; ``STREAM_WORKING_SET``, 0, where it does not),
``STREAM_LINES_IN_ORDER`` and ``STRING_MOVE_BYTES``; the environment variables ``SLICE_STREAM_WORKING_SET`` (bytes),
``SLICE_STREAM_LINES_IN_ORDER`` (0 or 1) and ``SLICE_STRING_MOVE_BYTES`` (bytes, 0:
never) override them, and the test suite sets them to 0, so its kernels are the same
on every machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from passes.copy_plan import (
    STREAM_LINES_IN_ORDER,
    STREAM_STORE_BYTES,
    STREAM_WORKING_SET,
    STRING_MOVE_BYTES,
    StreamTarget,
    is_working_set,
)
from slice_dialect.errors import SliceError
from slice_dialect.runtime.cache import default_cache_dir

if TYPE_CHECKING:
    import numpy as np

ENVIRONMENT = "SLICE_STREAM_WORKING_SET"
"""Overrides the stored bound (a byte count >= 0)."""

ORDER_ENVIRONMENT = "SLICE_STREAM_LINES_IN_ORDER"
"""Overrides the stored line order (0 or 1)."""

STRING_MOVE_ENVIRONMENT = "SLICE_STRING_MOVE_BYTES"
"""Overrides the stored string-move bound (a byte count >= 0; 0: never)."""

CALIBRATION_FILE = "calibration.json"
"""The stored measurement, in the kernel cache directory."""

SYSFS_CPUS = Path("/sys/devices/system/cpu")
"""Linux's description of the processors: ``cpuN/cache/indexM/{level,type,size}``."""

T = TypeVar("T")

MIB = 1 << 20
WORKING_SETS = tuple(MIB << k for k in range(2, 8))
"""4, 8, ..., 128 MiB of source footprint and output together."""

STRING_MOVE_WORKING_SETS = tuple((MIB // 2) << k for k in range(9))
"""512 KiB, 1 MiB, ..., 128 MiB: the string move's copies (runs of half as many
bytes)."""

STREAM_NEVER = 1 << 62
"""A working set no copy has: the plain form."""

MARGIN = 0.95
"""Streaming must take at most this share of the plain copy's time to be chosen."""

WARM, SAMPLES, REPEATS, PASSES = 3, 7, 3, 2

STRING_MOVE_REPEATS = 9
"""``REPEATS`` of the string move's kind: its forms differ by 5-15% on session 46's
Zen 5, where three blocks chose 1 MiB runs or never from one run to the next."""


KINDS = ("rows", "contiguous", "contiguous in order", "string move")
"""The copies timed: ``rows`` (``[:, 32:480]`` of rows of 512 ``f32``), ``contiguous``
(all of a 1-D array, its streamed lines in 16 KiB blocks), ``contiguous in order``
(the same, its lines in order) and ``string move`` (all of a 1-D array, plain stores,
by the string move and by ``memcpy``)."""

Times = tuple[tuple[int, float, float], ...]
"""``(working set, streamed seconds, plain seconds)`` by ascending working set (for
``string move``: string-move seconds and ``memcpy`` seconds)."""


@dataclass(frozen=True)
class Calibration:
    """A measurement: the ``host`` (``host_identity``), the chosen bound, the
    ``Times`` of each of ``KINDS``, the chosen line order (a file written before
    the line order was measured says nothing of it: the blocks, what it measured) and
    the string-move bound (a file written before it was measured: 0, never)."""

    host: str
    stream_working_set: int
    times: dict[str, Times]
    stream_lines_in_order: bool = STREAM_LINES_IN_ORDER
    string_move_bytes: int = STRING_MOVE_BYTES


def host_identity() -> str:
    """What the bound depends on: the processor, its caches and the core count
    (``/proc/cpuinfo``, ``/sys/devices/system/cpu/cpu0/cache``; the platform where
    those do not exist)."""
    parts = [platform.machine(), f"{os.cpu_count()} cpus"]
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                parts.append(line.split(":", 1)[1].strip())
                break
    except OSError:
        parts.append(platform.processor())
    for level, kind, size in _caches(SYSFS_CPUS / "cpu0"):
        parts.append(f"L{level} {kind} {size}")
    return ", ".join(parts)


def _caches(cpu: Path) -> list[tuple[str, str, str]]:
    """``(level, type, size)`` of each cache of ``cpu`` (a ``cpuN`` directory of
    ``SYSFS_CPUS``), as Linux spells them (``3``, ``Unified``, ``32768K``); none where
    they cannot be read."""
    caches = []
    for index in sorted((cpu / "cache").glob("index*")):
        try:
            level = (index / "level").read_text().strip()
            kind = (index / "type").read_text().strip()
            size = (index / "size").read_text().strip()
        except (OSError, UnicodeDecodeError):
            continue
        caches.append((level, kind, size))
    return caches


_SIZE_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def last_level_cache_bytes() -> int | None:
    """The size of the last data cache of the processor this process runs on (the
    lowest-numbered processor it may run on), as Linux describes it (``SYSFS_CPUS``):
    the L3 that processor shares with its neighbours (on session 45's EPYC, the 32 MiB
    of its core complex, not the 384 MiB of the socket glibc's ``getconf`` adds up),
    or ``None`` where Linux says nothing of it."""
    try:
        cpu = min(os.sched_getaffinity(0))
    except (AttributeError, OSError, ValueError):
        cpu = 0
    best: tuple[int, int] | None = None
    for level, kind, size in _caches(SYSFS_CPUS / f"cpu{cpu}"):
        match = re.fullmatch(r"([0-9]{1,12})([KMG]?)", size, re.ASCII)
        if kind not in ("Data", "Unified") or match is None:
            continue
        if not re.fullmatch(r"[0-9]{1,3}", level, re.ASCII):
            continue
        candidate = (int(level), int(match[1]) * _SIZE_UNITS[match[2]])
        if not is_working_set(candidate[1]):
            continue  # more than a byte count holds: no real cache
        if best is None or candidate > best:
            best = candidate
    return None if best is None or best[1] == 0 else best[1]


def default_stream_working_set() -> tuple[int, str]:
    """The streaming bound of a host nobody calibrated: its last-level cache
    (``last_level_cache_bytes``), a copy whose source footprint and output together
    do not fit in it streaming its stores, the rule glibc's ``memcpy`` follows (it
    streams above three quarters of the shared cache); ``STREAM_WORKING_SET`` where the
    cache size is not known. On session 45's machine the calibration measured the same
    32 MiB; uncalibrated, W4 (8 MiB from 16 MiB) had streamed and taken 1.4x numpy's
    time. With where it came from."""
    size = last_level_cache_bytes()
    if size is None:
        return STREAM_WORKING_SET, NOT_CALIBRATED
    return size, "no calibration of this host: its last-level cache"


def choose(times: Times) -> int:
    """One kind's bound: the smallest working set from which streaming pays
    (``MARGIN``) at every larger one."""
    bound = 2 * times[-1][0]
    for size, streamed, plain in reversed(times):
        if streamed > MARGIN * plain:
            break
        bound = size
    return 0 if bound == times[0][0] else bound


def choose_string_move(times: Times, stream_bound: int) -> int:
    """The string-move bound: the shortest run (half the working set) from which the
    string move pays (``MARGIN``) at every larger working set whose copy is cached
    (below ``stream_bound``, or writing less than ``STREAM_STORE_BYTES``: the others
    stream), the shortest measured if it pays at all; 0 (never) if it does not at the
    largest, or no copy measured is cached."""
    below = tuple(
        t for t in times if t[0] < stream_bound or t[0] // 2 < STREAM_STORE_BYTES
    )
    if not below:
        return 0
    bound = choose(below)
    if bound > below[-1][0]:
        return 0
    return max(bound, below[0][0]) // 2


def _parse(value: str, where: str) -> int:
    try:
        parsed = int(value) if value.isascii() and value.isdigit() else -1
    except ValueError:  # more digits than int() reads
        parsed = -1
    if not is_working_set(parsed):
        raise SliceError(
            f"{where} = {value!r}: not a byte count (an integer from 0 to 2**63 - 1)"
        )
    return parsed


def stored(cache_dir: Path | None = None) -> Calibration | None:
    """The calibration stored in ``cache_dir`` (the default cache directory when
    ``None``) for this host, or ``None`` (none, another host's, or unreadable)."""
    path = (cache_dir or default_cache_dir()) / CALIBRATION_FILE
    try:
        data = json.loads(path.read_text())
        calibration = Calibration(
            str(data["host"]),
            int(data["stream_working_set"]),
            {
                str(kind): tuple((int(w), float(s), float(p)) for w, s, p in times)
                for kind, times in data["times"].items()
            },
            data.get("stream_lines_in_order", STREAM_LINES_IN_ORDER),
            data.get("string_move_bytes", STRING_MOVE_BYTES),
        )
        if not isinstance(calibration.stream_lines_in_order, bool):
            return None
        if not is_working_set(calibration.string_move_bytes):
            return None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # unreadable (RecursionError: JSON nested too deeply)
    if calibration.host != host_identity() or not is_working_set(
        calibration.stream_working_set
    ):
        return None
    return calibration


def _parse_order(value: str, where: str) -> bool:
    if value not in ("0", "1"):
        raise SliceError(f"{where} = {value!r}: not 0 or 1")
    return value == "1"


def _host_value(
    variable: str,
    parse: Callable[[str, str], T],
    default: Callable[[], tuple[T, str]],
    pick: Callable[[Calibration], T],
    cache_dir: Path | None,
) -> tuple[T, str]:
    """``$variable`` parsed if set, else ``pick`` of the calibration stored for this
    host in ``cache_dir``, else ``default()``; with where it came from."""
    configured = os.environ.get(variable)
    if configured:
        return parse(configured, f"${variable}"), f"${variable}"
    calibration = stored(cache_dir)
    if calibration is None:
        return default()
    return pick(calibration), "calibrated on this host"


NOT_CALIBRATED = "the default: no calibration of this host"


def host_setting(cache_dir: Path | None = None) -> tuple[int, str]:
    """``$SLICE_STREAM_WORKING_SET`` if set, else the bound stored for this host in
    ``cache_dir``, else ``default_stream_working_set()``; with where it came from."""
    return _host_value(
        ENVIRONMENT,
        _parse,
        default_stream_working_set,
        lambda c: c.stream_working_set,
        cache_dir,
    )


def host_order_setting(cache_dir: Path | None = None) -> tuple[bool, str]:
    """``$SLICE_STREAM_LINES_IN_ORDER`` if set, else the line order stored for this
    host in ``cache_dir``, else ``STREAM_LINES_IN_ORDER``; with where it came from."""
    return _host_value(
        ORDER_ENVIRONMENT,
        _parse_order,
        lambda: (STREAM_LINES_IN_ORDER, NOT_CALIBRATED),
        lambda c: c.stream_lines_in_order,
        cache_dir,
    )


def host_string_move_setting(cache_dir: Path | None = None) -> tuple[int, str]:
    """``$SLICE_STRING_MOVE_BYTES`` if set, else the string-move bound stored for this
    host in ``cache_dir``, else ``STRING_MOVE_BYTES``; with where it came from."""
    return _host_value(
        STRING_MOVE_ENVIRONMENT,
        _parse,
        lambda: (STRING_MOVE_BYTES, NOT_CALIBRATED),
        lambda c: c.string_move_bytes,
        cache_dir,
    )


def host_stream_working_set(cache_dir: Path | None = None) -> int:
    """The bound ``compile`` lowers with (``host_setting``)."""
    return host_setting(cache_dir)[0]


def host_stream_lines_in_order(cache_dir: Path | None = None) -> bool:
    """The line order ``compile`` lowers with (``host_order_setting``)."""
    return host_order_setting(cache_dir)[0]


def host_string_move_bytes(cache_dir: Path | None = None) -> int:
    """The string-move bound ``compile`` lowers with (``host_string_move_setting``)."""
    return host_string_move_setting(cache_dir)[0]


def host_stream_target(cache_dir: Path | None = None) -> StreamTarget:
    """All three: what ``compile`` lowers with unless told."""
    return StreamTarget(
        host_stream_working_set(cache_dir),
        host_stream_lines_in_order(cache_dir),
        host_string_move_bytes(cache_dir),
    )


def describe(cache_dir: Path | None = None) -> str:
    """``stream-working-set N (where from), stream-lines-in-order B (where from),
    string-move-bytes M (where from)``, for the benchmarks' headers."""
    value, source = host_setting(cache_dir)
    order, order_source = host_order_setting(cache_dir)
    moves, moves_source = host_string_move_setting(cache_dir)
    return (
        f"stream-working-set {value} ({value / MIB:g} MiB, {source}), "
        f"stream-lines-in-order {str(order).lower()} ({order_source}), "
        f"string-move-bytes {moves} ({_string_move_text(moves)}, {moves_source})"
    )


def _string_move_text(value: int) -> str:
    return "never" if value == 0 else f"runs from {value / MIB:g} MiB"


def _window(kind: str, working_set: int) -> tuple[str, list[int]]:
    """The IR of ``kind``'s copy of about ``working_set`` bytes, and its input shape."""
    if kind == "rows":
        rows = working_set // (2048 + 1792)
        shape, offsets, sizes = [rows, 512], [0, 32], [rows, 448]
    else:  # contiguous, either line order
        elements = working_set // 8  # half the working set read, half written
        shape, offsets, sizes = [elements], [0], [elements]
    t = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    r = "tensor<" + "x".join(map(str, sizes)) + "xf32>"
    strides = [1] * len(shape)
    return (
        f"func.func @main(%x: {t}) -> {r} {{\n"
        f"  %r = slice.window %x offsets {offsets} sizes {sizes} strides {strides} "
        f": {t} -> {r}\n"
        f"  func.return %r : {r}\n"
        "}\n"
    ), shape


def measure(cache_dir: Path | None = None) -> Calibration:
    """Time both forms of each kind at every working set (see the module's
    docstring)."""
    times: dict[str, Times] = {}
    for _ in range(PASSES):
        for kind in KINDS:
            new = _measure_kind(kind, cache_dir)
            old = times.get(kind, new)
            times[kind] = tuple(
                (size, min(a[1], b[1]), min(a[2], b[2]))
                for (size, *_), a, b in zip(new, old, new, strict=True)
            )
    in_order = line_order(times)
    contiguous = times["contiguous in order" if in_order else "contiguous"]
    bound = min(choose(times["rows"]), choose(contiguous))
    moves = choose_string_move(times["string move"], bound)
    return Calibration(host_identity(), bound, times, in_order, moves)


def line_order(times: dict[str, Times]) -> bool:
    """Whether streamed contiguous copies took less time in all with their lines in
    order than in blocks."""
    blocked = sum(streamed for _, streamed, _ in times["contiguous"])
    return sum(streamed for _, streamed, _ in times["contiguous in order"]) < blocked


def _unaliased_like(result: np.ndarray, source: np.ndarray) -> np.ndarray:
    """An array of ``result``'s shape and type whose first byte lies 2 KiB above
    ``source``'s in its 4 KiB page. Two big numpy arrays share their offset in the page
    (glibc's ``mmap`` chunks), where the C target streams a run's lines in order even
    when told blocks (``slice_stream_long``: 4K aliasing), and smaller ones may lie
    16 bytes apart, where its string move is ``slice_memcpy`` (``slice_string_move``); so
    the contiguous kinds and the string move compare their forms away from both."""
    import numpy as np

    raw = np.empty(result.nbytes + 8192, np.uint8)
    start = (source.ctypes.data + 2048 - raw.ctypes.data) % 4096
    return raw[start : start + result.nbytes].view(result.dtype).reshape(result.shape)


def _measure_kind(kind: str, cache_dir: Path | None) -> Times:
    import numpy as np

    from slice_dialect.compiler import compile

    times: list[tuple[int, float, float]] = []
    moves = kind == "string move"
    for size in STRING_MOVE_WORKING_SETS if moves else WORKING_SETS:
        text, shape = _window(kind, size)
        in_order = kind == "contiguous in order"
        # (streamed, plain), or for the string move (string move, memcpy)
        forms = (
            [(STREAM_NEVER, 1), (STREAM_NEVER, 0)]
            if moves
            else [(0, 0), (STREAM_NEVER, 0)]
        )
        kernels = [
            compile(
                text,
                cache_dir=cache_dir,
                stream_working_set=bound,
                stream_lines_in_order=in_order,
                string_move_bytes=string_move,
            )
            for bound, string_move in forms
        ]
        x = np.ones(shape, np.float32)
        out = kernels[0](x)
        if kind != "rows":
            out = _unaliased_like(out, x)
        best = [float("inf"), float("inf")]
        for _ in range(STRING_MOVE_REPEATS if moves else REPEATS):
            for k, kernel in enumerate(kernels):
                for _ in range(WARM):
                    kernel(x, out=out)
                samples = []
                for _ in range(SAMPLES):
                    start = time.perf_counter()
                    kernel(x, out=out)
                    samples.append(time.perf_counter() - start)
                best[k] = min(best[k], statistics.median(samples))
        times.append((size, best[0], best[1]))
    return tuple(times)


def store(calibration: Calibration, cache_dir: Path | None = None) -> Path:
    """Write ``calibration`` to the cache directory; its path."""
    directory = cache_dir or default_cache_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / CALIBRATION_FILE
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps(asdict(calibration), indent=1) + "\n")
    temporary.replace(path)
    return path


def table(calibration: Calibration) -> str:
    """The times of ``calibration`` and the bound of each kind, as a Markdown table."""
    lines = [
        f"# {calibration.host}",
        "| copy | working set | streamed (string move) | plain (memcpy) | ratio |",
        "|---|---|---|---|---|",
    ]
    for kind, times in calibration.times.items():
        for size, streamed, plain in times:
            lines.append(
                f"| {kind} | {size / MIB:g} MiB | {streamed * 1e3:.3g} ms "
                f"| {plain * 1e3:.3g} ms | {streamed / plain:.2f} |"
            )
        if kind == "string move":
            chosen = _string_move_text(calibration.string_move_bytes)
        else:
            chosen = f"from {choose(times) / MIB:g} MiB"
        lines.append(f"| {kind} | {chosen} | | | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m slice_dialect.runtime.calibrate",
        description="measure from how many bytes of working set non-temporal stores "
        "pay on this host, in which order they store a long run's lines, and from "
        "how many bytes the string move beats memcpy; store them for compile()",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        help="the kernel cache directory "
        "(default: $SLICE_CACHE_DIR or ~/.cache/slice_dialect)",
    )
    parser.add_argument(
        "--show",
        action="store_true",
        help="measure nothing: print what compile() lowers with and the stored "
        "calibration of this host, if any",
    )
    args = parser.parse_args(argv)
    try:
        if args.show:
            print(describe(args.cache_dir))
            calibration = stored(args.cache_dir)
            if calibration is not None:
                print(table(calibration))
            return 0
        (args.cache_dir or default_cache_dir()).mkdir(parents=True, exist_ok=True)
        calibration = measure(args.cache_dir)
        path = store(calibration, args.cache_dir)
    except (SliceError, OSError, MemoryError) as error:
        print(f"error: {error or type(error).__name__}", file=sys.stderr)
        return 1
    print(table(calibration))
    print(
        f"stream-working-set = {calibration.stream_working_set} "
        f"({calibration.stream_working_set / MIB:g} MiB), stream-lines-in-order = "
        f"{str(calibration.stream_lines_in_order).lower()}, string-move-bytes = "
        f"{calibration.string_move_bytes} "
        f"({_string_move_text(calibration.string_move_bytes)}), written to {path}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
