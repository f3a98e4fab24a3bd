"""Tensor constants in compiled programs (``ConstantToBuffer`` in
``passes/convert_slice_to_loops.py``, ``slice.fill_constant`` in the C target and the
interpreter): a returned constant (a folded slice of a constant) and a window of a
constant read at run time, bit for bit on both backends, for every element type.

The constants hold random bits (NaN payloads, negative zeros, every ``i1``/``iN``
pattern the type allows); the module is built in Python, as xDSL 0.74 does not read a
printed NaN payload back (README, known limits).
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    BytesAttr,
    DenseIntOrFPElementsAttr,
    ModuleOp,
    TensorType,
)

import slice_dialect
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.dtypes import numpy_dtype, storage_bytes

ELEMENT_TYPES = (
    "i1", "i8", "ui8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64",
    "complex<f32>", "complex<f64>",
)  # fmt: skip

PROGRAM = """
func.func @main(%s: tensor<1xi64>, %e: tensor<1xi64>) -> (tensor<3x4xT>, tensor<2x4xT>, tensor<3x4xT>) {
  %c = arith.constant dense<0> : tensor<3x4xT>
  %z = arith.constant dense<0> : tensor<3x4xT>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %r = slice.onnx %c starts %s ends %e axes %a : tensor<3x4xT>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x4xT>
  %w = tensor.cast %r : tensor<?x4xT> to tensor<2x4xT>
  func.return %c, %w, %z : tensor<3x4xT>, tensor<2x4xT>, tensor<3x4xT>
}
"""


def parsed(element: str) -> ModuleOp:
    """``PROGRAM`` for ``element``, its constants placeholders of zeros."""
    zero = "(0.0, 0.0)" if element.startswith("complex") else "0"
    text = PROGRAM.replace("xT>", f"x{element}>").replace("dense<0>", f"dense<{zero}>")
    return parse_module(text, make_context())


def random_bits(element: str, rng: np.random.Generator) -> np.ndarray:
    """A 3x4 array of ``element``'s numpy dtype holding random bits."""
    module = parsed(element)
    constant = next(op for op in module.walk() if isinstance(op, arith.ConstantOp))
    t = constant.result.type
    assert isinstance(t, TensorType)
    dtype = numpy_dtype(t.get_element_type())
    raw = rng.integers(0, 256, size=12 * dtype.itemsize, dtype=np.uint8)
    if element == "i1":
        raw &= 1
    return raw.view(dtype).reshape(3, 4)


def program(element: str, data: np.ndarray, splat: np.ndarray) -> ModuleOp:
    """The module with ``%c`` holding ``data`` and ``%z`` a splat of ``splat``."""
    module = parsed(element)
    constants = [op for op in module.walk() if isinstance(op, arith.ConstantOp)]
    for op, values in zip(constants, (data, np.broadcast_to(splat, data.shape))):
        t = op.result.type
        assert isinstance(t, TensorType)
        assert storage_bytes(t.get_element_type()) == data.dtype.itemsize
        raw = np.ascontiguousarray(values).tobytes()
        op.properties["value"] = DenseIntOrFPElementsAttr(t, BytesAttr(raw))
    module.verify()
    return module


def same_bits(got: np.ndarray, expected: np.ndarray) -> bool:
    return got.shape == expected.shape and got.tobytes() == expected.tobytes()


@pytest.mark.parametrize("backend", ["c", "interpreter"])
@pytest.mark.parametrize("element", ELEMENT_TYPES)
def test_constants_bit_for_bit(element: str, backend: str) -> None:
    rng = np.random.default_rng(sum(map(ord, element)))
    data = random_bits(element, rng)
    splat = data.reshape(-1)[5]
    kernel = slice_dialect.compile(program(element, data, splat), backend=backend)
    for start in (0, 1):
        whole, rows, splats = kernel(
            np.array([start], np.int64), np.array([start + 2], np.int64)
        )
        assert same_bits(whole, data)
        assert same_bits(rows, data[start : start + 2])
        assert same_bits(splats, np.broadcast_to(splat, data.shape).copy())
    with pytest.raises(
        slice_dialect.SliceError, match=r"^tensor\.cast: dimension 0 of the value is 1 "
    ):
        kernel(np.array([2], np.int64), np.array([4], np.int64))  # one row, not 2


BOOL_TEXT = """
func.func @main(%s: tensor<1xi64>) -> (tensor<5xi1>, tensor<2xi1>, tensor<2xi1>) {
  %c = arith.constant dense<[true, false, true, true, false]> : tensor<5xi1>
  %f = slice.window %c offsets [4] sizes [2] strides [-2] : tensor<5xi1> -> tensor<2xi1>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xi64>
  %o = arith.index_cast %v : i64 to index
  %d = slice.dynamic_window %c offsets [%o] sizes [2] strides [1] : tensor<5xi1> -> tensor<2xi1>
  func.return %c, %f, %d : tensor<5xi1>, tensor<2xi1>, tensor<2xi1>
}
"""


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_parsed_bool_constants_are_numpy_bools(backend: str) -> None:
    """``true`` in an ``i1`` constant written as text (xDSL holds it as the byte 0xFF,
    the ``i1`` value -1) comes out as numpy's True, the byte 1: returned whole, folded
    into a window, and read by a window at run time. The kernels gave 0xFF before."""
    kernel = slice_dialect.compile(BOOL_TEXT, backend=backend)
    whole, folded, read = kernel(np.array([2], np.int64))
    values = np.array([True, False, True, True, False])
    assert same_bits(whole, values)
    assert same_bits(folded, values[4::-2][:2])
    assert same_bits(read, values[2:4])


def test_slice_of_an_onnx_initializer() -> None:
    """An ONNX Slice of an initializer (a constant table) next to a data slice: the
    table's slice folds and is returned (review, session 15: refused before)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    graph = helper.make_graph(
        [
            helper.make_node("Slice", ["table", "s", "e"], ["t"], name="table_slice"),
            helper.make_node("Slice", ["x", "s", "e"], ["y"], name="data_slice"),
        ],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [6])],
        [
            helper.make_tensor_value_info("y", TensorProto.FLOAT, [3]),
            helper.make_tensor_value_info("t", TensorProto.FLOAT, [3]),
        ],
        initializer=[
            numpy_helper.from_array(np.arange(6, dtype=np.float32) * 10, "table"),
            numpy_helper.from_array(np.array([1]), "s"),
            numpy_helper.from_array(np.array([4]), "e"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    x = np.arange(6, dtype=np.float32)
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(slice_dialect.import_onnx(model), backend=backend)
        y, t = kernel(x)
        np.testing.assert_array_equal(y, x[1:4])
        np.testing.assert_array_equal(t, np.arange(6, dtype=np.float32)[1:4] * 10)
