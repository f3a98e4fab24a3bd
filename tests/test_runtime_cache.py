"""The kernel cache and the compiler configuration (``slice_dialect.runtime.cache``).

* a second compile of the same module does not run the compiler, other flags do;
* eight processes compiling the same and different modules at once into one fresh
  cache directory all get right results, and leave only complete, trusted entries;
* a damaged entry (truncated, random bytes with or without a matching record, a
  record copied from another entry, another valid library copied in with its digest,
  a FIFO or a directory in place of a file) is never trusted: the next compile, in a
  fresh process, rebuilds it and gets the right result, without hanging;
* a cache directory that cannot be used, or a full disk, falls back to a temporary
  directory; no writable directory at all is a ``SliceError``;
* a hanging ``$CC`` is killed after ``$SLICE_CC_TIMEOUT``; unbalanced quotes in
  ``$CC`` or ``$CFLAGS`` are a ``SliceError``; ``$CFLAGS`` reaches the compiler and
  the cache key.

Compiler runs are counted by a ``$CC`` wrapper script that logs each compile (not the
``--version`` and flag probes, nor the fast call extension's build) to a file. Damage
is done between processes: a process that has loaded a library keeps it mapped, so
only a fresh one reads the damaged file.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from lowered import kernel_module

import slice_dialect
from slice_dialect import SliceError, runtime
from slice_dialect.backend.c import emit_c
from slice_dialect.runtime import CKernel, cache
from slice_dialect.runtime.fastcall import build_fast_call_library

SOURCE = """\
func.func @main(%x: tensor<3x20xi32>) -> (tensor<2x3xi32>, tensor<20xi32>) {{
  %r = slice.window %x offsets [2, {k}] sizes [2, 3] strides [-1, 1] : tensor<3x20xi32> -> tensor<2x3xi32>
  %b = arith.constant dense<[1, -1]> : tensor<2xi64>
  %e = arith.constant dense<[0, -9223372036854775808]> : tensor<2xi64>
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %t = slice.tf_strided_slice %x begin %b end %e strides %s {{shrink_axis_mask = 1 : i64}} : tensor<3x20xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<20xi32>
  func.return %r, %t : tensor<2x3xi32>, tensor<20xi32>
}}
"""
"""A two-result module; ``k`` (0 to 17) makes different modules (different C)."""

X = np.arange(60, dtype=np.int32).reshape(3, 20)


def expected(k: int) -> tuple[np.ndarray, np.ndarray]:
    return X[2:0:-1, k : k + 3], X[1, ::-1]


def module(k: int) -> str:
    return SOURCE.format(k=k)


def check(kernel: object, k: int) -> None:
    r, t = kernel(X)  # type: ignore[operator]
    np.testing.assert_array_equal(r, expected(k)[0])
    np.testing.assert_array_equal(t, expected(k)[1])


REAL_CC = os.environ.get("CC", "").strip() or "cc"


@pytest.fixture(scope="module")
def counting_cc(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``$CC`` that logs one line to ``$SLICE_TEST_CC_LOG`` per kernel compile."""
    script = tmp_path_factory.mktemp("cc") / "counting-cc"
    script.write_text(
        "#!/bin/sh\n"
        'case " $* " in\n'
        '  *" -I"*) ;;\n'  # the fast call extension's build
        '  *" -o "*) echo compile >> "$SLICE_TEST_CC_LOG" ;;\n'
        "esac\n"
        f'exec {REAL_CC} "$@"\n'
    )
    script.chmod(0o755)
    # The fast call extension, built once for this $CC into the cache the children
    # share: each child would otherwise build it (a second of compiling each).
    # Where it cannot be built (no headers), the children take the ctypes path.
    with pytest.MonkeyPatch.context() as patch, contextlib.suppress(SliceError):
        patch.setenv("CC", str(script))
        build_fast_call_library()
    return script


def count_compiles(monkeypatch: pytest.MonkeyPatch, cc: Path, directory: Path) -> Path:
    """Make this process compile with ``cc``; the log its compiles go to."""
    monkeypatch.setenv("CC", str(cc))
    log = directory / "log"
    monkeypatch.setenv("SLICE_TEST_CC_LOG", str(log))
    return log


def compiles(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


# A fresh Python that compiles modules ``ks`` into the cache directory (argv[1] or the
# default), checks the results and prints a JSON report. ``barrier`` (argv[2], or
# none): a directory where the child, once imported, makes a file of its own, then
# waits for ``go`` to appear, so that several processes compile at the same moment.
CHILD = """\
import json, os, sys, time
import numpy as np
import slice_dialect
from slice_dialect import SliceError

cache_dir, barrier, ks = sys.argv[1] or None, sys.argv[2], json.loads(sys.argv[3])
source = {source!r}
x = np.arange(60, dtype=np.int32).reshape(3, 20)
if barrier:
    open(os.path.join(barrier, f"ready-{{os.getpid()}}"), "w").close()
    while not os.path.exists(os.path.join(barrier, "go")):
        time.sleep(0.002)
report = {{"ok": [], "errors": [], "libraries": []}}
for k in ks:
    try:
        kernel = slice_dialect.compile(source.format(k=k), "main", "c", cache_dir=cache_dir)
        r, t = kernel(x)
    except SliceError as e:
        report["errors"].append(str(e))
        continue
    good = np.array_equal(r, x[2:0:-1, k : k + 3]) and np.array_equal(t, x[1, ::-1])
    report["ok"].append(bool(good))
    report["libraries"].append(str(kernel.library_path))
print(json.dumps(report))
"""


class Child:
    """A fresh Python running ``CHILD``, with its own compile log; ``env`` holds the
    variables it gets beside (or over) the test run's, $CC being ``cc``."""

    def __init__(
        self,
        cache_dir: Path | str | None,
        ks: list[int],
        cc: Path,
        barrier: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.log = Path(str(cc) + f".log-{time.monotonic_ns()}-{id(self)}")
        # ``cc`` even where the test run has a $CC of its own (a $CC of the caller's
        # wins only through ``env``): the compile counts are the counting cc's.
        environment = {
            **os.environ,
            "CC": str(cc),
            **(env or {}),
            "SLICE_TEST_CC_LOG": str(self.log),
        }
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                CHILD.format(source=SOURCE),
                "" if cache_dir is None else str(cache_dir),
                "" if barrier is None else str(barrier),
                json.dumps(ks),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        )

    def report(self) -> dict:
        """The child's report, with ``compiled``: how many kernels it compiled."""
        out, err = self.process.communicate(timeout=300)
        assert "Traceback" not in out + err, out + err
        assert self.process.returncode == 0, out + err
        result = json.loads(out.strip().splitlines()[-1])
        result["compiled"] = compiles(self.log)
        return result


def run_child(cache_dir: Path | str | None, ks: list[int], cc: Path, **kwargs) -> dict:
    return Child(cache_dir, ks, cc, **kwargs).report()


def records(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob(f"*{cache.RECORD_SUFFIX}"))


def entry(cache_dir: Path, record: Path) -> Path:
    """The library of the entry whose record is ``record`` (checked trusted)."""
    library = cache.cached_library(cache_dir, record.stem)
    assert library is not None, f"untrusted entry {record.name}"
    return library


# Concurrency


def test_eight_processes_compile_the_same_and_different_modules_at_once(
    tmp_path: Path, counting_cc: Path
) -> None:
    fresh = tmp_path / "fresh" / "cache"  # does not exist yet: all of them make it
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    orders = [[0, 1, 2, 0], [2, 1, 0, 2], [1, 2, 0, 1], [0, 2, 1, 0]]
    children = [Child(fresh, orders[i % 4], counting_cc, barrier) for i in range(8)]
    deadline = time.monotonic() + 300
    try:
        while len(list(barrier.glob("ready-*"))) < 8:  # all imported: compile at once
            assert time.monotonic() < deadline, "the children did not start"
            assert all(c.process.poll() is None for c in children), "a child ended"
            time.sleep(0.002)
    except BaseException:
        for c in children:  # none is left waiting for a go that never comes
            c.process.kill()
            c.process.communicate()
        raise
    (barrier / "go").touch()
    reports = [c.report() for c in children]
    for r in reports:
        assert r["errors"] == []
        assert r["ok"] == [True] * 4
        assert r["compiled"] <= 3  # each module at most once per process
    assert len(records(fresh)) == 3
    libraries = {entry(fresh, record) for record in records(fresh)}
    assert len(libraries) == 3
    assert not [p.name for p in fresh.iterdir() if p.name.startswith(".tmp-")]
    # a ninth process finds all three cached and trusted
    assert run_child(fresh, [0, 1, 2], counting_cc)["compiled"] == 0


# Damaged entries


def digest_of(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def rewrite(cache_dir: Path, record: Path, data: bytes) -> None:
    """Put ``data`` in place of the entry's library and record its digest, as a
    copy from elsewhere that knows the layout would."""
    key = record.stem
    library = cache_dir / cache.library_name(key, digest_of(data))
    library.write_bytes(data)
    record.write_text(f"{key} {digest_of(data)}\n")


def damage_truncate(cache_dir: Path, record: Path, other: Path) -> None:
    library = entry(cache_dir, record)
    library.write_bytes(library.read_bytes()[:100])


def damage_random(cache_dir: Path, record: Path, other: Path) -> None:
    library = entry(cache_dir, record)
    library.write_bytes(np.random.default_rng(1).bytes(library.stat().st_size))


def damage_random_recorded(cache_dir: Path, record: Path, other: Path) -> None:
    """Random bytes with a record that matches them."""
    rewrite(cache_dir, record, np.random.default_rng(2).bytes(5000))


def damage_elf_header_recorded(cache_dir: Path, record: Path, other: Path) -> None:
    data = entry(cache_dir, record).read_bytes()
    rewrite(cache_dir, record, data[:64] + bytes(len(data) - 64))


def damage_other_library(cache_dir: Path, record: Path, other: Path) -> None:
    """Another valid library (a different module's) copied over this one."""
    entry(cache_dir, record).write_bytes(entry(cache_dir, other).read_bytes())


def damage_other_library_recorded(cache_dir: Path, record: Path, other: Path) -> None:
    """Another valid library copied in, with its digest recorded for this key."""
    rewrite(cache_dir, record, entry(cache_dir, other).read_bytes())


def damage_other_record(cache_dir: Path, record: Path, other: Path) -> None:
    """The record of another entry copied over this one's."""
    record.write_bytes(other.read_bytes())


def damage_empty(cache_dir: Path, record: Path, other: Path) -> None:
    entry(cache_dir, record).write_bytes(b"")


def damage_delete_library(cache_dir: Path, record: Path, other: Path) -> None:
    entry(cache_dir, record).unlink()


def damage_delete_record(cache_dir: Path, record: Path, other: Path) -> None:
    record.unlink()


def damage_garbage_record(cache_dir: Path, record: Path, other: Path) -> None:
    record.write_bytes(b"\xff\xfe not a digest")


def damage_library_directory(cache_dir: Path, record: Path, other: Path) -> None:
    library = entry(cache_dir, record)
    library.unlink()
    library.mkdir()


def damage_library_fifo(cache_dir: Path, record: Path, other: Path) -> None:
    library = entry(cache_dir, record)
    library.unlink()
    os.mkfifo(library)


def damage_record_fifo(cache_dir: Path, record: Path, other: Path) -> None:
    record.unlink()
    os.mkfifo(record)


DAMAGE = {
    "truncated": damage_truncate,
    "random bytes": damage_random,
    "random bytes, recorded": damage_random_recorded,
    "ELF header then zeros, recorded": damage_elf_header_recorded,
    "another module's library": damage_other_library,
    "another module's library, recorded": damage_other_library_recorded,
    "another module's record": damage_other_record,
    "empty": damage_empty,
    "library deleted": damage_delete_library,
    "record deleted": damage_delete_record,
    "record garbage": damage_garbage_record,
    "library is a directory": damage_library_directory,
    "library is a FIFO": damage_library_fifo,
    "record is a FIFO": damage_record_fifo,
}


def test_damaged_entries_are_detected_and_rebuilt(
    tmp_path: Path, counting_cc: Path
) -> None:
    """One entry per kind of damage (and one left intact). The next compile of each,
    in a fresh process, does not trust a damaged entry: it compiles it again (once)
    and gets the right result; a FIFO does not hang it."""
    ks = list(range(len(DAMAGE) + 1))
    first = run_child(tmp_path, ks, counting_cc)
    assert first["ok"] == [True] * len(ks) and first["compiled"] == len(ks)
    record_of = [
        tmp_path / (Path(path).name.split("-")[0] + cache.RECORD_SUFFIX)
        for path in first["libraries"]
    ]
    intact = record_of[-1]
    for damage, record in zip(DAMAGE.values(), record_of, strict=False):
        damage(tmp_path, record, intact)
    again = run_child(tmp_path, ks, counting_cc)
    assert again["errors"] == [] and again["ok"] == [True] * len(ks)
    assert again["compiled"] == len(DAMAGE)  # each damaged entry, the intact one not
    assert len(records(tmp_path)) == len(ks)
    for name, record in zip(DAMAGE, record_of, strict=False):
        assert cache.cached_library(tmp_path, record.stem), f"{name}: not rebuilt"


def test_damaged_entry_in_the_same_process_is_rebuilt(
    tmp_path: Path, counting_cc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = count_compiles(monkeypatch, counting_cc, tmp_path)
    slice_dialect.compile(module(2), "main", "c", cache_dir=tmp_path / "c")
    (record,) = records(tmp_path / "c")
    # replaced, not written in place: this process has the library mapped
    library = entry(tmp_path / "c", record)
    data = library.read_bytes()
    library.unlink()
    library.write_bytes(data[:100])
    check(slice_dialect.compile(module(2), "main", "c", cache_dir=tmp_path / "c"), 2)
    assert compiles(log) == 2


# In-process cache hits, and the key


def test_second_compile_does_not_run_the_compiler(
    tmp_path: Path, counting_cc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = count_compiles(monkeypatch, counting_cc, tmp_path)
    first = slice_dialect.compile(module(1), "main", "c", cache_dir=tmp_path / "c")
    assert compiles(log) == 1
    second = slice_dialect.compile(module(1), "main", "c", cache_dir=tmp_path / "c")
    assert compiles(log) == 1
    for kernel in (first, second):
        check(kernel, 1)
    slice_dialect.compile(module(2), "main", "c", cache_dir=tmp_path / "c")
    assert compiles(log) == 2  # a different module does run it
    assert not list((tmp_path / "c").glob(".tmp-*"))


def test_key_covers_flags_and_cflags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = "#include <stdint.h>\nint32_t slice_f(int64_t *e) { return 0; }\n"
    plain = cache.build_shared_library(source, cache_dir=tmp_path)
    assert cache.build_shared_library(source, cache_dir=tmp_path) == plain
    sanitized = cache.build_shared_library(source, cache_dir=tmp_path, sanitize=True)
    assert sanitized != plain
    monkeypatch.setenv("CFLAGS", "-DSLICE_TEST_FLAG=1 -O1")
    with_cflags = cache.build_shared_library(source, cache_dir=tmp_path)
    assert with_cflags not in (plain, sanitized)
    assert len(records(tmp_path)) == 3


def test_cflags_reach_the_compiler_after_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CFLAGS", "-O1 -DNAME='a b'")
    flags = cache.compiler_flags()
    assert flags[-2:] == ("-O1", "-DNAME=a b")
    assert flags.index("-O3") < flags.index("-O1")  # a user's flag wins
    command = cache.CompilerConfig.from_environment().compile_command(Path("o.so"))
    assert command[-7:] == ["-O1", "-DNAME=a b", "-x", "c", "-", "-o", "o.so"]


def test_cflags_are_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel whose C needs a macro from ``$CFLAGS`` builds only with it."""
    source = (
        "#include <stdint.h>\n"
        "int32_t slice_f(int64_t *e) { e[0] = SLICE_TEST_VALUE; return 5; }\n"
        'const char *slice_error_message(int32_t c) { return "value {0}"; }\n'
    )
    with pytest.raises(SliceError, match="SLICE_TEST_VALUE"):
        cache.build_shared_library(source, cache_dir=tmp_path)
    monkeypatch.setenv("CFLAGS", "-DSLICE_TEST_VALUE=42")
    from slice_dialect.runtime import load_kernel

    kernel = load_kernel(source, "f", [], [], cache_dir=tmp_path)
    with pytest.raises(SliceError, match=r"^value 42$"):
        kernel()


def test_default_cache_dir_from_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLICE_CACHE_DIR", str(tmp_path / "cache"))
    source = "int slice_default_cache_dir;\n"
    assert cache.build_shared_library(source).parent == tmp_path / "cache"
    monkeypatch.delenv("SLICE_CACHE_DIR")
    assert cache.default_cache_dir() == Path.home() / ".cache" / "slice_dialect"


def test_compiler_failure_reports_stderr(tmp_path: Path) -> None:
    with pytest.raises(SliceError, match=r"C compiler failed(.|\n)*no_such_type"):
        cache.build_shared_library("no_such_type f(void);\n", cache_dir=tmp_path)
    assert not list(tmp_path.glob(".tmp-*"))


# Prebuilt helpers: a unit with run-time runs is linked with one object of them

DYNAMIC = """\
func.func @main(%x: tensor<?x?xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>, %st: tensor<2xi64>) -> tensor<?x?xf32> {
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %st : tensor<?x?xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
"""
"""A run-time ONNX slice: every run's copy (contiguous, register, gather) is chosen
at run time, so its unit declares the prebuilt helpers."""

STEPS = (1, -1, 2, -2, 3, -3, 7)
"""Row steps taking each run-time copy: ``memcpy``, the register helpers (-1, 2, -2),
the by-step and the plain scalar gathers."""


def check_dynamic(kernel: object) -> None:
    """``kernel`` (of ``DYNAMIC``) on rows of 1000 ``f32`` at every step of ``STEPS``
    (and a start, an end and a row step) is numpy's."""
    x = np.arange(9 * 1000, dtype=np.float32).reshape(9, 1000)
    for step in STEPS:
        begin, end = (3, 997) if step > 0 else (996, 2)
        parameters = [np.array(v, np.int64) for v in ([1, begin], [8, end], [2, step])]
        result = kernel(x, *parameters)  # type: ignore[operator]
        np.testing.assert_array_equal(result, x[1:8:2, begin:end:step], f"step {step}")


def test_run_time_units_link_the_prebuilt_helpers_compiled_once(
    tmp_path: Path, counting_cc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first unit with run-time runs compiles the helper object (an entry of its
    own, ``.o``), then the kernel linked with it; another such unit, in this cache
    directory or another one, compiles only itself; a unit of static runs links
    nothing. The helpers are hidden in each library (``slice_main`` is not)."""
    monkeypatch.setattr(cache, "_object_dirs", {})  # none found by earlier tests
    log = count_compiles(monkeypatch, counting_cc, tmp_path)
    config = cache.CompilerConfig.from_environment()
    gc_sections = cache._accepts_flag(config.command, cache.GC_SECTIONS_FLAG, link=True)
    log.unlink(missing_ok=True)  # that probe's link, once a process, is no kernel
    first = slice_dialect.compile(DYNAMIC, "main", "c", cache_dir=tmp_path / "a")
    assert compiles(log) == 2  # the object, then the kernel
    (helpers,) = (tmp_path / "a").glob("*.o")
    assert cache.KEY_MARKER.encode() in helpers.read_bytes()
    check_dynamic(first)
    other = DYNAMIC.replace("%a = ", "%b = arith.constant 0 : i64\n  %a = ")
    for directory in ("a", "b"):
        slice_dialect.compile(other, "main", "c", cache_dir=tmp_path / directory)
    assert compiles(log) == 4  # each library once: the object was found
    assert not list((tmp_path / "b").glob("*.o"))
    check(slice_dialect.compile(module(1), "main", "c", cache_dir=tmp_path / "a"), 1)
    assert compiles(log) == 5
    assert len(list((tmp_path / "a").glob("*.o"))) == 1
    library = ctypes.CDLL(str(first.library_path))  # type: ignore[attr-defined]
    assert hasattr(library, "slice_main")
    for hidden in ("slice_copy_even", "slice_stream", "slice_gather_words"):
        assert not hasattr(library, hidden), hidden
    # each library keeps the helpers it calls (f32: no other size's copies), where
    # the linker drops sections (GC_SECTIONS_FLAG): W2's 124 KB -> 54 KB
    if gc_sections:
        size = Path(first.library_path).stat().st_size  # type: ignore[attr-defined]
        assert size < helpers.stat().st_size / 2


def test_run_time_units_alone_when_prebuilt_helpers_are_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``$SLICE_PREBUILT_HELPERS=0``: the unit is compiled alone, its helpers defined in
    it, with the same results as linked with the prebuilt ones."""
    monkeypatch.setenv("SLICE_PREBUILT_HELPERS", "0")
    assert not runtime.prebuilt_helpers_enabled()
    check_dynamic(slice_dialect.compile(DYNAMIC, "main", "c", cache_dir=tmp_path))
    assert not list(tmp_path.glob("*.o"))


SIZE_FREE = ("slice_stream", "slice_stream_in_order", "slice_stream_fence")
"""The streamed copies of bytes: entries that take no element size."""


def test_the_prebuilt_helper_unit_is_printed_from_the_helpers_of_the_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``prebuilt_helper_unit`` prints the helper texts as they are when called, as
    ``emit_c`` does: it once kept its first text for the process, so a test that
    printed its own ``slice_prefetch`` before any other run-time unit was built linked
    that helper into the process's later units (and, with the unit defining it too,
    failed to link: ``multiple definition of `slice_test_prefetch_low'``)."""
    from slice_dialect.backend import c

    before = c.prebuilt_helper_unit()
    marked = c.PREFETCH_HELPER.replace("{", "{ /* marked */", 1)
    assert marked != c.PREFETCH_HELPER
    monkeypatch.setattr(c, "PREFETCH_HELPER", marked)
    assert "/* marked */" in c.prebuilt_helper_unit()
    monkeypatch.undo()
    assert c.prebuilt_helper_unit() == before


def test_the_prebuilt_helper_unit_builds_warning_free() -> None:
    """The helper object's C (every prebuilt family, each entry declared before its
    definition, so a declaration that differs from it is an error) builds with the
    kernels' flags and ``-Wall -Wextra -Werror``, as does a unit of run-time runs
    with ``SLICE_PREBUILT_HELPERS`` defined (its helpers only declared)."""
    from c_warnings import c_warnings

    from slice_dialect.backend.c import PREBUILT_ENTRIES, prebuilt_helper_unit
    from slice_dialect.compiler import lower, make_context, parse_module
    from slice_dialect.runtime.kernels import PREBUILT_DEFINE

    unit = prebuilt_helper_unit()
    for family, names in PREBUILT_ENTRIES.items():
        for name in names:  # each size's copy of a register helper, and any size's
            sized = family in ("stream", "copy") and name not in SIZE_FREE
            for exported in [f"{name}_4", f"{name}_n"] if sized else [name]:
                assert f"SLICE_PREBUILT void {exported}(" in unit, exported
    assert c_warnings(unit) == ""
    ctx = make_context()
    lowered = parse_module(DYNAMIC, ctx)
    lower(lowered, ctx)
    source = emit_c(lowered)
    assert c_warnings(PREBUILT_DEFINE + source) == ""


def test_a_library_key_covers_its_objects() -> None:
    config = cache.CompilerConfig.from_environment()
    keys = {config.cache_key("int x;\n", objects) for objects in ((), ("a",), ("b",))}
    assert len(keys) == 3


# Directories that cannot be used


def test_cache_dir_under_a_regular_file(tmp_path: Path, counting_cc: Path) -> None:
    """A cache path that cannot be made: a directory under a regular file."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = run_child(blocker / "cache", [0, 1, 0], counting_cc)
    assert r["errors"] == [] and r["ok"] == [True, True, True]
    assert r["compiled"] == 2  # the fallback directory caches within the process
    assert blocker.read_text() == "not a directory"


def test_cache_dir_is_a_regular_file(tmp_path: Path, counting_cc: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = run_child(blocker, [2], counting_cc)
    assert r["errors"] == [] and r["ok"] == [True]
    assert blocker.read_text() == "not a directory"


def test_cache_dir_from_the_environment_under_a_regular_file(
    tmp_path: Path, counting_cc: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = {"SLICE_CACHE_DIR": str(blocker / "a" / "b")}
    r = run_child(None, [0], counting_cc, env=env)
    assert r["errors"] == [] and r["ok"] == [True]


def test_full_disk_falls_back_to_a_temporary_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the entry into the cache directory fails with ENOSPC: the kernel is
    kept in the process's private directory and works."""
    full = tmp_path / "full"
    real_write = cache._write_atomically

    def write(directory: Path, name: str, data: bytes) -> Path:
        if directory == full:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(directory, name, data)

    monkeypatch.setattr(cache, "_write_atomically", write)
    source = "int slice_full_disk_test;\n"
    library = cache.build_shared_library(source, cache_dir=full)
    assert library.parent == cache.private_dir() and library.is_file()
    assert cache.build_shared_library(source, cache_dir=full) == library  # found again
    kernel = slice_dialect.compile(module(0), "main", "c", cache_dir=full)
    check(kernel, 0)
    assert not list(full.glob("*.so"))


NO_TEMP_CHILD = """\
import sys, tempfile
import slice_dialect
from slice_dialect import SliceError
tempfile.tempdir = sys.argv[1]  # what tempfile.gettempdir() gives: missing
try:
    slice_dialect.compile({source!r}, "main", "c", cache_dir=sys.argv[2])
except SliceError as e:
    print("SliceError:", e)
else:
    print("compiled")
"""


def without_temp_dir(
    cache_dir: Path, tmp_path: Path, source: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Compile ``source`` (default ``module(0)``) in a fresh process whose temporary
    directory does not exist."""
    return subprocess.run(
        [
            sys.executable,
            "-c",
            NO_TEMP_CHILD.format(source=module(0) if source is None else source),
            str(tmp_path / "no-tmp"),
            str(cache_dir),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "SLICE_FAST_CALL": "0"},
        timeout=300,
    )


def test_no_writable_directory_is_a_slice_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = without_temp_dir(blocker / "c", tmp_path)
    assert result.stderr == "" and result.returncode == 0
    assert result.stdout.startswith("SliceError: no writable temporary directory")
    assert "cannot be used either" in result.stdout
    # without a temporary directory, a usable cache directory is enough
    result = without_temp_dir(tmp_path / "c", tmp_path)
    assert (result.stdout, result.stderr) == ("compiled\n", "")
    # a run-time unit too: its helper object built there, no probe link needing one
    result = without_temp_dir(tmp_path / "d", tmp_path, DYNAMIC)
    assert (result.stdout, result.stderr) == ("compiled\n", "")
    assert len(list((tmp_path / "d").glob("*.o"))) == 1


# The compiler command


def test_hanging_compiler_times_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hang = tmp_path / "hanging-cc"
    marker = tmp_path / "started"
    hang.write_text(
        "#!/bin/sh\n"
        'case " $* " in *" --version "*) echo hanging-cc 1.0; exit 0 ;; esac\n'
        'case " $* " in *" -fsyntax-only "*) exit 1 ;; esac\n'
        f"echo $$ > {shlex.quote(str(marker))}\n"
        "sleep 600\n"
    )
    hang.chmod(0o755)
    monkeypatch.setenv("CC", str(hang))
    monkeypatch.setenv("SLICE_CC_TIMEOUT", "1.5")
    with pytest.raises(SliceError, match=r"did not finish within 1\.5 s"):
        cache.build_shared_library("int slice_hang;\n", cache_dir=tmp_path / "c")
    pid = int(marker.read_text())
    with pytest.raises(ProcessLookupError):  # killed, and reaped
        for _ in range(100):
            os.kill(pid, 0)
            time.sleep(0.05)
    monkeypatch.setenv("SLICE_CC_TIMEOUT", "soon")
    with pytest.raises(SliceError, match="SLICE_CC_TIMEOUT = 'soon'"):
        cache.build_shared_library("int slice_hang2;\n", cache_dir=tmp_path / "c")


@pytest.mark.parametrize("variable", ["CC", "CFLAGS"])
def test_unbalanced_quote_is_a_slice_error(
    variable: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(variable, "gcc '-O2")
    with pytest.raises(SliceError, match=rf"^\${variable} = .*No closing quotation"):
        slice_dialect.compile(module(0), "main", "c")


def test_cc_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc --flag")
    config = cache.CompilerConfig.from_environment()
    assert config.command == ("/nonexistent/cc", "--flag")
    with pytest.raises(SliceError, match="cannot run"):
        cache.build_shared_library("void f(void) {}\n", cache_dir=tmp_path)


def test_flags() -> None:
    config = cache.CompilerConfig.from_environment()
    command = config.compile_command(Path("out.so"))
    assert command[-5:] == ["-x", "c", "-", "-o", "out.so"]
    for flag in ("-std=c99", "-O3", "-fPIC", "-shared"):
        assert flag in command
    sanitized = cache.compiler_flags(sanitize=True)
    assert "-fsanitize=address" in sanitized and "-O1" in sanitized
    assert "-fsanitize=undefined" in sanitized
    assert "-O3" not in sanitized


def test_compiler_that_fails_is_a_slice_error(tmp_path: Path, counting_cc: Path) -> None:
    fake = tmp_path / "fake-cc"
    fake.write_text("#!/bin/sh\necho 'fake-cc: refusing' >&2\nexit 3\n")
    fake.chmod(0o755)
    r = run_child(tmp_path / "cache", [0], counting_cc, env={"CC": str(fake)})
    assert r["ok"] == [] and len(r["errors"]) == 1
    assert "fake-cc: refusing" in r["errors"][0]


# --- sanitizer builds ----------------------------------------------------------------


SANITIZER_SCRIPT = """
import sys
import numpy as np
from pathlib import Path
from typing import Any
from slice_dialect import runtime
cache = Path(sys.argv[1])
ir_source, c_bad = sys.stdin.read().split("//SPLIT//")
kernel = runtime.load_kernel(ir_source, "main", [(np.float32, (8, 8))],
                             [(np.float32, (4, 4))], sanitize=True, cache_dir=cache)
x = np.arange(64, dtype=np.float32).reshape(8, 8)
assert (kernel(x) == x[0::2, 7::-2]).all()
print("clean run ok", flush=True)
bad = runtime.load_kernel(c_bad, "bad", [(np.float32, (4,))], [(np.float32, (4,))],
                          sanitize=True, cache_dir=cache)
bad(np.zeros(4, np.float32))
print("overflow not detected", flush=True)
"""

BAD_C = """
#include <stdint.h>
int32_t slice_bad(const uint32_t *restrict x, uint32_t *restrict out, int64_t *e) {
    for (int64_t i = 0; i <= 4; i += 1) out[i] = x[i];
    return 0;
}
const char *slice_error_message(int32_t code) { return "unknown"; }
"""


def test_sanitizer_build_in_subprocess(tmp_path: Path) -> None:
    """Sanitized kernels run in a Python with libasan preloaded; an out-of-bounds
    access in C is reported there."""
    try:
        env = runtime.asan_environment()
    except SliceError as error:
        pytest.skip(str(error))
    source = emit_c(kernel_module())
    result = subprocess.run(
        [sys.executable, "-c", SANITIZER_SCRIPT, str(tmp_path)],
        input=source + "//SPLIT//" + BAD_C,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert "clean run ok" in result.stdout, result.stderr
    assert "overflow not detected" not in result.stdout
    assert "AddressSanitizer" in result.stderr and "heap-buffer-overflow" in result.stderr
    assert result.returncode != 0


def test_sanitizer_build_refuses_to_load_without_asan(tmp_path: Path) -> None:
    if "libasan" in Path("/proc/self/maps").read_text():
        pytest.skip("this process has ASan loaded")
    library = runtime.build_shared_library(
        emit_c(kernel_module()), sanitize=True, cache_dir=tmp_path
    )
    with pytest.raises(SliceError, match="LD_PRELOAD"):
        # loading it without this check would abort this process
        CKernel(library, "main", [], [], sanitize=True)


PRIVATE_DIR_CHILD = """\
import os, sys
from slice_dialect.runtime import cache
print(cache.private_dir(), flush=True)
if sys.argv[1] == "killed":
    os._exit(0)  # no atexit: as a process killed
sys.stdin.read()  # "held": the directory is held until stdin closes
"""


def test_private_dirs_of_ended_processes_are_removed(tmp_path: Path) -> None:
    """A process ended without its ``atexit`` handlers (killed, or by ``os._exit``)
    leaves its private directory; the next process's first use removes it
    (``cache.remove_abandoned``), but not one a live process holds, nor a directory
    without the lock file, or whose lock is a FIFO (which a blocking open waited on
    forever: session 66's review) or a directory (about 6 empty
    ``/tmp/slice_dialect-*`` directories a run of the suite were left before session
    66)."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}

    def child(mode: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", PRIVATE_DIR_CHILD, mode],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    killed = child("killed")
    killed_out, _ = killed.communicate(timeout=60)
    abandoned = Path(killed_out.strip())
    assert abandoned.is_dir() and (abandoned / cache.LOCK_NAME).is_file()
    foreign = tmp_path / f"{cache.PRIVATE_PREFIX}not-ours"
    foreign.mkdir()
    fifo = tmp_path / f"{cache.PRIVATE_PREFIX}fifo"  # opened so, it would block
    fifo.mkdir()
    os.mkfifo(fifo / cache.LOCK_NAME)
    odd = tmp_path / f"{cache.PRIVATE_PREFIX}odd"  # a lock that is no file
    (odd / cache.LOCK_NAME).mkdir(parents=True)
    holder = child("held")
    assert holder.stdout is not None
    held = Path(holder.stdout.readline().strip())
    assert not abandoned.exists()  # the holder's first use removed it
    sweeper = child("killed")
    swept, _ = sweeper.communicate(timeout=60)  # the FIFO never blocks it
    assert held.is_dir() and foreign.is_dir()  # held by a live process; not ours
    assert fifo.is_dir() and odd.is_dir()  # no regular lock file: not ours
    holder.communicate("", timeout=60)  # ends normally: its atexit removes its own
    assert not held.exists()
    assert Path(swept.strip()).is_dir()  # removed by the next process only
