"""``import_onnx`` and ``slice-import-onnx``.

* The ONNX package's own backend cases for Slice (``test_slice*``, those
  ``collect_testcases("Slice")`` gives, from the Slice case module alone)
  import as they are (their parameters are graph inputs, so arguments of ``@main``:
  run-time parameters, SPEC section 7), compile, and match their expected outputs through
  both backends with every graph input fed at the call; bound to their values
  (``constants=``) they compile to static kernels and match too.
* Random models built with ``onnx.helper`` (opsets 1, 9, 10, 11, 12, 13 and 18; every
  element type; parameters as initializers, ``Constant`` nodes, bound graph inputs and
  graph inputs fed at run time, ``int32`` or ``int64``; chains and several outputs) give
  the same bits through import and compile as through ONNX Runtime; a kernel with
  run-time parameters is called again with other parameter values.
  ``SLICE_ONNX_CASES`` (default 10) sets how many, ``SLICE_ONNX_FIRST`` (default 0) the
  first seed.
* Malformed models give a ``SliceError`` naming the node, and the tool one ``error:``
  line and exit code 1, never a traceback.

ONNX Runtime reads an ``INT32_MAX``/``INT64_MAX`` end with a negative step as "to the
end" (onnxruntime#11107, SPEC section 2 says it clamps), so random models draw another
end there. ONNX Runtime cannot take ``bfloat16`` arrays from numpy or run complex
Slices: those models run there with a stand-in type of the same bits (``UINT16``,
``UINT64``, and ``DOUBLE`` on the real and imaginary parts of ``complex128``).
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import onnx
import onnxruntime as ort
import pytest
from generators import (
    INT32_MAX,
    INT64_MAX,
    RandomDraw,
    data_shape,
    fit,
    permutation,
    random_array,
    range_values,
)
from numpy.typing import NDArray
from onnx import TensorProto, helper, numpy_helper
from onnx.backend.test.case import node as node_cases
from oracle import same_bits
from test_tools import Result, run

import slice_dialect
from slice_dialect import SliceError, semantics
from slice_dialect.dialect import OnnxSliceOp, OnnxSliceV1Op

CASES = int(os.environ.get("SLICE_ONNX_CASES", "10"))
FIRST = int(os.environ.get("SLICE_ONNX_FIRST", "0"))
"""The first random model's seed (``SLICE_ONNX_FIRST``): a large run with new seeds."""

T = TensorProto
ELEMENT_TYPES: dict[int, str] = {
    T.FLOAT: "f32",
    T.DOUBLE: "f64",
    T.FLOAT16: "f16",
    T.BFLOAT16: "bf16",
    T.BOOL: "i1",
    T.INT8: "i8",
    T.INT16: "i16",
    T.INT32: "i32",
    T.INT64: "i64",
    T.UINT8: "ui8",
    T.UINT16: "ui16",
    T.UINT32: "ui32",
    T.UINT64: "ui64",
    T.COMPLEX64: "complex<f32>",
    T.COMPLEX128: "complex<f64>",
}
"""Every ONNX element type a slice moves, and its element type in the IR."""

STAND_IN = {T.BFLOAT16: T.UINT16, T.COMPLEX64: T.UINT64, T.COMPLEX128: T.DOUBLE}


def _quiet() -> ort.SessionOptions:
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    options.log_severity_level = 3
    return options


def run_ort(model: Any, feed: dict[str, np.ndarray]) -> list[np.ndarray]:
    """Run in ONNX Runtime; types it cannot run go through their stand-in."""
    elem = model.graph.input[0].type.tensor_type.elem_type
    dtype = feed[model.graph.input[0].name].dtype
    if elem in STAND_IN:
        model = _with_stand_in(model, elem)
        if elem == T.COMPLEX128:
            parts = [
                run_ort(model, {k: _part(v, part) for k, v in feed.items()})
                for part in ("real", "imag")
            ]
            return [_complex(r, i) for r, i in zip(*parts)]
        view = np.dtype(np.uint16 if elem == T.BFLOAT16 else np.uint64)
        feed = {k: v.view(view) if v.dtype == dtype else v for k, v in feed.items()}
        return [r.view(dtype) for r in run_ort(model, feed)]
    session = ort.InferenceSession(
        model.SerializeToString(), _quiet(), providers=["CPUExecutionProvider"]
    )
    return session.run(None, feed)


def _part(x: np.ndarray, part: str) -> np.ndarray:
    if x.dtype.kind != "c":
        return x
    return np.ascontiguousarray(x.real if part == "real" else x.imag)


def _complex(real: np.ndarray, imag: np.ndarray) -> np.ndarray:
    """The complex128 array of two float64 parts, bits unchanged."""
    out = np.empty(real.shape, dtype=np.complex128)
    out.real, out.imag = real, imag
    return out


def _with_stand_in(model: Any, elem: int) -> Any:
    copy = onnx.ModelProto()
    copy.CopyFrom(model)
    for v in [*copy.graph.input, *copy.graph.output]:
        if v.type.tensor_type.elem_type == elem:
            v.type.tensor_type.elem_type = STAND_IN[elem]
    return copy


# --- the ONNX package's backend cases ----------------------------------------------------


def onnx_slice_cases() -> list[Any]:
    """The ONNX package's backend test cases of Slice, as ``collect_testcases("Slice")``
    gives them. That call imports every op's case module, each running its generators
    (9 of this suite's 13 s of collection, most of it pooling references); the Slice
    module alone, imported with the same filter, runs only Slice's."""
    module = "onnx.backend.test.case.node.slice"
    assert module not in sys.modules, "its cases were made (or filtered) already"
    node_cases._TargetOpType = "Slice"  # what collect_testcases("Slice") sets
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            importlib.import_module(module)
    finally:
        node_cases._TargetOpType = None
    return [c for c in node_cases._NodeTestCases if c.name.startswith("test_slice")]


SLICE_CASES = onnx_slice_cases()


def test_backend_cases_found() -> None:
    names = {c.name for c in SLICE_CASES}
    assert {"test_slice", "test_slice_neg_steps", "test_slice_default_axes"} <= names
    assert len(SLICE_CASES) >= 8


@pytest.mark.parametrize("case", SLICE_CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_backend_case_bound(case: Any, backend: str) -> None:
    """Parameters bound to the case's values: compiles and gives the expected output."""
    names = [i.name for i in case.model.graph.input]
    for inputs, outputs in case.data_sets:
        module = slice_dialect.import_onnx(
            case.model, constants=dict(zip(names[1:], inputs[1:]))
        )
        kernel = slice_dialect.compile(module, backend=backend)
        got = kernel(inputs[0])
        (expected,) = outputs
        assert same_bits(got, expected)


@pytest.mark.parametrize("case", SLICE_CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_backend_case_unbound(case: Any, backend: str) -> None:
    """Imported as they are (parameters are run-time arguments): one kernel, every
    graph input fed at the call, the expected output."""
    module = slice_dialect.import_onnx(case.model)
    kernel = slice_dialect.compile(module, backend=backend)
    assert len(case.model.graph.input) > 1
    for inputs, outputs in case.data_sets:
        got = kernel(*inputs)
        (expected,) = outputs
        assert isinstance(got, np.ndarray)
        assert same_bits(got, expected)


@pytest.mark.parametrize("case", SLICE_CASES, ids=lambda c: c.name)
def test_backend_case_unbound_ir(case: Any) -> None:
    """Imported as they are, the parameters are arguments of @main feeding slice.onnx."""
    module = slice_dialect.import_onnx(case.model)
    text = str(module)
    graph_inputs = [i.name for i in case.model.graph.input]
    header = text.splitlines()[1]
    assert header.startswith("  func.func @main(")
    for name, value in zip(graph_inputs, case.data_sets[0][0]):
        shape = "x".join(map(str, value.shape))
        dtype = {np.float32: "f32", np.int64: "i64", np.int32: "i32"}[value.dtype.type]
        assert f"%{name}: tensor<{shape}x{dtype}>" in header
    (op,) = [op for op in module.walk() if isinstance(op, OnnxSliceOp)]
    assert op.opset.value.data == 13
    args = list(op.parent_block().args)  # type: ignore[union-attr]
    assert op.data is args[0]
    assert op.starts is args[1] and op.ends is args[2]
    operands = [o for o in (op.axes, op.steps) if o is not None]
    assert operands == args[3:]
    result = op.result.type
    assert "?" in str(result)  # run-time parameters: the sliced dims are dynamic


# --- random models -----------------------------------------------------------------------


@dataclass
class RunTimeParams:
    """What a Slice-10+ node of a random model was drawn with, to draw other values
    for those of its parameters that are graph inputs fed at run time."""

    shape: tuple[int, ...]
    """The node's data shape when drawn (other data shapes clamp the same way)."""
    axes: list[int]
    starts: list[int]
    ends: list[int]
    steps: list[int]
    index_type: str
    names: dict[str, str]
    """Run-time parameter (``starts``, ``ends``, ``axes``, ``steps``) -> graph input."""


@dataclass
class RandomModel:
    model: Any
    data: dict[str, np.ndarray]
    """Every graph input fed at the call, in graph order (data, run-time parameters)."""
    bound: dict[str, np.ndarray] = field(default_factory=dict)
    """Graph inputs bound with ``constants=``."""
    run_time: list[RunTimeParams] = field(default_factory=list)


def _draw_range(dr: RandomDraw, d: int, with_steps: bool) -> tuple[int, int, int]:
    while True:
        start, end, step = range_values(dr, d, None if with_steps else 1)
        if not (step < 0 and end in (INT32_MAX, INT64_MAX)):  # onnxruntime#11107
            return start, end, step


def random_model(seed: int) -> RandomModel:
    dr = RandomDraw(seed)
    opset = dr.weighted([(4, 1), (1, 9), (4, 10), (4, 11), (1, 12), (5, 13), (1, 18)])
    elem = dr.choice(sorted(ELEMENT_TYPES))
    element_type = ELEMENT_TYPES[elem]
    shape = data_shape(dr, 1, 4, 512)
    nodes: list[Any] = []
    initializers: list[Any] = []
    inputs = [helper.make_tensor_value_info("x", elem, list(shape))]
    data = {"x": random_array(element_type, shape, seed)}
    bound: dict[str, np.ndarray] = {}
    run_time: list[RunTimeParams] = []
    outputs: list[str] = []
    shapes: dict[str, tuple[int, ...]] = {}
    current, current_shape = "x", shape
    for k in range(dr.int(1, 3)):
        rank = len(current_shape)
        count = dr.weighted([(1, 0), (8, dr.int(1, rank))]) if rank else 0
        with_axes = dr.bool(0.7) or count == 0
        axes = (
            permutation(dr, list(range(rank)), count) if with_axes else list(range(count))
        )
        axes = [a - rank if dr.bool(0.3) else a for a in axes]
        ranges = [_draw_range(dr, current_shape[a], opset >= 10) for a in axes]
        starts = [r[0] for r in ranges]
        ends = [r[1] for r in ranges]
        steps = [r[2] for r in ranges]
        out = f"y{k}"
        if opset < 10:
            starts, ends = fit(starts, "i64"), fit(ends, "i64")
            attrs: dict[str, Any] = {"starts": starts, "ends": ends}
            if with_axes:
                attrs["axes"] = axes
            node = helper.make_node("Slice", [current], [out])
            node.attribute.extend(
                helper.make_attribute(k, v, attr_type=onnx.AttributeProto.INTS)
                for k, v in attrs.items()
            )
            nodes.append(node)
            res = semantics.onnx_v1(
                current_shape, starts, ends, axes if with_axes else None
            )
        else:
            index_type = dr.choice(["i32", "i64"])
            onnx_index = T.INT32 if index_type == "i32" else T.INT64
            np_index = np.int32 if index_type == "i32" else np.int64
            starts, ends = fit(starts, index_type), fit(ends, index_type)
            steps = fit(steps, index_type)
            with_steps = any(s != 1 for s in steps) or dr.bool(0.3)
            names = [current]
            params = [("starts", starts), ("ends", ends)]
            params.append(("axes", axes if with_axes else None))
            params.append(("steps", steps if with_steps else None))
            while params[-1][1] is None:
                params.pop()
            record = RunTimeParams(
                current_shape, axes, starts, ends, steps, index_type, {}
            )
            for pname, values in params:
                if values is None:
                    names.append("")
                    continue
                name = f"{pname}{k}"
                array = np.array(values, dtype=np_index)
                source = dr.choice(["initializer", "constant", "input", "run time"])
                if source == "initializer":
                    initializers.append(numpy_helper.from_array(array, name))
                elif source == "constant":
                    nodes.append(
                        helper.make_node(
                            "Constant",
                            [],
                            [name],
                            value=numpy_helper.from_array(array, name + "_value"),
                        )
                    )
                else:
                    inputs.append(
                        helper.make_tensor_value_info(name, onnx_index, [len(values)])
                    )
                    if source == "input":
                        bound[name] = array
                    else:
                        data[name] = array
                        record.names[pname] = name
                names.append(name)
            if record.names:
                run_time.append(record)
            nodes.append(helper.make_node("Slice", names, [out]))
            res = semantics.onnx(
                current_shape,
                starts,
                ends,
                axes if with_axes else None,
                steps if with_steps else None,
            )
        current, current_shape = out, tuple(d for d in res.shape if d is not None)
        shapes[out] = current_shape
        if k == 0 or dr.bool(0.3):
            outputs.append(out)
        if dr.bool(0.2):  # the next slice starts again from the input
            current, current_shape = "x", shape
    if current not in outputs and current != "x":
        outputs.append(current)
    # With run-time parameters the result shapes are symbolic, as a model states them.
    graph = helper.make_graph(
        nodes,
        f"random{seed}",
        inputs,
        [
            helper.make_tensor_value_info(
                o,
                elem,
                [f"{o}_{i}" for i in range(len(shapes[o]))]
                if run_time
                else list(shapes[o]),
            )
            for o in outputs
        ],
        initializer=initializers,
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=8
    )
    return RandomModel(model, data, bound, run_time)


def other_parameters(case: RandomModel, seed: int) -> dict[str, np.ndarray]:
    """``case.data`` with other values drawn for its run-time parameters (other axes of
    the same count, other ranges; never a 0 step, never ``onnxruntime#11107``)."""
    dr = RandomDraw(seed)
    data = dict(case.data)
    for p in case.run_time:
        rank = len(p.shape)
        axes = p.axes
        if "axes" in p.names:
            axes = permutation(dr, list(range(rank)), len(p.axes))
            axes = [a - rank if dr.bool(0.3) else a for a in axes]
        starts, ends, steps = list(p.starts), list(p.ends), list(p.steps)
        for i, a in enumerate(axes):
            step = None if "steps" in p.names else p.steps[i]
            start, end, new_step = range_values(dr, p.shape[a], step)
            starts[i] = start if "starts" in p.names else starts[i]
            ends[i] = end if "ends" in p.names else ends[i]
            steps[i] = new_step
        starts, ends = fit(starts, p.index_type), fit(ends, p.index_type)
        steps = fit(steps, p.index_type)
        for i, (end, step) in enumerate(zip(ends, steps)):
            if step < 0 and end in (INT32_MAX, INT64_MAX):  # onnxruntime#11107
                if "steps" in p.names:
                    (steps[i],) = fit([-step], p.index_type)
                else:
                    ends[i] = p.shape[axes[i]]
        dtype = np.int32 if p.index_type == "i32" else np.int64
        values = {"starts": starts, "ends": ends, "axes": axes, "steps": steps}
        for role, name in p.names.items():
            data[name] = np.array(values[role], dtype=dtype)
    return data


def check_random_model(seed: int, backend: str = "c") -> RandomModel:
    case = random_model(seed)
    onnx.checker.check_model(case.model)
    module = slice_dialect.import_onnx(case.model, constants=case.bound)
    kernel = slice_dialect.compile(module, backend=backend)  # type: ignore[arg-type]
    feeds = [case.data]
    if case.run_time:  # the same kernel with other parameter values
        feeds += [other_parameters(case, seed * 8 + k) for k in range(3)]
    for feed in feeds:
        expected = run_ort(case.model, {**feed, **case.bound})
        got = kernel(*feed.values())
        got = got if isinstance(got, tuple) else (got,)
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            assert same_bits(g, e), (g, e)
    return case


@pytest.mark.parametrize("seed", range(FIRST, FIRST + CASES))
def test_random_models_match_onnxruntime(seed: int) -> None:
    check_random_model(seed, "interpreter" if seed % 10 == 9 else "c")


def test_random_models_cover_the_ground() -> None:
    """What the default number of random models draws (not vacuous)."""
    opsets, types, sources = set(), set(), set()
    run_time_opsets, run_time_types, roles = set(), set(), set()
    for seed in range(max(CASES, 30)):
        case = random_model(seed)
        opset = case.model.opset_import[0].version
        elem = case.model.graph.input[0].type.tensor_type.elem_type
        opsets.add(opset)
        types.add(elem)
        sources.update(n.op_type for n in case.model.graph.node)
        if case.model.graph.initializer:
            sources.add("initializer")
        if case.bound:
            sources.add("input")
        if case.run_time:
            sources.add("run time")
            run_time_opsets.add(opset)
            run_time_types.add(elem)
            roles.update(role for p in case.run_time for role in p.names)
    assert {1, 10, 11, 13} <= opsets
    assert len(types) >= 8
    assert {"Constant", "initializer", "input", "run time"} <= sources
    assert {10, 11, 13} <= run_time_opsets
    assert len(run_time_types) >= 5
    assert {"starts", "ends", "axes", "steps"} <= roles


# --- element types and shapes ------------------------------------------------------------


@pytest.mark.parametrize("elem", sorted(ELEMENT_TYPES), ids=T.DataType.Name)
def test_element_types(elem: int) -> None:
    starts = numpy_helper.from_array(np.array([3], dtype=np.int64), "s")
    ends = numpy_helper.from_array(np.array([0], dtype=np.int64), "e")
    steps = numpy_helper.from_array(np.array([-2], dtype=np.int64), "st")
    graph = helper.make_graph(
        [helper.make_node("Slice", ["x", "s", "e", "", "st"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", elem, [4, 2])],
        [helper.make_tensor_value_info("y", elem, [2, 2])],
        initializer=[starts, ends, steps],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    module = slice_dialect.import_onnx(model)
    element_type = ELEMENT_TYPES[elem]
    assert f"tensor<4x2x{element_type}>" in str(module)
    x = random_array(element_type, (4, 2), seed=elem)
    got = slice_dialect.compile(module)(x)
    assert isinstance(got, np.ndarray)
    (expected,) = run_ort(model, {"x": x})
    assert same_bits(got, expected)


@pytest.mark.parametrize("source", ["initializer", "Constant", "constants="])
@pytest.mark.parametrize("elem", sorted(ELEMENT_TYPES), ids=T.DataType.Name)
def test_constant_data_of_every_element_type(elem: int, source: str) -> None:
    """The sliced data as an initializer, a ``Constant`` node or a bound input, of
    every element type, bit for bit: ``BFLOAT16``, ``COMPLEX64`` and ``COMPLEX128``
    were refused ("cannot be written as arith.constant here") before session 47."""
    element_type = ELEMENT_TYPES[elem]
    x = random_array(element_type, (4, 2), seed=elem)
    data = numpy_helper.from_array(x, "x")
    index = [
        numpy_helper.from_array(np.array([v], dtype=np.int64), name)
        for name, v in (("s", 3), ("e", 0), ("st", -2))
    ]
    nodes = [helper.make_node("Slice", ["x", "s", "e", "", "st"], ["y"])]
    inputs = []
    if source == "initializer":
        index.append(data)
    elif source == "Constant":
        nodes.insert(0, helper.make_node("Constant", [], ["x"], value=data))
    else:
        inputs.append(helper.make_tensor_value_info("x", elem, [4, 2]))
    graph = helper.make_graph(
        nodes, "g", inputs, [helper.make_tensor_value_info("y", elem, [2, 2])], index
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    constants = {"x": x} if source == "constants=" else None
    module = slice_dialect.import_onnx(model, constants=constants)
    assert "arith.constant dense<" in str(module)
    assert same_bits(slice_dialect.compile(module)(), x[3:0:-2])


@pytest.mark.parametrize("source", ["initializer", "Constant"])
def test_bool_data_in_int32_data_is_read_as_onnxruntime_reads_it(source: str) -> None:
    """A ``BOOL`` tensor whose ``int32_data`` holds values other than 0 and 1 (the
    checker takes them): each is ``!= 0``, as onnxruntime reads it; onnx's
    ``to_array`` kept the low byte, so 256 was False (session 63's hunt)."""
    data = TensorProto(name="c", data_type=TensorProto.BOOL, dims=[2, 3])
    data.int32_data.extend([1, 0, 256, 2, -1, 0])
    index = [
        numpy_helper.from_array(np.array([v], dtype=np.int64), name)
        for name, v in (("s", 0), ("e", 3))
    ]
    nodes = [helper.make_node("Slice", ["c", "s", "e"], ["y"])]
    if source == "initializer":
        index.append(data)
    else:
        nodes.insert(0, helper.make_node("Constant", [], ["c"], value=data))
    graph = helper.make_graph(
        nodes,
        "g",
        [],
        [helper.make_tensor_value_info("y", TensorProto.BOOL, [2, 3])],
        index,
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8
    )
    onnx.checker.check_model(model, full_check=True)
    session = ort.InferenceSession(
        model.SerializeToString(), providers=["CPUExecutionProvider"]
    )
    (expected,) = session.run(None, {})
    np.testing.assert_array_equal(expected, [[True, False, True], [True, True, False]])
    module = slice_dialect.import_onnx(model)
    for backend in ("c", "interpreter"):
        got = slice_dialect.compile(module, backend=backend)()  # type: ignore[arg-type]
        np.testing.assert_array_equal(got, expected)


def test_dynamic_dims_and_partial_shapes() -> None:
    graph = helper.make_graph(
        [helper.make_node("Slice", ["x", "s", "e", "a"], ["y"])],
        "g",
        [
            helper.make_tensor_value_info("x", T.FLOAT, ["batch", 6, 4]),
            helper.make_tensor_value_info("s", T.INT64, [1]),
        ],
        [helper.make_tensor_value_info("y", T.FLOAT, None)],
        initializer=[
            numpy_helper.from_array(np.array([5], dtype=np.int64), "e"),
            numpy_helper.from_array(np.array([-2], dtype=np.int64), "a"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    text = str(slice_dialect.import_onnx(model))
    assert "@main(%x: tensor<?x6x4xf32>, %s: tensor<1xi64>) -> tensor<?x?x4xf32>" in text
    assert "opset = 11" in text
    bound = str(slice_dialect.import_onnx(model, constants={"s": [1]}))
    assert "@main(%x: tensor<?x6x4xf32>) -> tensor<?x4x4xf32>" in bound


def test_slice_v1_and_constants_of_every_form() -> None:
    nodes = [
        helper.make_node("Constant", [], ["c"], value_ints=[1, 0]),
        helper.make_node("Slice", ["x"], ["y"], starts=[1, -3], ends=[1000, -1]),
    ]
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", T.INT8, [3, 4])],
        [
            helper.make_tensor_value_info("y", T.INT8, [2, 2]),
            helper.make_tensor_value_info("c", T.INT64, [2]),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 7)])
    module = slice_dialect.import_onnx(model)
    (op,) = [op for op in module.walk() if isinstance(op, OnnxSliceV1Op)]
    assert list(op.starts.get_values()) == [1, -3]
    assert "arith.constant dense<[1, 0]> : tensor<2xi64>" in str(module)


def test_file_path_and_bytes(tmp_path: Path) -> None:
    case = random_model(3)
    path = tmp_path / "m.onnx"
    onnx.save(case.model, path)
    a = str(slice_dialect.import_onnx(path, constants=case.bound))
    b = str(slice_dialect.import_onnx(str(path), constants=case.bound))
    c = str(
        slice_dialect.import_onnx(case.model.SerializeToString(), constants=case.bound)
    )
    assert a == b == c


# --- malformed models ---------------------------------------------------------------------


def _slice_model(
    nodes: list[Any] | None = None,
    inputs: list[Any] | None = None,
    initializers: list[Any] | None = None,
    outputs: list[str] | None = None,
    opset: int = 13,
) -> Any:
    if nodes is None:
        nodes = [helper.make_node("Slice", ["x", "s", "e"], ["y"], name="cut")]
    if inputs is None:
        inputs = [helper.make_tensor_value_info("x", T.FLOAT, [4])]
    if initializers is None:
        initializers = [
            numpy_helper.from_array(np.array([1], dtype=np.int64), "s"),
            numpy_helper.from_array(np.array([3], dtype=np.int64), "e"),
        ]
    graph = helper.make_graph(
        nodes,
        "g",
        inputs,
        [helper.make_tensor_value_info(o, T.FLOAT, None) for o in outputs or ["y"]],
        initializer=initializers,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def test_valid_base_model() -> None:
    x = np.arange(4, dtype=np.float32)
    got = slice_dialect.compile(slice_dialect.import_onnx(_slice_model()))(x)
    assert got.tolist() == [1.0, 2.0]  # type: ignore[union-attr]


def _s(values: list[Any], name: str, dtype: Any = np.int64) -> Any:
    return numpy_helper.from_array(np.array(values, dtype=dtype), name)


MALFORMED: dict[str, tuple[Any, str]] = {
    "unknown op": (
        _slice_model([helper.make_node("Relu", ["x"], ["y"], name="act")]),
        "node 'act' (Relu): op type 'Relu' is not supported",
    ),
    "other domain": (
        _slice_model([helper.make_node("Slice", ["x", "s", "e"], ["y"], domain="com.x")]),
        "node #0 (Slice): domain 'com.x' is not supported",
    ),
    "too few inputs": (
        _slice_model([helper.make_node("Slice", ["x", "s"], ["y"], name="cut")]),
        "node 'cut' (Slice): Slice (opset 13) takes 3 to 5 inputs",
    ),
    "too many inputs": (
        _slice_model([helper.make_node("Slice", ["x", "s", "e", "s", "s", "s"], ["y"])]),
        "takes 3 to 5 inputs (data, starts, ends, axes, steps), got 6",
    ),
    "slice-1 with inputs": (
        _slice_model(
            [helper.make_node("Slice", ["x", "s"], ["y"], starts=[0], ends=[1])],
            opset=9,
        ),
        "Slice-1 (opset 9) takes 1 input (data), got 2",
    ),
    "slice-1 without ends": (
        _slice_model([helper.make_node("Slice", ["x"], ["y"], starts=[0])], opset=1),
        "Slice-1 needs the attributes starts and ends",
    ),
    "float starts": (
        _slice_model(initializers=[_s([1.0], "s", np.float32), _s([3], "e")]),
        "node 'cut' (Slice): starts ('s') has dtype float32; Slice parameters must be "
        "int32 or int64",
    ),
    "float starts input": (
        _slice_model(
            inputs=[
                helper.make_tensor_value_info("x", T.FLOAT, [4]),
                helper.make_tensor_value_info("s", T.FLOAT, [1]),
            ],
            initializers=[_s([3], "e")],
        ),
        "starts ('s') has element type f32",
    ),
    "2-D starts": (
        _slice_model(initializers=[_s([[1]], "s"), _s([3], "e")]),
        "starts ('s') has shape [1, 1]; Slice parameters must be 1-D",
    ),
    "missing input": (
        _slice_model(initializers=[_s([1], "s")]),
        "node 'cut' (Slice): input 'e' is not a graph input, an initializer or the "
        "output of a node",
    ),
    "missing output": (
        _slice_model(outputs=["z"]),
        "graph output 'z' is not produced",
    ),
    "cycle": (
        _slice_model(
            [
                helper.make_node("Slice", ["z", "s", "e"], ["y"], name="a"),
                helper.make_node("Slice", ["y", "s", "e"], ["z"], name="b"),
            ]
        ),
        "node 'a' (Slice) is part of a cycle",
    ),
    "defined twice": (
        _slice_model(
            [
                helper.make_node("Slice", ["x", "s", "e"], ["y"], name="a"),
                helper.make_node("Slice", ["x", "s", "e"], ["y"], name="b"),
            ]
        ),
        "node 'b' (Slice): output 'y' is defined twice",
    ),
    "step 0": (
        _slice_model(
            [helper.make_node("Slice", ["x", "s", "e", "", "z"], ["y"], name="cut")],
            initializers=[_s([1], "s"), _s([3], "e"), _s([0], "z")],
        ),
        "node 'cut' (Slice): slice.onnx: steps[0] = 0: a step must be non-zero",
    ),
    "repeated axes": (
        _slice_model(
            [helper.make_node("Slice", ["x", "s", "e", "a"], ["y"], name="cut")],
            inputs=[helper.make_tensor_value_info("x", T.FLOAT, [4, 4])],
            initializers=[_s([1, 1], "s"), _s([3, 3], "e"), _s([0, -2], "a")],
        ),
        "repeats axis 0",
    ),
    "string data": (
        _slice_model(inputs=[helper.make_tensor_value_info("x", T.STRING, [4])]),
        "graph input 'x' has element type STRING, which a slice cannot move",
    ),
    "negative dim": (
        _slice_model(inputs=[helper.make_tensor_value_info("x", T.FLOAT, [-3])]),
        "graph input 'x' has dimension 0 of size -3 (negative)",
    ),
    "huge dims": (
        _slice_model(
            inputs=[helper.make_tensor_value_info("x", T.FLOAT, [2**40, 2**40])]
        ),
        "more than 2**62 bytes",
    ),
    "no shape": (
        _slice_model(inputs=[helper.make_tensor_value_info("x", T.FLOAT, None)]),
        "graph input 'x' has no shape",
    ),
    "no opset": (
        helper.make_model(helper.make_graph([], "g", [], []), opset_imports=[]),
        "imports no version of the default ONNX domain",
    ),
    "opset 0": (
        _slice_model(
            [helper.make_node("Slice", ["x"], ["y"], starts=[1], ends=[3])], opset=0
        ),
        "the model imports opset 0 of the default ONNX domain (opset_import); ONNX "
        "opsets start at 1",
    ),
    "opset from the future": (
        _slice_model(opset=onnx.defs.onnx_opset_version() + 71),
        "of the default ONNX domain (opset_import); the onnx package here knows opsets "
        f"up to {onnx.defs.onnx_opset_version()}",
    ),
    "initializer of another shape": (
        _slice_model(
            inputs=[
                helper.make_tensor_value_info("x", T.FLOAT, [4]),
                helper.make_tensor_value_info("s", T.INT64, [2]),
            ],
            initializers=[_s([1], "s"), _s([3], "e")],
        ),
        "graph input 's' is declared with shape [2] but its initializer has shape [1]",
    ),
    "initializer of another type": (
        _slice_model(
            inputs=[
                helper.make_tensor_value_info("x", T.FLOAT, [4]),
                helper.make_tensor_value_info("s", T.INT32, [1]),
            ],
            initializers=[_s([1], "s"), _s([3], "e")],
        ),
        "graph input 's' is declared i32 but its initializer holds int64 values",
    ),
    "scalar data": (
        _slice_model(inputs=[helper.make_tensor_value_info("x", T.FLOAT, [])]),
        "data must have rank >= 1",
    ),
    "bad Constant": (
        _slice_model(
            [
                helper.make_node("Constant", [], ["s"], value_string="no"),
                helper.make_node("Slice", ["x", "s", "e"], ["y"]),
            ],
            initializers=[_s([3], "e")],
        ),
        "node #0 (Constant): Constant attribute 'value_string' is not supported",
    ),
    "attribute on Slice-13": (
        _slice_model(
            [helper.make_node("Slice", ["x", "s", "e"], ["y"], starts=[1], name="c")]
        ),
        "node 'c' (Slice): Slice (opset 13) takes no attributes",
    ),
    "empty starts name": (
        _slice_model([helper.make_node("Slice", ["x", "", "e"], ["y"])]),
        "input starts is missing",
    ),
    "mixed index types": (
        _slice_model(initializers=[_s([1], "s", np.int32), _s([3], "e")]),
        "node 'cut' (Slice): ends ('e') is i64 but starts ('s') is i32; Slice's index "
        "inputs share one type",
    ),
    "unnamed output": (
        _slice_model([helper.make_node("Slice", ["x", "s", "e"], [""], name="c")]),
        "node 'c' (Slice): the output of Slice has an empty name (ONNX's mark of an "
        "optional output left out), but it is required",
    ),
    "unnamed Constant output": (
        _slice_model(
            [
                helper.make_node("Constant", [], [""], value_ints=[1]),
                helper.make_node("Slice", ["x", "s", "e"], ["y"]),
            ]
        ),
        "node #0 (Constant): the output of a Constant has an empty name",
    ),
    "Constant with an input": (
        _slice_model(
            [
                helper.make_node("Constant", ["x"], ["c"], value_ints=[1]),
                helper.make_node("Slice", ["x", "s", "e"], ["y"]),
            ]
        ),
        "node #0 (Constant): a Constant has no inputs, got 1",
    ),
    "two outputs": (
        _slice_model([helper.make_node("Slice", ["x", "s", "e"], ["y", "w"])]),
        "Slice has one output, got 2",
    ),
}


def _declared_output(shape: list[Any] | None, elem_type: int = T.FLOAT) -> Any:
    model = _slice_model()
    model.graph.output[0].CopyFrom(helper.make_tensor_value_info("y", elem_type, shape))
    return model


MALFORMED["output shape"] = (
    _declared_output([5]),
    "graph output 'y' is declared with shape [5] but its value has type tensor<2xf32>",
)
# ONNX Runtime refuses it too ("Invalid tensor data type 0"); a type left out is taken
MALFORMED["output of undefined type"] = (
    _declared_output(None, T.UNDEFINED),
    "graph output 'y' has element type UNDEFINED (leave its type out if it is not known)",
)
MALFORMED["output rank"] = (
    _declared_output([2, 1]),
    "graph output 'y' is declared with shape [2, 1] but its value has type tensor<2xf32>",
)


def test_declared_output_shapes_that_agree() -> None:
    """A declared output shape agrees where it is the value's, or a ``dim_param``."""
    for shape in ([2], ["n"]):
        module = slice_dialect.import_onnx(_declared_output(shape))
        x = np.arange(4, dtype=np.float32)
        assert slice_dialect.compile(module)(x).tolist() == [1.0, 2.0]  # type: ignore[union-attr]


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_models(name: str) -> None:
    model, message = MALFORMED[name]
    with pytest.raises(SliceError) as info:
        slice_dialect.import_onnx(model)
    assert message in str(info.value)


def test_bound_constants_are_checked() -> None:
    model = _slice_model(
        inputs=[
            helper.make_tensor_value_info("x", T.FLOAT, [4]),
            helper.make_tensor_value_info("s", T.INT32, [1]),
        ],
        initializers=[_s([3], "e", np.int32)],
    )
    with pytest.raises(SliceError, match="'q', which is not a graph input"):
        slice_dialect.import_onnx(model, constants={"q": [1]})
    with pytest.raises(SliceError, match=r"has shape \[2\], the input is \[1\]"):
        slice_dialect.import_onnx(model, constants={"s": [1, 2]})
    with pytest.raises(
        SliceError,
        match=r"'s' has the value 1099511627776 at \[0\], which does not fit int32 "
        r"\(its values are -2147483648 to 2147483647\)",
    ):
        slice_dialect.import_onnx(model, constants={"s": [2**40]})
    with pytest.raises(SliceError, match="has dtype float64"):
        slice_dialect.import_onnx(model, constants={"s": [1.5]})
    # bools are not integers (a kernel call refuses them for an integer argument)
    with pytest.raises(SliceError, match="has dtype bool, the input is int32"):
        slice_dialect.import_onnx(model, constants={"s": np.array([True])})
    module = slice_dialect.import_onnx(model, constants={"s": [1]})
    assert "dense<1> : tensor<1xi32>" in str(module)
    # A binding overrides an input's initializer (its default value).
    model.graph.initializer.append(_s([2], "s", np.int32))
    x = np.arange(4, dtype=np.float32)
    assert slice_dialect.compile(slice_dialect.import_onnx(model))(x).tolist() == [2.0]
    bound = slice_dialect.import_onnx(model, constants={"s": [0]})
    assert slice_dialect.compile(bound)(x).tolist() == [0.0, 1.0, 2.0]


def test_constants_not_a_mapping_of_names() -> None:
    """``constants=`` that is not a mapping of str names is a ``SliceError`` (it was a
    ``TypeError`` from ``dict()``, or from sorting int and str names together)."""
    model = _slice_model(
        inputs=[
            helper.make_tensor_value_info("x", T.FLOAT, [4]),
            helper.make_tensor_value_info("s", T.INT32, [1]),
        ],
        initializers=[_s([3], "e", np.int32)],
    )
    for bad in ([1], [("s", [1])], "s", 5, np.array([1])):
        with pytest.raises(SliceError, match="constants must be a mapping"):
            slice_dialect.import_onnx(model, constants=bad)
    for bad in ({1: [1]}, {1: [1], "q": [1]}, {b"s": [1]}):
        with pytest.raises(SliceError, match="constants names graph inputs by str"):
            slice_dialect.import_onnx(model, constants=bad)
    assert "dense<1>" in str(slice_dialect.import_onnx(model, constants={"s": [1]}))
    assert "%s" in str(slice_dialect.import_onnx(model, constants={}))


def test_truncated_and_garbage_files(tmp_path: Path) -> None:
    data = random_model(5).model.SerializeToString()
    rng = random.Random(0)
    cuts = sorted({*rng.sample(range(1, len(data)), min(40, len(data) - 1)), 1, 2})
    outcomes = {"error": 0, "module": 0}
    for cut in cuts:
        path = tmp_path / f"cut{cut}.onnx"
        path.write_bytes(data[:cut])
        try:
            module = slice_dialect.import_onnx(path)
        except SliceError as e:
            assert str(e)
            outcomes["error"] += 1
        else:  # cut at a field boundary: a smaller but valid model
            module.verify()
            outcomes["module"] += 1
    assert outcomes["error"] > len(cuts) // 2
    with pytest.raises(SliceError, match="not a valid ONNX model"):
        slice_dialect.import_onnx(b"\xff\xff\xff garbage")
    # no bytes: protobuf's empty model, which was said to import no opset (session 64)
    (tmp_path / "empty.onnx").write_bytes(b"")
    with pytest.raises(
        SliceError, match=r"empty\.onnx: not a valid ONNX model \(the file is empty\)$"
    ):
        slice_dialect.import_onnx(tmp_path / "empty.onnx")
    with pytest.raises(
        SliceError, match=r"^the model: not a valid ONNX model \(no bytes\)$"
    ):
        slice_dialect.import_onnx(b"")
    with pytest.raises(SliceError, match="No such file"):
        slice_dialect.import_onnx(tmp_path / "missing.onnx")
    with pytest.raises(SliceError, match=r"takes an onnx\.ModelProto"):
        slice_dialect.import_onnx(42)


# --- the tool -----------------------------------------------------------------------------


def _tool(*args: str) -> Result:
    """``slice-import-onnx args``, called in this process (``test_tools.run``)."""
    return run("slice-import-onnx", *args, cwd=Path.cwd())


def test_tool_prints_the_module(tmp_path: Path) -> None:
    path = tmp_path / "m.onnx"
    case = random_model(7)
    onnx.save(case.model, path)
    binds = [
        f"--bind={k}=" + ",".join(str(int(v)) for v in a) for k, a in case.bound.items()
    ]
    run = _tool(str(path), *binds)
    assert run.returncode == 0, run.stderr
    assert run.stdout == str(slice_dialect.import_onnx(path, constants=case.bound)) + "\n"
    npy = tmp_path / "s.npy"
    np.save(npy, np.array([1], dtype=np.int64))
    model = _slice_model(
        inputs=[
            helper.make_tensor_value_info("x", T.FLOAT, [4]),
            helper.make_tensor_value_info("s", T.INT64, [1]),
        ],
        initializers=[_s([3], "e")],
    )
    onnx.save(model, tmp_path / "b.onnx")
    run = _tool(str(tmp_path / "b.onnx"), f"--bind=s={npy}")
    assert run.returncode == 0, run.stderr
    assert "tensor<2xf32>" in run.stdout


@pytest.mark.parametrize(
    "name", ["unknown op", "cycle", "float starts", "huge dims", "garbage", "missing"]
)
def test_tool_errors(tmp_path: Path, name: str) -> None:
    path = tmp_path / "bad.onnx"
    if name == "garbage":
        path.write_bytes(b"\x0a\xff\xff\xff")
    elif name != "missing":
        onnx.save(MALFORMED[name][0], path)
    run = _tool(str(path))
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert run.stdout == ""


def test_tool_bad_bind(tmp_path: Path) -> None:
    path = tmp_path / "m.onnx"
    onnx.save(_slice_model(), path)
    for bind in ["--bind=s", "--bind=s=1,x", f"--bind=s={tmp_path}/none.npy"]:
        run = _tool(str(path), bind)
        assert run.returncode == 1
        assert run.stderr.startswith("error: ") and "Traceback" not in run.stderr
    # what int() alone takes: digit groups with "_", spaces, a "+" without digits
    run = _tool(str(path), "--bind=s=" + "9" * 5000)  # more digits than int() reads
    assert run.returncode == 1
    assert run.stderr == (
        "error: --bind s: a value has more digits than an integer input holds\n"
    )
    for values in ["1_0,2", " 1", "1,", "+"]:
        run = _tool(str(path), f"--bind=s={values}")
        assert run.returncode == 1
        assert run.stderr == (
            f"error: --bind s={values}: values must be comma-separated integers\n"
        )


def test_a_path_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    """``/dev/zero`` (or a FIFO) as the model is refused before it is read: onnx read
    it until memory ran out (a MemoryError after gigabytes)."""
    for path in ("/dev/zero", tmp_path):
        with pytest.raises(SliceError, match="is not a regular file"):
            slice_dialect.import_onnx(path)
    run = _tool("/dev/zero")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr == (
        "error: /dev/zero is not a regular file; import_onnx reads a model from a "
        "file (or takes its bytes or an onnx.ModelProto)\n"
    )


def test_tool_bind_refuses_archives_and_repeats(tmp_path: Path) -> None:
    """``--bind NAME=FILE.npy`` of an ``.npz`` archive is refused as one (it was bound
    as an array of dtype ``<U1``), and a name bound twice is an error (the last one
    silently won)."""
    model = _slice_model(
        inputs=[
            helper.make_tensor_value_info("x", T.FLOAT, [4]),
            helper.make_tensor_value_info("s", T.INT64, [1]),
        ],
        initializers=[numpy_helper.from_array(np.array([3], np.int64), "e")],
    )
    path = tmp_path / "m.onnx"
    onnx.save(model, path)
    archive = tmp_path / "a.npy"
    with archive.open("wb") as f:
        np.savez(f, s=np.array([1]))
    run = _tool(str(path), f"--bind=s={archive}")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr == (
        f"error: --bind s: {archive} is an .npz archive; --bind takes one array per "
        ".npy file (np.save)\n"
    )
    run = _tool(str(path), "--bind=s=1", "--bind=s=2")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr == "error: --bind s is given twice (s=1 and s=2)\n"
    run = _tool(str(path), "--bind=s=2")
    assert run.returncode == 0 and "dense<2> : tensor<1xi64>" in run.stdout


@pytest.mark.parametrize("seed", range(FIRST, FIRST + max(1, CASES // 10)))
def test_mutated_models_never_traceback(seed: int) -> None:
    """Random byte flips in a serialized model: a SliceError or a module that verifies,
    never another exception."""
    rng = random.Random(seed)
    data = bytearray(random_model(seed).model.SerializeToString())
    for _ in range(60):
        mutated = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        try:
            module = slice_dialect.import_onnx(bytes(mutated))
        except SliceError as e:
            assert str(e)
        else:
            module.verify()


def _bind_model(data: int = T.FLOAT, index: int = T.INT64) -> Any:
    """``y = d[starts:3, starts:3]`` of a 4x4 input, and ``x:0`` returned."""
    graph = helper.make_graph(
        [helper.make_node("Slice", ["d", "starts", "e"], ["y"])],
        "g",
        [
            helper.make_tensor_value_info("d", T.FLOAT, [4, 4]),
            helper.make_tensor_value_info("x:0", data, [2]),
            helper.make_tensor_value_info("starts", index, [2]),
        ],
        [onnx.ValueInfoProto(name=o) for o in ("y", "x:0")],  # types left out
        initializer=[_s([3, 3], "e", np.int32 if index == T.INT32 else np.int64)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


FIT = "which does not fit"


@pytest.mark.parametrize(
    "data, index, name, value, message",
    [
        # a finite float that would become infinite (it became inf silently, with
        # numpy's RuntimeWarning)
        (
            T.FLOAT,
            T.INT64,
            "x:0",
            np.array([1.0, 1e300]),
            f"value 1e+300 at [1], {FIT} float32 (its largest finite value is 3.4028235e+38)",
        ),
        (
            T.FLOAT16,
            T.INT64,
            "x:0",
            [70000, 1],
            f"value 70000 at [0], {FIT} float16 (its largest finite value is 6.55e+04)",
        ),
        (
            T.FLOAT16,
            T.INT64,
            "x:0",
            np.array([1, -1e5], np.float32),
            f"value -100000.0 at [1], {FIT} float16",
        ),
        (
            T.DOUBLE,
            T.INT64,
            "x:0",
            [2**1024, 0],
            f"value {2**1024} at [0], {FIT} float64 (its largest finite value is 1.7976931348623157e+308)",
        ),
        # integers beyond the input's type: beyond 64 bits (numpy's object arrays),
        # uint64 into int64, negative into unsigned
        (
            T.FLOAT,
            T.INT64,
            "starts",
            [2**70, 0],
            f"value {2**70} at [0], {FIT} int64 (its values are -9223372036854775808 to 9223372036854775807)",
        ),
        (
            T.FLOAT,
            T.INT64,
            "starts",
            [0, -(2**63) - 1],
            f"value {-(2**63) - 1} at [1], {FIT} int64",
        ),
        (
            T.FLOAT,
            T.INT64,
            "starts",
            np.array([2**63, 0], np.uint64),
            f"value {2**63} at [0], {FIT} int64",
        ),
        (T.FLOAT, T.INT32, "starts", [0, 2**31], f"value {2**31} at [1], {FIT} int32"),
        (
            T.UINT8,
            T.INT64,
            "x:0",
            [1, -1],
            f"value -1 at [1], {FIT} uint8 (its values are 0 to 255)",
        ),
        (T.UINT64, T.INT64, "x:0", [2**64, 0], f"value {2**64} at [0], {FIT} uint64"),
    ],
)
def test_bound_values_that_do_not_fit(
    data: int, index: int, name: str, value: Any, message: str
) -> None:
    """A bound value the input's type cannot hold is an error naming the input and
    the value, without a numpy warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(SliceError) as info:
            slice_dialect.import_onnx(_bind_model(data, index), constants={name: value})
    assert str(info.value).startswith(
        f"the constant bound to graph input '{name}' has the {message}"
    ), str(info.value)


def test_bound_floats_round() -> None:
    """Floats round to the input's type: NaN and infinities stay, a value below the
    smallest subnormal becomes 0, a float64 rounds to the nearest float32; integers
    that fit convert exactly, whatever their Python or numpy type."""
    model = _bind_model()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bound = slice_dialect.import_onnx(
            model, constants={"x:0": [np.nan, -np.inf], "starts": [0, 1]}
        )
        assert "dense<[0x7fc00000, 0xff800000]> : tensor<2xf32>" in str(bound)
        bound = slice_dialect.import_onnx(
            model,
            constants={"x:0": [1e-300, 0.1], "starts": np.array([0, 1], np.uint64)},
        )
    assert "dense<[0.000000e+00, 1.000000e-01]> : tensor<2xf32>" in str(bound)
    assert "dense<[0, 1]> : tensor<2xi64>" in str(bound)
    bound = slice_dialect.import_onnx(model, constants={"starts": [-(2**63), 2**63 - 1]})
    d, x = np.ones((4, 4), np.float32), np.array([1.0, 2.0], np.float32)
    y, same = slice_dialect.compile(bound)(d, x)
    assert y.shape == (3, 0) and same.tolist() == x.tolist()


def test_tool_bind_values_that_do_not_fit(tmp_path: Path) -> None:
    """``--bind`` of an integer beyond int64 or of a float64 beyond float32 is one
    ``error:`` line naming the input and the value ("Python int too large to convert
    to C long" before, and the float silently inf)."""
    path = tmp_path / "m.onnx"
    onnx.save(_bind_model(), path)
    big = tmp_path / "big.npy"
    np.save(big, np.array([1e300, 1.0]))
    for bind, message in [
        (
            "starts=99999999999999999999,0",
            f"'starts' has the value 99999999999999999999 at [0], {FIT} int64",
        ),
        (f"x:0={big}", f"'x:0' has the value 1e+300 at [0], {FIT} float32"),
    ]:
        run = _tool(str(path), f"--bind={bind}")
        assert run.returncode == 1
        assert run.stderr.startswith(
            "error: the constant bound to graph input " + message
        ), run.stderr
        assert len(run.stderr.splitlines()) == 1 and run.stdout == ""
    run = _tool(str(path), "--bind=starts=0,-9223372036854775808")
    assert run.returncode == 0, run.stderr
    assert "dense<[0, -9223372036854775808]> : tensor<2xi64>" in run.stdout


def test_without_the_onnx_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``onnx`` is in the ``test`` extra, not in the dependencies: without it both
    directions, and ``slice-import-onnx``, say what to install (``import_onnx`` raised
    a bare ``ModuleNotFoundError`` before session 43, helper 15's review)."""
    path = tmp_path / "m.onnx"
    path.write_bytes(b"not read")
    monkeypatch.setitem(sys.modules, "onnx", None)
    for call in (
        lambda: slice_dialect.import_onnx(path),
        lambda: slice_dialect.export_onnx("func.func @main() {\n  func.return\n}\n"),
    ):
        with pytest.raises(
            SliceError, match=r"needs the onnx package \(pip install onnx\)"
        ):
            call()
    result = run("slice-import-onnx", path, cwd=tmp_path)
    assert result.returncode == 1
    assert "error: import_onnx needs the onnx package (pip install onnx)" in result.stderr


@pytest.mark.parametrize("length", [33, 10**7, 2**40])
def test_a_graph_input_index_longer_than_any_slice_uses(length: int) -> None:
    """A Slice whose ``starts`` is a graph input declared with more values than any
    slice of its data uses gets the verifier's message, before its unknown values are
    listed (2**40 of them raised ``MemoryError``)."""
    model = _slice_model(
        inputs=[
            helper.make_tensor_value_info("x", T.FLOAT, [6]),
            helper.make_tensor_value_info("s", T.INT64, [length]),
        ],
        initializers=[_s([4], "e")],
    )
    with pytest.raises(SliceError) as info:
        slice_dialect.import_onnx(model)
    assert str(info.value) == (
        f"node 'cut' (Slice): slice.onnx: starts has {length} values but a slice of "
        "tensor<6xf32> to tensor<?xf32> uses at most 32"
    )


def test_a_repeated_attribute_is_refused() -> None:
    """A node giving one attribute twice is refused, as ONNX Runtime refuses it (the
    first value was used)."""
    node = helper.make_node("Slice", ["x"], ["y"], name="cut", starts=[1], ends=[3])
    node.attribute.append(helper.make_attribute("starts", [3]))
    with pytest.raises(SliceError) as info:
        slice_dialect.import_onnx(_slice_model(nodes=[node], initializers=[], opset=9))
    assert str(info.value) == (
        "node 'cut' (Slice): attribute 'starts' appears 2 times (ONNX Runtime refuses "
        "the graph)"
    )


def _bound(data: int, value: Any) -> NDArray:
    """The array ``import_onnx`` binds ``value`` to as ``x:0`` of ``_bind_model(data)``
    (its constant, read back through ``compile``)."""
    module = slice_dialect.import_onnx(_bind_model(data), constants={"x:0": value})
    kernel = slice_dialect.compile(module)
    _, x = kernel(np.zeros((4, 4), np.float32), np.array([0, 0]))
    return x


def test_bound_values_convert_exactly() -> None:
    """Session 48's review of bound values: integers convert one by one (a list of
    them is never made ``float64`` first), floats round once to the nearest value of
    the type (``bfloat16`` too: ml_dtypes rounds through ``float32``), complex values
    go only into complex inputs, and raw ``|V2`` bytes (``np.save`` of ``bfloat16``)
    are read as the input's type."""
    import ml_dtypes

    bf16 = np.dtype(ml_dtypes.bfloat16)
    assert _bound(T.UINT64, [2**64 - 1, 1]).tolist() == [2**64 - 1, 1]
    # 2**63 + 2**39 + 1 lies above the midpoint of float32's neighbours 2**63 and
    # 2**63 + 2**40 (rounded to float64 first, it was the midpoint, and went to 2**63)
    assert _bound(T.FLOAT, [2**63 + 2**39 + 1, 0]).tolist() == [2.0**63 + 2.0**40, 0]
    # 16842753 = 2**24 + 2**16 + 1: nearest bfloat16 2**24 + 2**17 (through float32,
    # 2**24 + 2**16 is a tie, and went to 2**24)
    for value in ([16842753, 0], [16842753.0, 0.0], np.array([16842753, 0])):
        got = _bound(T.BFLOAT16, value)
        assert got.dtype == bf16 and got.astype(np.float64).tolist() == [16908288.0, 0]
    for complex_value in ([1 + 5j, 2 - 7j], np.array([1 + 5j, 2], np.complex64)):
        with pytest.raises(
            SliceError, match=r"has dtype complex.*, the input is bfloat16"
        ):
            _bound(T.BFLOAT16, complex_value)
    with pytest.raises(SliceError, match=r"'x:0' has the value 1797\d+ at \[0\], which"):
        _bound(T.DOUBLE, [2**1024 - 1, 1])
    with pytest.raises(SliceError, match=r"has the value -1797\d+ at \[0\], which"):
        _bound(T.FLOAT, [-(2**1024) + 1, 1])
    with pytest.raises(SliceError, match="has integer values, the input is bool"):
        _bound(T.BOOL, [1, 0])
    raw = np.array([1.5, -2.0], bf16).view("V2")
    assert _bound(T.BFLOAT16, raw).astype(np.float64).tolist() == [1.5, -2.0]
    # a negative value that rounds to zero keeps its sign (-0.0), as IEEE rounds
    tiny = _bound(T.BFLOAT16, [-1e-45, 1e-45])
    assert tiny.view(np.uint16).tolist() == [0x8000, 0x0000]
    # integers mixed with floats round once too (np.asarray made them float64 first):
    # 2**54 + 2**30 + 1 is above the midpoint of float32's 2**54 and 2**54 + 2**31
    mixed = _bound(T.FLOAT, [2**54 + 2**30 + 1, 0.5])
    assert mixed.tolist() == [2.0**54 + 2.0**31, 0.5]
    with pytest.raises(
        SliceError, match=r"has the value 1e\+300 at \[1\], which does not"
    ):
        _bound(T.FLOAT, [1, 1e300])
    assert np.isnan(_bound(T.FLOAT, [1, float("nan")])[1])
    with pytest.raises(SliceError, match="has dtype float64, the input is int64"):
        _bound(T.INT64, [1, 0.5])
    # integers mixed with complex values, and long doubles, round once too (session
    # 48's third review: through complex128 and float64 first)
    (z,) = _bound(T.COMPLEX64, [2**63 + 2**39 + 1, 1j])[:1]
    assert z == complex(2.0**63 + 2.0**40, 0)
    near_one = np.longdouble(1) + np.longdouble(2) ** -11 + np.longdouble(2) ** -60
    # (above the tie of float16's 1 and 1 + 2**-10 where a long double holds 2**-60)
    above = near_one != np.longdouble(1) + np.longdouble(2) ** -11
    for value in ([near_one, 1], np.array([near_one, 1], np.longdouble)):
        assert _bound(T.FLOAT16, value).tolist()[0] == (1 + 2**-10 if above else 1)
    beyond = np.array([1 + 2.0**-8 + 2.0**-40, 1])
    assert _bound(T.BFLOAT16, beyond).astype(np.float64).tolist()[0] == 1 + 2**-7
    with pytest.raises(SliceError, match="has dtype complex128, the input is float32"):
        _bound(T.FLOAT, [1, 1j])
    # each part of a complex value is checked (np.isfinite of the whole was False
    # for a NaN part, and 1e39 became inf), a long double shown in its own digits,
    # an integer too long for str by its size (session 48's fourth review)
    for value in ([1.0, complex(1e39, float("nan"))], [1, complex(1e39, 1)]):
        with pytest.raises(
            SliceError, match=r"has the value \(1e\+39\+(nan|1)j\) at \[1\]"
        ):
            _bound(T.COMPLEX64, value)
    with pytest.raises(
        SliceError, match=r"has the value 1e\+400 at \[0\], which does not"
    ):
        _bound(T.DOUBLE, [np.longdouble("1e400"), 1])
    for data in (T.FLOAT, T.INT64):
        with pytest.raises(SliceError, match="has the value an integer of 16610 bits at"):
            _bound(data, [1, 10**5000])
    with pytest.raises(SliceError, match="has the value a negative integer of 16610"):
        _bound(T.INT64, [-(10**5000), 1])
    # session 48's fifth review: a bfloat16 array (its numpy kind is "V") is no raw
    # bytes: into float16 it rounds, into int16 it is refused, naming bfloat16; a
    # float or complex mixed with an integer beyond float64 is refused by its kind; a
    # complex64 array is refused by its own dtype; a signalling NaN stays NaN quietly
    assert _bound(T.FLOAT16, np.array([1.5, -2.0], bf16)).tolist() == [1.5, -2.0]
    with pytest.raises(SliceError, match="has dtype bfloat16, the input is int16"):
        _bound(T.INT16, np.array([1.5, -2.0], bf16))
    with pytest.raises(SliceError, match="has dtype float64, the input is int64"):
        _bound(T.INT64, [1.5, 10**400])
    with pytest.raises(SliceError, match="has dtype complex64, the input is bfloat16"):
        _bound(T.BFLOAT16, np.array([1, 2], np.complex64))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        signalling = np.array([0x7FF0000000000001, 0], np.uint64).view(np.float64)
        assert np.isnan(_bound(T.BFLOAT16, signalling).astype(np.float32)[0])


def test_tool_reads_and_writes_dash(tmp_path: Path) -> None:
    """``-`` as the model reads standard input, and ``-o -`` writes standard output,
    as ``slice-opt -o -`` does (it wrote a file named ``-``: session 48's review)."""
    path = tmp_path / "m.onnx"
    onnx.save(_bind_model(), path)
    expected = str(slice_dialect.import_onnx(path)) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "slice_dialect.tools.slice_import_onnx", "-", "-o", "-"],
        input=path.read_bytes(),
        capture_output=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == expected
    assert not (tmp_path / "-").exists()
