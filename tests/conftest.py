"""Fixtures shared by the test modules."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SLICE_STREAM_WORKING_SET", "0")
os.environ.setdefault("SLICE_STREAM_LINES_IN_ORDER", "0")
os.environ.setdefault("SLICE_STRING_MOVE_BYTES", "0")
"""``compile()`` lowers with the host's calibrated streaming bound, line order and
string-move bound (``slice_dialect/runtime/calibrate.py``) unless these say
otherwise: 0, the pass's
defaults, make every kernel of the suite the same on every machine, calibrated or not
(``tests/test_calibrate.py`` unsets them where it tests the host's values). Set by the
caller they stay, for large differential runs with other streaming choices
(``SLICE_STREAM_LINES_IN_ORDER=1 SLICE_DIFF_EXAMPLES=300 pytest tests/test_differential.py``,
``SLICE_STRING_MOVE_BYTES=1``: every cached contiguous run by the string move);
the default suite runs with neither set."""


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kernel cache of the module's own, so that every module compiles its kernels."""
    return tmp_path_factory.mktemp("slice-cache")


FIRST = "test_frameworks.py"
"""Its tests run first, in one worker: ``pytest -n 2 --dist worksteal`` gives each
worker half of the collection in order, and takes tests for an idle worker from the end
of the other's queue, so the first tests of the collection run in the first worker.
That worker alone then starts TensorFlow's process (its import takes ~5 s of CPU) and
loads OpenVINO, instead of both workers each doing so for the tests they were given."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name != FIRST)  # stable: the rest keep order
