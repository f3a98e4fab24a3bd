"""The kernel ABI as the runtime calls it (``slice_dialect/runtime/kernels.py``,
``fastcall.py``): a kernel returns an ``int32_t`` status and takes a trailing
``int64_t *`` for error values; a non-zero status raises ``SliceError`` with the
library's ``PREFIXerror_message(status)`` formatted with the values, on both call paths,
and leaves no result behind.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np
import pytest
from generators import random_array
from lowered import (
    CALL_PATHS,
    HAS_FAST_CALL,
    TWO_OUTPUTS,
    kernel_module,
    kernel_of,
    lowered_window,
    parse,
)
from oracle import same_bits

import slice_dialect
from slice_dialect import SliceError, runtime
from slice_dialect.backend.c import emit_c
from slice_dialect.runtime import ArraySpec, CKernel, load_kernel

SOURCE = """\
#include <stdint.h>
int32_t PREFIXcheck(const float *x, float *y, int64_t *restrict e) {
    if (x[0] < 0) { e[0] = 7; e[1] = -3; e[2] = INT64_MIN; e[3] = 4; return 2; }
    if (x[0] > 100) return 9;
    y[0] = x[0] * 2;
    return 0;
}
const char *PREFIXerror_message(int32_t code) {
    switch (code) {
    case 2: return "check: index {0} is out of range [{1}, {3}) (min {2})";
    case 9: return "check: {16} is not a value";
    default: return "unknown error";
    }
}
"""

SPECS = ([(np.float32, (1,))], [(np.float32, (1,))])


@pytest.mark.parametrize("fast_call", [True, False], ids=["fast call", "ctypes"])
@pytest.mark.parametrize("prefix", ["slice_", "my_"])
def test_status_is_a_slice_error(fast_call: bool, prefix: str, tmp_path: Path) -> None:
    kernel = load_kernel(
        SOURCE.replace("PREFIX", prefix),
        "check",
        *SPECS,
        cache_dir=tmp_path,
        fast_call=fast_call,
        prefix=prefix,
    )
    np.testing.assert_array_equal(kernel(np.array([3], np.float32)), [6])
    message = "check: index 7 is out of range [-3, 4) (min -9223372036854775808)"
    for out in (None, np.zeros(1, np.float32), [np.zeros(1, np.float32)]):
        with pytest.raises(SliceError) as info:
            kernel(np.array([-1], np.float32), out=out)
        assert str(info.value) == message
    with pytest.raises(SliceError, match=r"^check: \{16\} is not a value \(values 0, 0"):
        kernel(np.array([1000], np.float32))


def test_library_without_error_messages(tmp_path: Path) -> None:
    source = SOURCE.replace("PREFIX", "slice_").split("const char")[0]
    kernel = load_kernel(source, "check", *SPECS, cache_dir=tmp_path)
    with pytest.raises(SliceError, match=r"^@check failed with status 2 \(values 7, -3"):
        kernel(np.array([-1], np.float32))


def test_missing_symbol_names_it(tmp_path: Path) -> None:
    with pytest.raises(
        SliceError, match="has no function 'check' \\(C symbol other_check\\)"
    ):
        load_kernel(SOURCE.replace("PREFIX", "slice_"), "check", *SPECS,
                    cache_dir=tmp_path, prefix="other_")  # fmt: skip


# --- kernels of generated C ---------------------------------------------------------


def test_ckernel_from_plain_signature(cache_dir: Path) -> None:
    library = runtime.build_shared_library(emit_c(kernel_module()), cache_dir=cache_dir)
    kernel = CKernel(library, "main", [(np.float32, (8, 8))], [(np.float32, [4, 4])])
    assert kernel.inputs == [ArraySpec(np.dtype(np.float32), (8, 8))]
    with pytest.raises(SliceError, match=r"main: input 0: expected shape"):
        kernel(np.zeros(3, np.float32))
    with pytest.raises(
        SliceError, match=r"has no function 'nope' \(C symbol slice_nope\)"
    ):
        CKernel(library, "nope", [], [])


def test_repeated_calls_on_each_path(cache_dir: Path) -> None:
    """Many calls with ``out=`` (what ``bench/call_overhead.py`` times) write the
    window each time on each path, and the bare C function the kernel holds gives
    the same."""
    x = random_array(np.dtype(np.float32), [8, 8])
    out = np.empty((4, 4), np.float32)
    module = kernel_module()
    kernels = [
        kernel_of(module, "main", 1, cache_dir, fast_call=fast_call)
        for fast_call in (True, False)
    ]
    assert [type(k).__name__ for k in kernels] == (
        ["FastCKernel", "CKernel"] if HAS_FAST_CALL else ["CKernel", "CKernel"]
    )
    for kernel in kernels:
        for seed in range(100):
            x = random_array(np.dtype(np.float32), [8, 8], seed=seed)
            assert kernel(x, out=out) is out
            assert same_bits(out, x[0::2, 7::-2])
    bare = kernels[-1]._function
    out[...] = 0
    assert bare(x.ctypes.data, out.ctypes.data, (ctypes.c_int64 * 4)()) == 0
    assert same_bits(out, x[0::2, 7::-2])


# --- both call paths: the C extension and ctypes ------------------------------------


@pytest.mark.parametrize("fast_call", CALL_PATHS)
def test_results_of_both_call_paths(fast_call: bool, cache_dir: Path) -> None:
    """Fresh outputs (one array, or a tuple), ``out=`` as a tuple or a list (returned
    as given), subclasses and non-contiguous inputs: the same on both paths."""
    pair = kernel_of(parse(TWO_OUTPUTS), "pair", 1, cache_dir, fast_call=fast_call)
    assert type(pair).__name__ == ("FastCKernel" if fast_call else "CKernel")
    x = np.arange(6, dtype=np.int32)
    a, b = pair(x)
    assert a.tolist() == [0, 2, 4] and b.tolist() == [3, 4]
    outs = [np.empty(3, np.int32), np.empty(2, np.int32)]
    assert pair(x, out=outs) is outs and outs[0].tolist() == [0, 2, 4]
    as_tuple = (np.empty(3, np.int32), np.empty(2, np.int32))
    assert pair(x, out=as_tuple) is as_tuple and as_tuple[1].tolist() == [3, 4]

    class Tagged(np.ndarray):
        pass

    a, b = pair(x.view(Tagged))
    assert type(a) is np.ndarray and b.tolist() == [3, 4]
    a, b = pair(np.arange(12, dtype=np.int32)[::2])
    assert a.tolist() == [0, 4, 8] and b.tolist() == [6, 8]
    with pytest.raises(SliceError, match=r"out= takes 2 array\(s\)"):
        pair(x, out=outs[0])
    with pytest.raises(SliceError, match="expected a numpy array, got str"):
        pair(x, out=[outs[0], "b"])
    with pytest.raises(TypeError, match="unexpected keyword argument 'outs'"):
        pair(x, outs=outs)
    with pytest.raises(SliceError, match="overlaps output 0"):
        pair(x, out=(outs[0], outs[0][:2]))
    empty = kernel_of(
        lowered_window("f32", [0, 4], [0, 0], [0, 4], [1, 1]),
        "main",
        1,
        cache_dir,
        fast_call=fast_call,
    )
    assert empty(np.zeros((0, 4), np.float32)).shape == (0, 4)


@pytest.mark.skipif(not HAS_FAST_CALL, reason="no fast call")
def test_each_way_into_the_fast_path(cache_dir: Path) -> None:
    """Called directly, with ``**`` (an "out" that is not the interned string) or
    through ``type(k).__call__``, the C entry makes the calls it can make and passes
    any other to ``_call_checked`` with the very arguments given."""
    kernel = kernel_of(kernel_module(), "main", 1, cache_dir)
    declined: list[tuple[tuple[object, ...], dict[str, object]]] = []
    checked = kernel._call_checked

    def spy(*args: object, **kwargs: object) -> object:
        declined.append((args, kwargs))
        return checked(*args, **kwargs)

    kernel._call_checked = spy  # looked up on the instance first
    x = random_array(np.dtype(np.float32), [8, 8])
    out = np.empty((4, 4), np.float32)
    out_name = "".join(["o", "ut"])  # not the interned "out"
    call_types = [kernel, lambda *a, **k: type(kernel).__call__(kernel, *a, **k)]
    for call in call_types:
        for given in (out, [out]):
            out[...] = 0
            assert call(x, out=given) is given and same_bits(out, x[0::2, 7::-2])
            for name in ("out", out_name):
                out[...] = 0
                assert call(x, **{name: given}) is given
                assert same_bits(out, x[0::2, 7::-2])
        assert same_bits(call(x), x[0::2, 7::-2])
        assert declined == []
        with pytest.raises(TypeError, match="unexpected keyword argument 'outs'"):
            call(x, outs=out)
        with pytest.raises(TypeError, match="unexpected keyword argument 'y'"):
            call(x, out=out, y=1)
        with pytest.raises(SliceError, match="expected 1 input array, got 2"):
            call(x, x, out=out)
        out[...] = 0
        strided = x[::-1, ::-1].copy()[::-1, ::-1]  # x's values, not C-contiguous
        assert call(strided, out=out) is out and same_bits(out, x[0::2, 7::-2])
        assert [kwargs for _, kwargs in declined] == [
            {"outs": out},
            {"out": out, "y": 1},
            {"out": out},
            {"out": out},
        ]
        assert len(declined[2][0]) == 2
        declined.clear()


def test_more_arguments_than_the_fast_path_takes(cache_dir: Path) -> None:
    """A function with more memref arguments than ``FAST_CALL_MAX_ARGUMENTS`` is called
    through ctypes, with the same results and checks."""
    n = runtime.FAST_CALL_MAX_ARGUMENTS
    args = ", ".join(f"%o{i}: memref<1xi8>" for i in range(n))
    body = "\n".join(f"memref.store %v, %o{i}[%c0] : memref<1xi8>" for i in range(n))
    module = parse(
        f"""
        func.func @many(%x: memref<1xi8>, {args}) {{
          %c0 = arith.constant 0 : index
          %v = memref.load %x[%c0] : memref<1xi8>
          {body}
          func.return
        }}
        """
    )
    kernel = kernel_of(module, "many", 1, cache_dir)
    results = kernel(np.array([7], np.int8))
    assert isinstance(results, tuple) and len(results) == n
    assert all(r.tolist() == [7] for r in results)
    with pytest.raises(SliceError, match="expected dtype int8"):
        kernel(np.array([7], np.int16))


def test_threads_share_a_kernel(cache_dir: Path) -> None:
    """Calls from several threads at once (large ones release the GIL) each get their
    own, correct result."""
    import concurrent.futures

    module = lowered_window("f32", [512, 1024], [0, 1023], [512, 1024], [1, -1])
    kernel = kernel_of(module, "main", 1, cache_dir)
    inputs = [random_array(np.dtype(np.float32), [512, 1024], seed=s) for s in range(8)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(kernel, inputs))
    for x, result in zip(inputs, results, strict=True):
        assert same_bits(result, x[:, ::-1])


def test_fast_call_falls_back_without_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Python's headers (or with ``SLICE_FAST_CALL=0``) kernels are
    ``CKernel``s, called through ctypes."""
    import sysconfig

    real_get_paths = sysconfig.get_paths

    def no_headers(*args: object, **kwargs: object) -> dict[str, str]:
        return {**real_get_paths(), "include": "/nonexistent/include"}

    for fast_caches in (runtime._fast_call, runtime._fast_kernel_class):
        fast_caches.cache_clear()
    try:
        monkeypatch.setattr(sysconfig, "get_paths", no_headers)
        assert runtime.kernel_class() is CKernel
        assert "no Python.h in /nonexistent/include" in runtime.call_path_description()
        monkeypatch.undo()
        runtime._fast_call.cache_clear()
        runtime._fast_kernel_class.cache_clear()
        monkeypatch.setenv("SLICE_FAST_CALL", "0")
        assert runtime.kernel_class() is CKernel
        assert "SLICE_FAST_CALL=0" in runtime.call_path_description()
    finally:
        monkeypatch.undo()
        runtime._fast_call.cache_clear()
        runtime._fast_kernel_class.cache_clear()
    assert (runtime.kernel_class() is not CKernel) == HAS_FAST_CALL


@pytest.mark.parametrize("value", ["maybe", "2", "yes", "00", "-1"])
def test_fast_call_setting_is_validated(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """``$SLICE_FAST_CALL`` other than ``0`` or ``1`` is a ``SliceError`` naming it,
    like the other settings (``maybe`` was taken as ``1``), at every kernel load;
    ``0``, ``1`` and empty are accepted, and ``0`` takes the ctypes path."""
    source = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n  func.return %x : tensor<4xf32>\n}\n"
    monkeypatch.setenv("SLICE_FAST_CALL", value)
    with pytest.raises(SliceError, match=f"SLICE_FAST_CALL = '{value}' is not 0 or 1"):
        runtime.kernel_class()
    with pytest.raises(SliceError, match=f"SLICE_FAST_CALL = '{value}' is not 0 or 1"):
        slice_dialect.compile(source)
    monkeypatch.setenv("SLICE_FAST_CALL", "0")
    kernel = slice_dialect.compile(source)
    assert type(kernel) is CKernel
    assert kernel(np.arange(4, dtype=np.float32)).tolist() == [0.0, 1.0, 2.0, 3.0]
    for accepted in ("1", "", " 1 "):
        monkeypatch.setenv("SLICE_FAST_CALL", accepted)
        assert (runtime.kernel_class() is not CKernel) == HAS_FAST_CALL
