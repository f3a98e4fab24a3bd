"""The ``xdsl.universe`` entry point: our dialect, passes and target for ``xdsl-opt``."""

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe
from xdsl.utils.target import Target


def get_slice_dialect() -> Dialect:
    from slice_dialect.dialect import Slice

    return Slice


def get_canonicalize_slices() -> type[ModulePass]:
    from passes.canonicalize_slices import CanonicalizeSlicesPass

    return CanonicalizeSlicesPass


def get_convert_slice_to_loops() -> type[ModulePass]:
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass

    return ConvertSliceToLoopsPass


def get_convert_slice_to_tensor() -> type[ModulePass]:
    from passes.convert_slice_to_tensor import ConvertSliceToTensorPass

    return ConvertSliceToTensorPass


def get_convert_tensor_to_slice() -> type[ModulePass]:
    from passes.convert_tensor_to_slice import ConvertTensorToSlicePass

    return ConvertTensorToSlicePass


def get_export_slices() -> type[ModulePass]:
    from passes.export_slices import ExportSlicesPass

    return ExportSlicesPass


def get_c_target() -> type[Target]:
    from slice_dialect.backend.c import CTarget

    return CTarget


SLICE_UNIVERSE = Universe(
    all_dialects={"slice": get_slice_dialect},
    all_passes={
        "canonicalize-slices": get_canonicalize_slices,
        "convert-slice-to-loops": get_convert_slice_to_loops,
        "convert-slice-to-tensor": get_convert_slice_to_tensor,
        "convert-tensor-to-slice": get_convert_tensor_to_slice,
        "export-slices": get_export_slices,
    },
    all_targets={"c": get_c_target},
)
