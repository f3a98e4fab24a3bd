"""``tensor.collapse_shape`` (and static ``tensor.expand_shape``) of lowered values (since
session 55, ``CollapseOfBuffer``, ``ExpandOfBuffer``
in ``passes/convert_slice_to_loops.py``): a view of the buffer, on both backends, for
static crops flattened and returned or sliced again, arguments with ``?`` dims
flattened and sliced at run time, and constants; against numpy."""

from __future__ import annotations

import itertools
import os

import numpy as np
import pytest

import slice_dialect
from slice_dialect import SliceError

BACKENDS = ("c", "interpreter")
CASES = int(os.environ.get("SLICE_COLLAPSE_CASES", "12"))


def _type(shape: tuple[int | None, ...], element: str = "f32") -> str:
    dims = "x".join("?" if d is None else str(d) for d in shape)
    return f"tensor<{dims}x{element}>" if dims else f"tensor<{element}>"


def _groups(rank: int, rng: np.random.Generator) -> list[list[int]]:
    """A random reassociation of ``rank`` dims into contiguous groups."""
    cuts = sorted(
        int(c) for c in rng.choice(range(1, rank), rng.integers(0, rank), replace=False)
    )
    bounds = [0, *cuts, rank]
    return [list(range(a, b)) for a, b in itertools.pairwise(bounds) if a < b]


def _case(seed: int) -> tuple[str, np.ndarray, list[object], np.ndarray]:
    """A static window of a random tensor, collapsed by random groups, then returned
    or sliced again on dim 0 at run time; its arguments and numpy's result."""
    rng = np.random.default_rng(5500 + seed)
    rank = int(rng.integers(2, 5))
    shape = tuple(int(d) for d in rng.integers(1, 6, rank))
    x = rng.standard_normal(shape).astype(np.float32)
    offsets = [int(rng.integers(0, d)) for d in shape]
    sizes = [int(rng.integers(1, d - o + 1)) for d, o in zip(shape, offsets)]
    index = tuple(slice(o, o + n) for o, n in zip(offsets, sizes))
    groups = _groups(rank, rng)
    collapsed = tuple(int(np.prod([sizes[i] for i in g])) for g in groups)
    window = x[index]
    flat = window.reshape(collapsed)
    reassociation = "[" + ", ".join(f"[{', '.join(map(str, g))}]" for g in groups) + "]"
    lines = [
        f"%w = slice.window %x offsets [{', '.join(map(str, offsets))}] sizes "
        f"[{', '.join(map(str, sizes))}] strides [{', '.join(['1'] * rank)}] : "
        f"{_type(shape)} -> {_type(tuple(sizes))}",
        f"%f = tensor.collapse_shape %w {reassociation} : {_type(tuple(sizes))} into "
        f"{_type(collapsed)}",
    ]
    if rng.random() < 0.5:
        args: list[object] = [x]
        params = ""
        result_type, returned, expected = _type(collapsed), "%f", flat
    else:
        start, end = (int(v) for v in rng.integers(-8, 9, 2))
        args = [x, [start], [end]]
        params = ", %s: tensor<1xi64>, %e: tensor<1xi64>"
        axes = "%a"
        lines.append("%a = arith.constant dense<[0]> : tensor<1xi64>")
        result_shape = (None, *collapsed[1:])
        lines.append(
            f"%r = slice.onnx %f starts %s ends %e axes {axes} : {_type(collapsed)}, "
            f"tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> {_type(result_shape)}"
        )
        result_type, returned, expected = _type(result_shape), "%r", flat[start:end]
    body = "\n  ".join(lines)
    text = (
        f"func.func @main(%x: {_type(shape)}{params}) -> {result_type} {{\n  {body}\n"
        f"  func.return {returned} : {result_type}\n}}\n"
    )
    return text, x, args, expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_flattened_crops_as_numpy(backend: str) -> None:
    for seed in range(CASES):
        text, _, args, expected = _case(seed)
        kernel = slice_dialect.compile(text, backend=backend)
        got = kernel(*args)
        assert got.shape == expected.shape, (seed, text)
        np.testing.assert_array_equal(got, expected, err_msg=text)


FLATTENED_ARGUMENT = """\
func.func @main(%x: tensor<?x?x3xi16>, %o: index, %n: index) -> tensor<?xi16> {
  %f = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x?x3xi16> into tensor<?xi16>
  %r = slice.dynamic_window %f offsets [%o] sizes [%n] strides [2] : tensor<?xi16> -> tensor<?xi16>
  func.return %r : tensor<?xi16>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_flattened_argument_sliced_at_run_time(backend: str) -> None:
    """The view's `?` dim is the product of the argument's; a window past it is the
    window's run-time error, never a read elsewhere."""
    kernel = slice_dialect.compile(FLATTENED_ARGUMENT, backend=backend)
    for shape in ((2, 5, 3), (1, 1, 3), (4, 0, 3)):
        x = np.arange(int(np.prod(shape)), dtype=np.int16).reshape(shape)
        flat = x.reshape(-1)
        for o, n in ((0, 0), (1, 3), (0, (flat.size + 1) // 2)):
            if n and o + 2 * (n - 1) >= flat.size:
                continue
            np.testing.assert_array_equal(kernel(x, o, n), flat[o : o + 2 * n : 2])
        with pytest.raises(SliceError, match=r"^slice\.dynamic_window: "):
            kernel(x, 0, flat.size + 1)


FLATTENED_CONSTANT = """\
func.func @main() -> tensor<4xi32> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %f = tensor.collapse_shape %c [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  %r = slice.window %f offsets [1] sizes [4] strides [1] : tensor<6xi32> -> tensor<4xi32>
  func.return %r : tensor<4xi32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_flattened_constant(backend: str) -> None:
    kernel = slice_dialect.compile(FLATTENED_CONSTANT, backend=backend)
    assert kernel().tolist() == [2, 3, 4, 5]


FLATTENED_RUN_TIME_WINDOW = """\
func.func @main(%x: tensor<6x8xf32>, %o: index, %n: index) -> tensor<?xf32> {
  %w = tensor.extract_slice %x[%o, 0] [%n, 8] [1, 1] : tensor<6x8xf32> to tensor<?x8xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  func.return %f : tensor<?xf32>
}
"""


def test_a_flattened_run_time_window_is_refused_naming_it() -> None:
    """A window of run-time size is lowered only into a function result: its collapse
    is refused, naming the slice (intermediates of run-time size are not allocated;
    README, known limitations)."""
    with pytest.raises(SliceError, match="is lowered only into a function result"):
        slice_dialect.compile(FLATTENED_RUN_TIME_WINDOW, filename="f.mlir")


PARTLY_FLATTENED_ARGUMENT = """\
func.func @main(%x: tensor<?x?x3xi16>, %o: index, %n: index) -> tensor<?x3xi16> {
  %f = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x3xi16> into tensor<?x3xi16>
  %r = slice.dynamic_window %f offsets [%o, 0] sizes [%n, 3] strides [1, 1] : tensor<?x3xi16> -> tensor<?x3xi16>
  func.return %r : tensor<?x3xi16>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_partly_flattened_argument_has_its_groups_dims(backend: str) -> None:
    """A collapse that keeps more than one dim: the view's dims are the products of
    its groups (the interpreter's view was 1-D until session 55, so a window past the
    10 rows of a 2x5x3 argument was caught only by the run's guard, with its message)."""
    kernel = slice_dialect.compile(PARTLY_FLATTENED_ARGUMENT, backend=backend)
    x = np.arange(30, dtype=np.int16).reshape(2, 5, 3)
    np.testing.assert_array_equal(kernel(x, 2, 3), x.reshape(10, 3)[2:5])
    with pytest.raises(SliceError) as info:
        kernel(x, 9, 3)
    assert str(info.value) == (
        "slice.dynamic_window: last index offsets[0] + strides[0] * (sizes[0] - 1) = "
        "9 + 1 * (3 - 1) is out of bounds for dimension 0 of size 10"
    )


EXPANDED_CROP = """\
func.func @main(%x: tensor<6x8xf32>) -> (tensor<2x2x3xf32>, tensor<2x1xf32>) {
  %w = slice.window %x offsets [1, 0] sizes [2, 6] strides [1, 1] : tensor<6x8xf32> -> tensor<2x6xf32>
  %f = tensor.expand_shape %w [[0], [1, 2]] output_shape [2, 2, 3] : tensor<2x6xf32> into tensor<2x2x3xf32>
  %g = slice.window %f offsets [0, 1, 2] sizes [2, 1, 1] strides [1, 1, 1] : tensor<2x2x3xf32> -> tensor<2x1xf32>
  func.return %f, %g : tensor<2x2x3xf32>, tensor<2x1xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_expanded_crop(backend: str) -> None:
    """A ``tensor.expand_shape`` between static types is a view too (since session
    55, ``ExpandOfBuffer``): returned, and sliced again."""
    kernel = slice_dialect.compile(EXPANDED_CROP, backend=backend)
    x = np.arange(48, dtype=np.float32).reshape(6, 8)
    f, g = kernel(x)
    expanded = x[1:3, 0:6].reshape(2, 2, 3)
    np.testing.assert_array_equal(f, expanded)
    np.testing.assert_array_equal(g, expanded[:, 1, 2:3])


EXPANDED_TO_RUN_TIME_DIMS = """\
func.func @main(%x: tensor<?xf32>, %n: index) -> tensor<?x2xf32> {
  %f = tensor.expand_shape %x [[0, 1]] output_shape [%n, 2] : tensor<?xf32> into tensor<?x2xf32>
  func.return %f : tensor<?x2xf32>
}
"""


def test_an_expand_to_run_time_dims_is_refused_naming_it() -> None:
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(EXPANDED_TO_RUN_TIME_DIMS, filename="e.mlir")
    assert str(info.value).startswith(
        "tensor.expand_shape: convert-slice-to-loops lowers only slice.window and "
        "slice.dynamic_window on tensors (a tensor.expand_shape is lowered where its "
        "source and result types are static"
    )
    assert info.value.location == "e.mlir:2:3"
