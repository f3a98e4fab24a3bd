"""The kernel cache survives misuse (issue #6).

* two processes compiling the same modules at once into one fresh cache directory both
  get correct results, and the cache is left complete (no temporary files);
* a cached library that is truncated, overwritten with random bytes (with or without a
  matching digest file), or missing its digest is rebuilt by the next compile in a fresh
  process (or that compile raises ``SliceError``; it never crashes or returns a wrong
  result);
* a cache directory that cannot be used (a path under a regular file, which even root
  cannot create; a regular file itself) still gives correct results;
* a second compile of the same module in the same process does not run the compiler
  (``runtime.COMPILER_INVOCATIONS`` unchanged).

The damage is done between processes: a process that has loaded a library keeps it
mapped, so only a fresh one reads the damaged file.

Run: ``pytest tests/test_cache_misuse.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import slice_dialect
from slice_dialect import SliceError, runtime

SOURCE = """\
func.func @main(%x: tensor<3x5xi32>) -> (tensor<2x3xi32>, tensor<5xi32>) {{
  %r = slice.window %x offsets [2, {k}] sizes [2, 3] strides [-1, 1] : tensor<3x5xi32> -> tensor<2x3xi32>
  %b = arith.constant dense<[1, -1]> : tensor<2xi64>
  %e = arith.constant dense<[0, -9223372036854775808]> : tensor<2xi64>
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %t = slice.tf_strided_slice %x begin %b end %e strides %s {{shrink_axis_mask = 1 : i64}} : tensor<3x5xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<5xi32>
  func.return %r, %t : tensor<2x3xi32>, tensor<5xi32>
}}
"""
"""A two-result module; ``k`` (0 to 2) makes different modules (different C)."""

X = np.arange(15, dtype=np.int32).reshape(3, 5)


def expected(k: int) -> tuple[np.ndarray, np.ndarray]:
    return X[2:0:-1, k : k + 3], X[1, ::-1]


def module(k: int) -> str:
    return SOURCE.format(k=k)


# A fresh Python that compiles modules ``ks`` into the cache directory (argv[1] or the
# default), checks the results and prints a JSON report. ``start`` is a wall-clock
# time to wait for, so that several processes compile at the same moment.
CHILD = """\
import json, sys, time
import numpy as np
import slice_dialect
from slice_dialect import SliceError, runtime

cache_dir, start, ks = sys.argv[1] or None, float(sys.argv[2]), json.loads(sys.argv[3])
source = {source!r}
x = np.arange(15, dtype=np.int32).reshape(3, 5)
while time.time() < start:
    pass
report = {{"ok": [], "errors": [], "compiled": 0}}
for k in ks:
    try:
        kernel = slice_dialect.compile(source.format(k=k), "main", "c", cache_dir=cache_dir)
        r, t = kernel(x)
    except SliceError as e:
        report["errors"].append(str(e))
        continue
    good = np.array_equal(r, x[2:0:-1, k : k + 3]) and np.array_equal(t, x[1, ::-1])
    report["ok"].append(bool(good))
report["compiled"] = runtime.COMPILER_INVOCATIONS
print(json.dumps(report))
"""


def child(
    cache_dir: Path | str | None,
    ks: list[int],
    start: float = 0.0,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            CHILD.format(source=SOURCE),
            "" if cache_dir is None else str(cache_dir),
            str(start),
            json.dumps(ks),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def report(process: subprocess.Popen[str]) -> dict:
    out, err = process.communicate(timeout=600)
    assert "Traceback" not in out + err, out + err
    assert process.returncode == 0, out + err
    return json.loads(out.strip().splitlines()[-1])


def run_child(cache_dir: Path | str | None, ks: list[int], **kwargs) -> dict:
    return report(child(cache_dir, ks, **kwargs))


def libraries(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.so"))


def test_two_processes_compile_the_same_modules_at_once(tmp_path: Path) -> None:
    cache = tmp_path / "fresh" / "cache"  # does not exist yet: both make it
    start = time.time() + 2.0  # both start compiling at this moment
    ks = [0, 1, 2, 0, 1, 2]
    a, b = child(cache, ks, start), child(cache, ks, start)
    ra, rb = report(a), report(b)
    for r in (ra, rb):
        assert r["errors"] == []
        assert r["ok"] == [True] * len(ks)
        assert 0 < r["compiled"] <= 3  # each module at most once per process
    assert len(libraries(cache)) == 3
    for library in libraries(cache):
        assert library.with_suffix(".sha256").exists()
    leftovers = [p.name for p in cache.iterdir() if p.name.startswith(".tmp-")]
    assert leftovers == []
    # a third process finds everything cached
    assert run_child(cache, [0, 1, 2])["compiled"] == 0


def damage_truncate(library: Path) -> None:
    data = library.read_bytes()
    library.write_bytes(data[: len(data) // 2])


def damage_random(library: Path) -> None:
    size = library.stat().st_size
    library.write_bytes(np.random.default_rng(1).bytes(size))


def damage_random_with_digest(library: Path) -> None:
    """Random bytes whose digest file matches: only ``dlopen`` can tell."""
    import hashlib

    data = np.random.default_rng(2).bytes(library.stat().st_size)
    library.write_bytes(data)
    library.with_suffix(".sha256").write_text(hashlib.sha256(data).hexdigest())


def damage_elf_header_only(library: Path) -> None:
    """A valid ELF header followed by zeros, with a matching digest."""
    import hashlib

    data = library.read_bytes()
    data = data[:64] + bytes(len(data) - 64)
    library.write_bytes(data)
    library.with_suffix(".sha256").write_text(hashlib.sha256(data).hexdigest())


def damage_empty(library: Path) -> None:
    library.write_bytes(b"")


def damage_delete_library(library: Path) -> None:
    library.unlink()


def damage_delete_digest(library: Path) -> None:
    library.with_suffix(".sha256").unlink()


def damage_garbage_digest(library: Path) -> None:
    library.with_suffix(".sha256").write_bytes(b"\xff\xfe not a digest")


def damage_directory(library: Path) -> None:
    """The library's path is a directory (and so is its digest's)."""
    library.unlink()
    library.mkdir()


DAMAGE = {
    "truncated": damage_truncate,
    "random bytes": damage_random,
    "random bytes, matching digest": damage_random_with_digest,
    "ELF header then zeros, matching digest": damage_elf_header_only,
    "empty": damage_empty,
    "library deleted": damage_delete_library,
    "digest deleted": damage_delete_digest,
    "digest garbage": damage_garbage_digest,
    "library is a directory": damage_directory,
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_damaged_cache_entry(tmp_path: Path, damage: str) -> None:
    """The next compile, in a fresh process, rebuilds (a right result) or raises a
    ``SliceError``; never a crash, a traceback or a wrong result."""
    kernel = slice_dialect.compile(module(0), "main", "c", cache_dir=tmp_path)
    np.testing.assert_array_equal(kernel(X)[0], expected(0)[0])
    (library,) = libraries(tmp_path)
    DAMAGE[damage](library)
    again = run_child(tmp_path, [0])
    assert again["ok"] == [True] or (again["ok"] == [] and len(again["errors"]) == 1)


def test_damaged_entries_are_rebuilt(tmp_path: Path) -> None:
    """Truncated and random libraries are rebuilt (not just reported)."""
    for k in (0, 1):
        slice_dialect.compile(module(k), "main", "c", cache_dir=tmp_path)
    first, second = libraries(tmp_path)
    damage_truncate(first)
    damage_random_with_digest(second)
    again = run_child(tmp_path, [0, 1])
    assert again == {"ok": [True, True], "errors": [], "compiled": 2}
    assert run_child(tmp_path, [0, 1])["compiled"] == 0


def test_cache_dir_under_a_regular_file(tmp_path: Path) -> None:
    """A cache path that cannot be made: a directory under a regular file."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    cache = blocker / "cache"
    r = run_child(cache, [0, 1, 0])
    assert r["errors"] == [] and r["ok"] == [True, True, True]
    assert r["compiled"] == 2  # the fallback directory caches within the process
    assert blocker.read_text() == "not a directory"


def test_cache_dir_is_a_regular_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = run_child(blocker, [2])
    assert r["errors"] == [] and r["ok"] == [True]
    assert blocker.read_text() == "not a directory"


def test_cache_dir_from_the_environment_under_a_regular_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = {**os.environ, "SLICE_CACHE_DIR": str(blocker / "a" / "b")}
    r = run_child(None, [0], env=env)
    assert r["errors"] == [] and r["ok"] == [True]


def test_second_compile_in_the_same_process_does_not_run_the_compiler(
    tmp_path: Path,
) -> None:
    text = module(1)
    first = slice_dialect.compile(text, "main", "c", cache_dir=tmp_path)
    count = runtime.COMPILER_INVOCATIONS
    second = slice_dialect.compile(text, "main", "c", cache_dir=tmp_path)
    assert count == runtime.COMPILER_INVOCATIONS
    for kernel in (first, second):
        r, t = kernel(X)
        e_r, e_t = expected(1)
        np.testing.assert_array_equal(r, e_r)
        np.testing.assert_array_equal(t, e_t)
    # a different module does run it
    slice_dialect.compile(module(2), "main", "c", cache_dir=tmp_path)
    assert count + 1 == runtime.COMPILER_INVOCATIONS


def test_same_process_compile_with_an_unusable_cache_dir(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    text = module(0)
    kernel = slice_dialect.compile(text, "main", "c", cache_dir=blocker / "sub")
    count = runtime.COMPILER_INVOCATIONS
    again = slice_dialect.compile(text, "main", "c", cache_dir=blocker / "sub")
    assert count == runtime.COMPILER_INVOCATIONS
    for k in (kernel, again):
        r, t = k(X)
        np.testing.assert_array_equal(r, expected(0)[0])
        np.testing.assert_array_equal(t, expected(0)[1])


def test_compiler_that_cannot_run_is_a_slice_error(tmp_path: Path) -> None:
    """``$CC`` naming no program: a ``SliceError`` naming it, in a fresh process."""
    env = {**os.environ, "CC": str(tmp_path / "no-such-cc")}
    process = child(tmp_path / "cache", [0], env=env)
    r = report(process)
    assert r["ok"] == [] and len(r["errors"]) == 1
    assert "no-such-cc" in r["errors"][0]


def test_compiler_that_fails_is_a_slice_error(tmp_path: Path) -> None:
    """A ``$CC`` that exits with an error: a ``SliceError`` with its stderr."""
    fake = tmp_path / "fake-cc"
    fake.write_text("#!/bin/sh\necho 'fake-cc: refusing' >&2\nexit 3\n")
    fake.chmod(0o755)
    env = {**os.environ, "CC": str(fake)}
    r = report(child(tmp_path / "cache", [0], env=env))
    assert r["ok"] == [] and len(r["errors"]) == 1
    assert "fake-cc: refusing" in r["errors"][0]


def test_compile_error_in_process_is_a_slice_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "fake-cc"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("CC", str(fake))
    with pytest.raises(SliceError, match="C compiler"):
        slice_dialect.compile(module(0), "main", "c", cache_dir=tmp_path / "c")
