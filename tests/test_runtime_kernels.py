"""The kernel ABI as the runtime calls it (``slice_dialect/runtime/kernels.py``,
``fastcall.py``): a kernel returns an ``int32_t`` status and takes a trailing
``int64_t *`` for error values; a non-zero status raises ``SliceError`` with the
library's ``PREFIXerror_message(status)`` formatted with the values, on both call paths,
and leaves no result behind.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from slice_dialect import SliceError
from slice_dialect.runtime import load_kernel

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
    case 9: return "check: {5} is not a value";
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
    with pytest.raises(SliceError, match=r"^check: \{5\} is not a value \(values 0, 0"):
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
