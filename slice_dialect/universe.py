"""The ``xdsl.universe`` entry point: our dialect, passes and target for ``xdsl-opt``."""

from collections.abc import Callable
from importlib import import_module
from typing import Any

from xdsl.universe import Universe


def _lazy(path: str) -> Callable[[], Any]:
    """A loader of ``module:name`` that imports the module only when xDSL asks for it."""
    module, name = path.split(":")
    return lambda: getattr(import_module(module), name)


_PASSES = {
    "canonicalize-slices": "passes.canonicalize_slices:CanonicalizeSlicesPass",
    "convert-slice-to-loops": "passes.convert_slice_to_loops:ConvertSliceToLoopsPass",
    "convert-slice-to-tensor": "passes.convert_slice_to_tensor:ConvertSliceToTensorPass",
    "convert-tensor-to-slice": "passes.convert_tensor_to_slice:ConvertTensorToSlicePass",
    "export-slices": "passes.export_slices:ExportSlicesPass",
    "inline": "passes.inline:InlinePass",
    "outline-slice-parts": "passes.outline_parts:OutlineSlicePartsPass",
}

SLICE_UNIVERSE = Universe(
    all_dialects={"slice": _lazy("slice_dialect.dialect:Slice")},
    all_passes={name: _lazy(path) for name, path in _PASSES.items()},
    all_targets={"c": _lazy("slice_dialect.backend.c:CTarget")},
)
