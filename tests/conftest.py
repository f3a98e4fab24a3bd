"""Fixtures shared by the test modules."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kernel cache of the module's own, so that every module compiles its kernels."""
    return tmp_path_factory.mktemp("slice-cache")
