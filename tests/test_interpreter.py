"""Every research vector (every seed document's example among them) as IR, through xDSL's
interpreter.

``tests/vectors.py`` transcribes ``research/semantics.md`` section C, which includes the
examples of every document in ``seeds/`` with their documented results, corrected where
the research shows a document wrong (each such vector carries a ``note`` saying why).
Here each valid vector becomes a ``func.func @main`` holding the framework op, and runs:

* at tensor level in :func:`slice_dialect.interpreter.make_interpreter` (the reference);
* through ``compile(..., backend="interpreter")`` and ``backend="c"`` (small inputs).

An invalid vector must be rejected by the verifier with its message.
"""

import math
from typing import Any

import numpy as np
import pytest
from generators import Constants, RandomDraw, SliceCase, function_text, render_op
from vectors import VECTORS, Vector

import slice_dialect
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.dialect import FRAMEWORK_OPS
from slice_dialect.interpreter import make_interpreter

INDEX_OPERANDS = {
    cls.name.removeprefix("slice."): tuple(
        name for name, _ in cls.get_irdl_definition().operands[1:]
    )
    for cls in FRAMEWORK_OPS
}
MAX_INTERPRETED = 4096  # elements; larger vectors (12-D inputs) are checked by shape
MAX_COMPILED = 512


def vector_program(vector: Vector) -> str:
    """``func.func @main(%x)`` holding the vector's op with i64 index constants."""
    operands = INDEX_OPERANDS[vector.op]
    params: dict[str, Any] = dict(vector.params)
    case = SliceCase(
        op=vector.op,
        data_shape=tuple(vector.shape),
        operands={
            name: None if params.get(name) is None else list(params[name])
            for name in operands
        },
        index_types=dict.fromkeys(operands, "i64"),
        props={k: v for k, v in params.items() if k not in operands},
        # DirectML's output sizes are its result type, also for an invalid window.
        result_shape=tuple(vector.expected_shape or params.get("output_sizes") or ()),
        error=vector.error,
    )
    draw = RandomDraw(0)
    lines: list[str] = []
    render_op(case, "%x", "%r", "i64", Constants(draw, share=False), lines)
    return function_text(
        "i64", [("%x", case.data_shape)], lines, [("%r", case.result_shape)]
    )


def vector_input(vector: Vector) -> np.ndarray:
    shape = tuple(d for d in vector.shape if d is not None)
    if vector.data is not None:
        return np.array(vector.data, dtype=np.int64).reshape(shape)
    return np.arange(math.prod(shape), dtype=np.int64).reshape(shape)


def check_values(vector: Vector, out: np.ndarray) -> None:
    assert out.shape == vector.expected_shape, vector.note
    if vector.expected_values is None:
        return
    flat = [int(v) for v in out.ravel()]
    expected = list(vector.expected_values)
    if vector.values_prefix:
        flat = flat[: len(expected)]
    assert flat == expected, vector.note


STATIC = [v for v in VECTORS if None not in v.shape]


@pytest.mark.parametrize("vector", STATIC, ids=[v.name for v in STATIC])
def test_vector_in_the_interpreter(vector: Vector) -> None:
    text = vector_program(vector)
    if vector.error is not None:
        with pytest.raises(slice_dialect.SliceError) as info:
            parse_module(text, make_context())
        assert vector.error in str(info.value)
        return
    module = parse_module(text, make_context())
    if math.prod(d for d in vector.shape if d is not None) > MAX_INTERPRETED:
        return  # parsed and verified against the expected shape
    x = vector_input(vector)
    (out,) = make_interpreter(module).call_op("main", (x,))
    check_values(vector, out)
    if x.size > MAX_COMPILED:
        return
    for backend in ("interpreter", "c"):
        kernel = slice_dialect.compile(text, "main", backend)
        result = kernel(x)
        assert isinstance(result, np.ndarray)
        check_values(vector, result)
