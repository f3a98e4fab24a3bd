"""``slice_dialect/runtime/calibrate.py``: the host's streaming bound, line order and
string-move bound, and ``compile``'s ``stream_working_set``, ``stream_lines_in_order``
and ``string_move_bytes``.

The rules that turn times into a bound (``choose``, ``choose_string_move``) and a line
order (``line_order``),
the stored calibration (read back, refused for another host or when damaged), the
environment variables' overrides and their bad values, ``compile``'s arguments, and one
real measurement on tiny copies (its times are not checked: speed lives in ``bench/``;
that the measurement runs, stores what ``compile`` then uses, and picks a bound the
rule allows).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import slice_dialect
from passes.copy_plan import STREAM_WORKING_SET, STRING_MOVE_BYTES, StreamTarget
from slice_dialect import SliceError, compiler
from slice_dialect.runtime import calibrate
from slice_dialect.runtime.calibrate import (
    CALIBRATION_FILE,
    ENVIRONMENT,
    MIB,
    ORDER_ENVIRONMENT,
    STRING_MOVE_ENVIRONMENT,
    Calibration,
    choose,
    choose_string_move,
    host_identity,
    host_order_setting,
    host_setting,
    host_stream_lines_in_order,
    host_stream_target,
    host_stream_working_set,
    host_string_move_bytes,
    host_string_move_setting,
    line_order,
    measure,
    store,
    stored,
)


@pytest.fixture
def host(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The host's own settings: ``conftest.py``'s 0s unset, on a host whose caches
    Linux does not describe (``SYSFS_CPUS`` empty: the uncalibrated bound is
    ``STREAM_WORKING_SET``, the same on every machine)."""
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    monkeypatch.delenv(ORDER_ENVIRONMENT, raising=False)
    monkeypatch.delenv(STRING_MOVE_ENVIRONMENT, raising=False)
    monkeypatch.setattr(calibrate, "SYSFS_CPUS", tmp_path_factory.mktemp("no-sysfs"))


def fake_caches(root: Path, cpu: int, caches: list[tuple[str, str, str]]) -> None:
    """``root/cpuN/cache/indexM/{level,type,size}`` as Linux writes them."""
    for m, (level, kind, size) in enumerate(caches):
        index = root / f"cpu{cpu}" / "cache" / f"index{m}"
        index.mkdir(parents=True)
        (index / "level").write_text(level + "\n")
        (index / "type").write_text(kind + "\n")
        (index / "size").write_text(size + "\n")


ZEN5 = [("1", "Data", "48K"), ("1", "Instruction", "32K")]
ZEN5 += [("2", "Unified", "1024K"), ("3", "Unified", "32768K")]
"""Session 45's EPYC as Linux describes it: 32 MiB of L3 (``getconf`` says 384)."""


@pytest.mark.parametrize(
    ("caches", "expected"),
    [
        (ZEN5, 32 * MIB),
        ([("1", "Data", "32K"), ("2", "Unified", "2M")], 2 * MIB),
        ([("1", "Data", "32K"), ("4", "Instruction", "1G")], 32 * 1024),
        ([("3", "Unified", "256")], 256),
        ([("3", "Unified", "")], None),
        ([("3", "Unified", "12 K")], None),
        ([("x", "Unified", "12K")], None),
        ([("3", "Unified", "0K")], None),
        ([("3", "Unified", "999999999999G")], None),  # more than 2**63 - 1 bytes
        ([("\u00b2", "Unified", "32M")], None),  # not an ASCII digit
        ([("3", "Unified", "\u0663\u0662K")], None),
        ([("1", "Instruction", "32K")], None),
        ([], None),
    ],
)
def test_the_last_level_cache_is_read_from_linux(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caches: list[tuple[str, str, str]],
    expected: int | None,
) -> None:
    monkeypatch.setattr(calibrate, "SYSFS_CPUS", tmp_path)
    monkeypatch.setattr(calibrate.os, "sched_getaffinity", lambda pid: {0, 1})
    fake_caches(tmp_path, 0, caches)
    assert calibrate.last_level_cache_bytes() == expected


def test_the_last_level_cache_is_the_one_this_process_runs_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(calibrate, "SYSFS_CPUS", tmp_path)
    fake_caches(tmp_path, 0, ZEN5)
    fake_caches(tmp_path, 5, [("3", "Unified", "16M")])
    monkeypatch.setattr(calibrate.os, "sched_getaffinity", lambda pid: {7, 5, 6})
    assert calibrate.last_level_cache_bytes() == 16 * MIB
    monkeypatch.setattr(calibrate.os, "sched_getaffinity", lambda pid: {0, 5})
    assert calibrate.last_level_cache_bytes() == 32 * MIB


def test_an_uncalibrated_host_streams_above_its_last_level_cache(
    tmp_path: Path,
    host: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without a calibration the bound is the cache a copy would otherwise stay in:
    W4 (8 MiB from 16 MiB) streamed under the old default of 0 and took 1.4x
    numpy's time on session 45's machine, whose calibration measured 32 MiB."""
    sysfs = tmp_path / "sys"
    monkeypatch.setattr(calibrate, "SYSFS_CPUS", sysfs)
    monkeypatch.setattr(calibrate.os, "sched_getaffinity", lambda pid: {0})
    fake_caches(sysfs, 0, ZEN5)
    cache_dir = tmp_path / "kernels"
    uncalibrated = "no calibration of this host: its last-level cache"
    assert host_setting(cache_dir) == (32 * MIB, uncalibrated)
    assert host_stream_target(cache_dir) == StreamTarget(32 * MIB, False, 0)
    assert calibrate.main(["--show", "--cache-dir", str(cache_dir)]) == 0
    assert capsys.readouterr().out.startswith(
        f"stream-working-set 33554432 (32 MiB, {uncalibrated}), "
    )
    store(Calibration(host_identity(), 8 * MIB, {}), cache_dir)
    assert host_setting(cache_dir) == (8 * MIB, "calibrated on this host")
    monkeypatch.setenv(ENVIRONMENT, "0")
    assert host_setting(cache_dir) == (0, f"${ENVIRONMENT}")


def times(*ratios: float) -> tuple[tuple[int, float, float], ...]:
    """Times at 4, 8, ... MiB whose streamed/plain ratios are ``ratios``."""
    return tuple((MIB << (k + 2), r, 1.0) for k, r in enumerate(ratios))


@pytest.mark.parametrize(
    ("ratios", "bound"),
    [
        ((0.5, 0.5, 0.5), 0),  # pays everywhere: from the smallest, 0
        ((1.5, 0.9, 0.5), 8 * MIB),  # from the first size where it pays
        ((1.5, 0.96, 0.5), 16 * MIB),  # 0.96 > MARGIN: not enough
        ((0.5, 1.5, 0.5), 16 * MIB),  # a loss above a win: from after the loss
        ((1.5, 1.5, 1.5), 32 * MIB),  # never: twice the largest measured
    ],
)
def test_choose(ratios: tuple[float, ...], bound: int) -> None:
    assert choose(times(*ratios)) == bound


@pytest.mark.parametrize(
    ("ratios", "stream_bound", "bound"),
    [
        # pays everywhere: from the shortest run measured (half of 4 MiB)
        ((0.5, 0.5, 0.5), 64 * MIB, 2 * MIB),
        ((1.0, 0.9, 0.5), 64 * MIB, 4 * MIB),  # from the first size where it pays
        ((1.0, 0.96, 0.5), 64 * MIB, 8 * MIB),  # 0.96 > MARGIN: not enough
        ((0.5, 1.5, 0.5), 64 * MIB, 8 * MIB),  # a loss above a win: after the loss
        ((1.0, 1.0, 1.0), 64 * MIB, 0),  # never
        ((0.5, 0.5, 1.5), 64 * MIB, 0),  # a loss at the largest: never
        # ... but from 16 MiB those copies stream: the loss there does not count
        ((0.5, 0.5, 1.5), 16 * MIB, 2 * MIB),
        ((0.5, 0.5, 1.5), 4 * MIB, 0),  # every copy measured streams
        ((0.5, 0.5, 0.5), 0, 0),
    ],
)
def test_choose_string_move(
    ratios: tuple[float, ...], stream_bound: int, bound: int
) -> None:
    assert choose_string_move(times(*ratios), stream_bound) == bound


def test_a_copy_writing_under_two_mib_never_streams() -> None:
    """A copy writing less than ``STREAM_STORE_BYTES`` (2 MiB) is cached whatever the
    streaming bound, so its string-move time counts at a bound of 0 (helper 26: a
    calibrated bound of 0 turned the string move off)."""
    small = tuple(((MIB // 2) << k, 0.8, 1.0) for k in range(5))  # 0.5 ... 8 MiB
    assert choose_string_move(small, 0) == MIB // 4
    slower = ((MIB // 2, 0.8, 1.0), (MIB, 0.8, 1.0), (2 * MIB, 1.0, 1.0))
    assert choose_string_move(slower, 0) == 0
    assert choose_string_move((*slower, (4 * MIB, 0.8, 1.0)), 0) == 0


@pytest.mark.parametrize(
    ("blocked", "in_order", "chosen"),
    [
        ((1.0, 2.0), (0.5, 1.0), True),  # in order faster throughout
        ((1.0, 2.0), (1.1, 2.1), False),  # blocks faster throughout
        ((1.0, 2.0), (0.5, 2.6), False),  # one size each way: the total decides
        ((1.0, 2.0), (1.0, 2.0), False),  # a tie keeps the blocks, the default
    ],
)
def test_line_order(
    blocked: tuple[float, ...], in_order: tuple[float, ...], chosen: bool
) -> None:
    def kind(streamed: tuple[float, ...]) -> tuple[tuple[int, float, float], ...]:
        return tuple((MIB << k, t, 1.0) for k, t in enumerate(streamed))

    measured = {"contiguous": kind(blocked), "contiguous in order": kind(in_order)}
    assert line_order(measured) is chosen


def test_stored_calibration_round_trip(tmp_path: Path, host: None) -> None:
    calibration = Calibration(
        host_identity(),
        32 * MIB,
        {"rows": times(1.2, 0.5), "contiguous": times(2, 1)},
        stream_lines_in_order=True,
        string_move_bytes=MIB // 2,
    )
    path = store(calibration, tmp_path)
    assert path == tmp_path / CALIBRATION_FILE
    assert stored(tmp_path) == calibration
    assert host_stream_working_set(tmp_path) == 32 * MIB
    assert host_setting(tmp_path) == (32 * MIB, "calibrated on this host")
    assert host_stream_lines_in_order(tmp_path) is True
    assert host_order_setting(tmp_path) == (True, "calibrated on this host")
    assert host_string_move_bytes(tmp_path) == MIB // 2
    assert host_string_move_setting(tmp_path) == (MIB // 2, "calibrated on this host")
    assert calibrate.describe(tmp_path) == (
        "stream-working-set 33554432 (32 MiB, calibrated on this host), "
        "stream-lines-in-order true (calibrated on this host), "
        "string-move-bytes 524288 (runs from 0.5 MiB, calibrated on this host)"
    )


def test_a_calibration_from_before_the_line_order_keeps_the_blocks(
    tmp_path: Path, host: None
) -> None:
    """A file without ``stream_lines_in_order`` (session 30's) still gives its bound;
    its copies were measured with the blocks, which it keeps."""
    text = json.dumps({"host": host_identity(), "stream_working_set": 5, "times": {}})
    (tmp_path / CALIBRATION_FILE).write_text(text)
    assert host_setting(tmp_path) == (5, "calibrated on this host")
    assert host_order_setting(tmp_path) == (False, "calibrated on this host")
    assert host_string_move_setting(tmp_path) == (0, "calibrated on this host")


def test_show_prints_the_setting_and_measures_nothing(
    tmp_path: Path,
    host: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def no_measurement(cache_dir: Path | None = None) -> Calibration:
        raise AssertionError("--show measured")

    monkeypatch.setattr(calibrate, "measure", no_measurement)
    assert calibrate.main(["--show", "--cache-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == (
        "stream-working-set 0 (0 MiB, the default: no calibration of this host), "
        "stream-lines-in-order false (the default: no calibration of this host), "
        "string-move-bytes 0 (never, the default: no calibration of this host)\n"
    )
    store(
        Calibration(host_identity(), 8 * MIB, {"rows": times(1.5, 0.5)}, True),
        tmp_path,
    )
    assert calibrate.main(["--show", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "stream-working-set 8388608 (8 MiB, calibrated on this host), "
        "stream-lines-in-order true (calibrated on this host), "
        "string-move-bytes 0 (never, calibrated on this host)"
    )
    assert out[1] == f"# {host_identity()}"
    assert out[4:] == [
        "| rows | 4 MiB | 1.5e+03 ms | 1e+03 ms | 1.50 |",
        "| rows | 8 MiB | 500 ms | 1e+03 ms | 0.50 |",
        "| rows | from 8 MiB | | | |",
    ]
    monkeypatch.setenv(ENVIRONMENT, "lots")
    assert calibrate.main(["--show", "--cache-dir", str(tmp_path)]) == 1
    assert "$SLICE_STREAM_WORKING_SET = 'lots': not a byte count" in (
        capsys.readouterr().err
    )
    monkeypatch.setenv(ENVIRONMENT, str(2**63))
    assert calibrate.main(["--show", "--cache-dir", str(tmp_path)]) == 1
    assert f"$SLICE_STREAM_WORKING_SET = '{2**63}': not a byte count" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "{}",
        '{"host": "HOST", "stream_working_set": "x", "times": {}}',
        '{"host": "HOST", "stream_working_set": -5, "times": {}}',
        '{"host": "another machine", "stream_working_set": 5, "times": {}}',
        '{"host": "HOST", "stream_working_set": 5, "times": {}, '
        '"stream_lines_in_order": 1}',
        '{"host": "HOST", "stream_working_set": 5, "times": {}, "string_move_bytes": -1}',
        '{"host": "HOST", "stream_working_set": 5, "times": {}, '
        '"string_move_bytes": true}',
        '{"host": "HOST", "stream_working_set": 5, "times": {}, '
        '"string_move_bytes": "1024"}',
    ],
)
def test_a_damaged_or_foreign_calibration_is_not_used(
    tmp_path: Path, host: None, text: str
) -> None:
    (tmp_path / CALIBRATION_FILE).write_text(text.replace("HOST", host_identity()))
    assert stored(tmp_path) is None
    assert host_setting(tmp_path) == (0, "the default: no calibration of this host")
    assert host_order_setting(tmp_path) == (
        False,
        "the default: no calibration of this host",
    )
    assert host_string_move_setting(tmp_path) == (
        STRING_MOVE_BYTES,
        "the default: no calibration of this host",
    )


def test_the_environment_overrides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store(Calibration(host_identity(), 32 * MIB, {}), tmp_path)
    monkeypatch.setenv(ENVIRONMENT, "1024")
    assert host_setting(tmp_path) == (1024, f"${ENVIRONMENT}")
    for bad in ("-1", "lots", "1.5"):
        monkeypatch.setenv(ENVIRONMENT, bad)
        with pytest.raises(SliceError, match=f"\\${ENVIRONMENT} = '{bad}': not a byte"):
            host_stream_working_set(tmp_path)
    store(Calibration(host_identity(), 0, {}, stream_lines_in_order=True), tmp_path)
    monkeypatch.setenv(ORDER_ENVIRONMENT, "0")
    assert host_order_setting(tmp_path) == (False, f"${ORDER_ENVIRONMENT}")
    for bad in ("2", "true", "yes"):
        monkeypatch.setenv(ORDER_ENVIRONMENT, bad)
        with pytest.raises(SliceError, match=f"\\${ORDER_ENVIRONMENT} = '{bad}': not 0"):
            host_stream_lines_in_order(tmp_path)
    store(Calibration(host_identity(), 0, {}, string_move_bytes=MIB), tmp_path)
    monkeypatch.setenv(STRING_MOVE_ENVIRONMENT, "0")
    assert host_string_move_setting(tmp_path) == (0, f"${STRING_MOVE_ENVIRONMENT}")
    for bad in ("-1", "lots", "1.5", str(2**63)):
        monkeypatch.setenv(STRING_MOVE_ENVIRONMENT, bad)
        with pytest.raises(
            SliceError, match=f"\\${STRING_MOVE_ENVIRONMENT} = '{bad}': not a byte"
        ):
            host_string_move_bytes(tmp_path)


CROP = """\
func.func @main(%x: tensor<1x256x128x128xf32>) -> tensor<1x128x128x128xf32> {
  %r = slice.window %x offsets [0, 64, 0, 0] sizes [1, 128, 128, 128] strides [1, 1, 1, 1] : tensor<1x256x128x128xf32> -> tensor<1x128x128x128xf32>
  func.return %r : tensor<1x128x128x128xf32>
}
"""


@pytest.fixture
def lowered_for(monkeypatch: pytest.MonkeyPatch) -> list[StreamTarget]:
    """The target of each lowering ``compile`` asks for from now on."""
    seen: list[StreamTarget] = []
    real = compiler.lowered

    def spy(source: str, entry: str, filename: str, stream: StreamTarget) -> object:
        seen.append(stream)
        return real(source, entry, filename, stream)

    monkeypatch.setattr(compiler, "lowered", spy)
    return seen


def _main(bound: int, in_order: bool = False, string_move_bytes: int = 0) -> str:
    """The C of W4's copy lowered for ``bound``, ``in_order`` and
    ``string_move_bytes``."""
    stream = StreamTarget(bound, in_order, string_move_bytes)
    source = compiler.lowered(CROP, "main", "<source>", stream).c_source("slice_")
    return source.split("int32_t slice_main(")[1]


def _streams(bound: int) -> bool:
    """Whether W4's copy lowered with ``bound`` stores with non-temporal stores."""
    return "slice_stream(" in _main(bound)


def test_compile_takes_the_bound(
    tmp_path: Path,
    host: None,
    monkeypatch: pytest.MonkeyPatch,
    lowered_for: list[StreamTarget],
) -> None:
    """``stream_working_set`` given, from the environment and from the stored
    calibration, reaches the lowering; W4's copy (16 MiB of span and output) streams
    at a bound of 16 MiB, not above, and copies the same either way."""
    assert _streams(16 * MIB) and not _streams(16 * MIB + 1)
    lowered_for.clear()
    x = np.arange(256 * 128 * 128, dtype=np.float32).reshape(1, 256, 128, 128)
    for bound in (16 * MIB, 16 * MIB + 1):
        kernel = slice_dialect.compile(CROP, cache_dir=tmp_path, stream_working_set=bound)
        assert np.array_equal(kernel(x), x[:, 64:192])
    store(Calibration(host_identity(), 5 * MIB, {}), tmp_path)
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    monkeypatch.setenv(ENVIRONMENT, "7")
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    assert [s.working_set for s in lowered_for] == [16 * MIB, 16 * MIB + 1, 5 * MIB, 7]


def test_compile_takes_the_line_order(
    tmp_path: Path,
    host: None,
    monkeypatch: pytest.MonkeyPatch,
    lowered_for: list[StreamTarget],
) -> None:
    """``stream_lines_in_order`` given, from the environment and from the stored
    calibration, reaches the lowering: W4's streamed copy (one 8 MiB run) stores its
    lines in order or in blocks, and copies the same either way."""
    assert "slice_stream_in_order(" in _main(0, True)
    assert "slice_stream(" in _main(0, False) and "in_order" not in _main(0, False)
    lowered_for.clear()
    x = np.arange(256 * 128 * 128, dtype=np.float32).reshape(1, 256, 128, 128)
    for in_order in (True, False):
        kernel = slice_dialect.compile(
            CROP, cache_dir=tmp_path, stream_working_set=0, stream_lines_in_order=in_order
        )
        assert np.array_equal(kernel(x), x[:, 64:192])
    store(Calibration(host_identity(), 0, {}, stream_lines_in_order=True), tmp_path)
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    monkeypatch.setenv(ORDER_ENVIRONMENT, "0")
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    assert [s.lines_in_order for s in lowered_for] == [True, False, True, False]


def test_compile_takes_the_string_move_bound(
    tmp_path: Path,
    host: None,
    monkeypatch: pytest.MonkeyPatch,
    lowered_for: list[StreamTarget],
) -> None:
    """``string_move_bytes`` given, from the environment and from the stored
    calibration, reaches the lowering: W4's copy (one run of 8 MiB, cached) is a string
    move from a bound of 8 MiB down (not 0, never; not when streamed), and copies the
    same either way, in a plain and in a sanitizer build (where it is ``memcpy``)."""
    never = 1 << 62
    moved = "slice_string_move(out_flat, x_flat + 1048576, 8388608);"
    assert moved in _main(never, string_move_bytes=8 * MIB)
    for bound, moves in ((never, 8 * MIB + 1), (never, 0), (0, 1)):
        assert "slice_string_move(" not in _main(bound, string_move_bytes=moves)
    lowered_for.clear()
    x = np.arange(256 * 128 * 128, dtype=np.float32).reshape(1, 256, 128, 128)
    for moves in (1, 0):
        kernel = slice_dialect.compile(
            CROP, cache_dir=tmp_path, stream_working_set=never, string_move_bytes=moves
        )
        assert np.array_equal(kernel(x), x[:, 64:192])
    store(Calibration(host_identity(), never, {}, string_move_bytes=MIB), tmp_path)
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    monkeypatch.setenv(STRING_MOVE_ENVIRONMENT, "0")
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    assert [s.string_move_bytes for s in lowered_for] == [1, 0, MIB, 0]


@pytest.mark.parametrize("bad", [-1, 1.5, "1", True, 2**63, 2**70])
def test_compile_refuses_a_bad_string_move_bound(bad: object) -> None:
    with pytest.raises(SliceError, match="string_move_bytes must be a byte count"):
        slice_dialect.compile(CROP, string_move_bytes=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 1.5, "1", True, 2**63, 2**70])
def test_compile_refuses_a_bad_bound(bad: object) -> None:
    with pytest.raises(SliceError, match="stream_working_set must be a byte count"):
        slice_dialect.compile(CROP, stream_working_set=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bound", [-1, 2**63, 2**64])
def test_a_stored_bound_out_of_range_is_not_used(
    bound: int, tmp_path: Path, lowered_for: list[StreamTarget]
) -> None:
    """A calibration file whose bound is no byte count ``compile`` takes (below 0, or
    beyond int64: a ``ValueError`` of the pass, with a traceback, before) is read as
    no calibration, like an unreadable one: the default bound."""
    path = store(Calibration(host_identity(), 1 << 20, {}), tmp_path)
    data = json.loads(path.read_text())
    data["stream_working_set"] = bound
    path.write_text(json.dumps(data))
    assert calibrate.stored(tmp_path) is None
    slice_dialect.compile(CROP, cache_dir=tmp_path)
    assert lowered_for[-1].working_set == STREAM_WORKING_SET


@pytest.mark.parametrize("text", [" 5", "5 ", "1_000", "+5", "٣", "9" * 5000])
def test_environment_bound_is_decimal_digits(text: str, monkeypatch, capsys) -> None:
    """``$SLICE_STREAM_WORKING_SET`` is decimal digits only (not what ``int()`` also
    takes: spaces, ``_`` between digits, a sign, other scripts' digits)."""
    monkeypatch.setenv(ENVIRONMENT, text)
    with pytest.raises(SliceError, match="not a byte count"):
        calibrate.host_setting()


@pytest.mark.parametrize("bad", [0, 1, "true"])
def test_compile_refuses_a_bad_line_order(bad: object) -> None:
    with pytest.raises(SliceError, match="stream_lines_in_order must be a bool or None"):
        slice_dialect.compile(CROP, stream_lines_in_order=bad)  # type: ignore[arg-type]


def test_a_measurement_on_tiny_copies(
    tmp_path: Path,
    host: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The whole measurement, on copies of 256 KiB and 512 KiB: each kind's times, a
    bound the rule allows, stored where ``compile`` finds it."""
    sizes = (256 * 1024, 512 * 1024)
    monkeypatch.setattr(calibrate, "WORKING_SETS", sizes)
    monkeypatch.setattr(calibrate, "STRING_MOVE_WORKING_SETS", sizes)
    monkeypatch.setattr(calibrate, "PASSES", 1)
    monkeypatch.setattr(calibrate, "REPEATS", 1)
    monkeypatch.setattr(calibrate, "STRING_MOVE_REPEATS", 1)
    calibration = measure(tmp_path)
    assert set(calibration.times) == set(calibrate.KINDS)
    for kind_times in calibration.times.values():
        assert [size for size, _, _ in kind_times] == list(sizes)
        assert all(streamed > 0 and plain > 0 for _, streamed, plain in kind_times)
    in_order = line_order(calibration.times)
    assert calibration.stream_lines_in_order is in_order
    contiguous = calibration.times["contiguous in order" if in_order else "contiguous"]
    assert calibration.stream_working_set == min(
        choose(calibration.times["rows"]), choose(contiguous)
    )
    assert calibration.stream_working_set in (0, *sizes, 2 * sizes[-1])
    assert calibration.string_move_bytes == choose_string_move(
        calibration.times["string move"], calibration.stream_working_set
    )
    assert calibration.string_move_bytes in (0, *(size // 2 for size in sizes))
    assert calibrate.main(["--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"written to {tmp_path / CALIBRATION_FILE}" in out
    assert (
        json.loads((tmp_path / CALIBRATION_FILE).read_text())["host"] == host_identity()
    )
    assert stored(tmp_path) is not None


@pytest.mark.parametrize("shape", [(3,), (1 << 20,), (300, 7)])
def test_the_line_orders_are_compared_away_from_4k_aliasing(
    shape: tuple[int, ...],
) -> None:
    """The contiguous kinds' output lies 2 KiB above the source in its page (where
    the C target's blocks are blocks), whatever numpy gave; its shape and type are the
    result's, and it is writable and C-contiguous (``out=`` takes it)."""
    for dtype in (np.float32, np.float64):
        source = np.ones(shape, dtype)
        result = np.zeros(shape, dtype)
        out = calibrate._unaliased_like(result, source)  # pyright: ignore[reportPrivateUsage]
        assert (out.ctypes.data - source.ctypes.data) % 4096 == 2048
        assert out.shape == result.shape and out.dtype == result.dtype
        assert out.flags.c_contiguous and out.flags.writeable and out.flags.aligned


DYNAMIC = """\
func.func @main(%x: tensor<?x?xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<?x?xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
"""


@pytest.mark.parametrize(
    ("bound", "in_order"), [(0, False), (0, True), (12 * MIB, False), (1 << 62, True)]
)
def test_dynamic_runs_decide_on_their_footprint(
    tmp_path: Path, bound: int, in_order: bool
) -> None:
    """A dynamic crop of a 16 MiB source (a 4 MiB and a 12 MiB output): its runs
    stream where the source's footprint (a value the lowering computes, not the
    source view) and the dest view hold ``bound`` bytes together, their lines in order
    with ``in_order``, and copy what numpy does whichever they pick."""
    stream = StreamTarget(bound, in_order)
    source = compiler.lowered(DYNAMIC, "main", "<source>", stream).c_source("slice_")
    assert "|| x_flat_d0" not in source
    assert (re.search(r"\|\| v\d+ >= \d+ - out_flat_d0\)", source) is not None) is (
        bound > 0
    )
    assert ("slice_stream_in_order(out_flat" in source) is in_order
    kernel = slice_dialect.compile(
        DYNAMIC,
        cache_dir=tmp_path,
        stream_working_set=bound,
        stream_lines_in_order=in_order,
    )
    x = np.arange(2048 * 2048, dtype=np.float32).reshape(2048, 2048)
    for starts, ends in (([0, 1024], [2048, 1536]), ([0, 512], [2048, 2048])):
        assert np.array_equal(kernel(x, starts, ends), x[:, starts[1] : ends[1]])
