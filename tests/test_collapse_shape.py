"""``tensor.collapse_shape`` (and static ``tensor.expand_shape``) of lowered values (since
session 55, ``ReshapeOfBuffer``
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
from slice_dialect.compiler import lower, make_context, parse_module

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


def _reshaped_case(seed: int) -> tuple[str, np.ndarray, np.ndarray]:
    """A static window (random strides, some negative; every size 2 or more, so no
    reshape is only of unit dims, which ``canonicalize-slices`` folds into the window)
    of a random tensor, whose one use is a returned reshape: a collapse by random
    groups, or an expand of one of its dims into two factors; its argument and
    numpy's result."""
    rng = np.random.default_rng(5700 + seed)
    rank = int(rng.integers(1, 5))
    expand = rank == 1 or rng.random() < 0.5
    k = int(rng.integers(0, rank))
    factors = (int(rng.integers(2, 4)), int(rng.integers(2, 4)))
    offsets, sizes, strides, shape = [], [], [], []
    for j in range(rank):
        size = factors[0] * factors[1] if expand and j == k else int(rng.integers(2, 6))
        stride = int(rng.choice([-3, -2, -1, 1, 2, 3]))
        span = (size - 1) * abs(stride) + 1
        before, after = (int(v) for v in rng.integers(0, 3, 2))
        offsets.append(before if stride > 0 else before + span - 1)
        sizes.append(size)
        strides.append(stride)
        shape.append(before + span + after)
    x = rng.standard_normal(shape).astype(np.float32)
    window = x[
        tuple(
            slice(o, o + n * s if o + n * s >= 0 else None, s)
            for o, n, s in zip(offsets, sizes, strides)
        )
    ]
    assert window.shape == tuple(sizes)
    source, result = _type(tuple(shape)), _type(tuple(sizes))
    lines = [
        f"%w = slice.window %x offsets [{', '.join(map(str, offsets))}] sizes "
        f"[{', '.join(map(str, sizes))}] strides [{', '.join(map(str, strides))}] : "
        f"{source} -> {result}"
    ]
    if expand:
        reshaped = (*sizes[:k], *factors, *sizes[k + 1 :])
        groups = [[i] for i in range(k)] + [[k, k + 1]]
        groups += [[i + 1] for i in range(k + 1, rank)]
        reassociation = ", ".join(f"[{', '.join(map(str, g))}]" for g in groups)
        lines.append(
            f"%f = tensor.expand_shape %w [{reassociation}] output_shape "
            f"[{', '.join(map(str, reshaped))}] : {result} into {_type(reshaped)}"
        )
    else:
        groups = _groups(rank, rng)
        if len(groups) == rank:  # no dims merged: the first two
            groups = [[0, 1]] + [[i] for i in range(2, rank)]
        reshaped = tuple(int(np.prod([sizes[i] for i in g])) for g in groups)
        reassociation = ", ".join(f"[{', '.join(map(str, g))}]" for g in groups)
        lines.append(
            f"%f = tensor.collapse_shape %w [{reassociation}] : {result} into "
            f"{_type(reshaped)}"
        )
    body = "\n  ".join(lines)
    text = (
        f"func.func @main(%x: {source}) -> {_type(reshaped)} {{\n  {body}\n"
        f"  func.return %f : {_type(reshaped)}\n}}\n"
    )
    return text, x, window.reshape(reshaped)


@pytest.mark.parametrize("backend", BACKENDS)
def test_reshaped_crops_are_copied_once_into_the_output(backend: str) -> None:
    """A static window whose one use is a returned reshape is written into the
    output (since session 56; before, into a buffer of its own, then copied again):
    no buffer is allocated, and the result is numpy's."""
    ctx = make_context()
    for seed in range(CASES):
        text, x, expected = _reshaped_case(seed)
        module = parse_module(text, ctx)
        lower(module, ctx)
        ops = [op.name for op in module.walk()]
        assert "memref.alloc" not in ops, text
        assert ops.count("slice.copy_run") <= 1, text  # one loop nest, one run
        got = slice_dialect.compile(text, backend=backend)(x)
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


def _run_time_case(
    seed: int, merge: bool = False
) -> tuple[str, list[object], np.ndarray]:
    """A window at run-time offsets, sizes and strides (a ``slice.dynamic_window`` of
    ``index`` arguments) collapsed by random groups (``merge``: at least two dims in
    one) and returned; its arguments and numpy's result."""
    rng = np.random.default_rng(5600 + seed)
    rank = int(rng.integers(2, 5))
    shape = tuple(int(d) for d in rng.integers(1, 6, rank))
    x = rng.standard_normal(shape).astype(np.float32)
    offsets, sizes, strides, index = [], [], [], []
    for d in shape:
        stride = int(rng.choice([1, 2, -1, -2]))
        offset = int(rng.integers(0, d))
        room = offset // -stride + 1 if stride < 0 else (d - 1 - offset) // stride + 1
        size = int(rng.integers(0, room + 1))
        offsets.append(offset)
        sizes.append(size)
        strides.append(stride)
        stop = offset + stride * size
        index.append(slice(offset, stop if stop >= 0 else None, stride))
    groups = _groups(rank, rng)
    if merge and len(groups) == rank:
        groups = [[0, 1]] + [[i] for i in range(2, rank)]
    window = x[tuple(index)]
    collapsed_shape = tuple(int(np.prod([sizes[i] for i in g])) for g in groups)
    expected = window.reshape(collapsed_shape)
    params = ", ".join(f"%{k}{i}: index" for k in "ons" for i in range(rank))
    reassociation = "[" + ", ".join(f"[{', '.join(map(str, g))}]" for g in groups) + "]"
    dynamic = tuple([None] * rank)
    collapsed = tuple([None] * len(groups))
    text = (
        f"func.func @main(%x: {_type(shape)}, {params}) -> {_type(collapsed)} {{\n"
        f"  %w = slice.dynamic_window %x offsets "
        f"[{', '.join(f'%o{i}' for i in range(rank))}] sizes "
        f"[{', '.join(f'%n{i}' for i in range(rank))}] strides "
        f"[{', '.join(f'%s{i}' for i in range(rank))}] : {_type(shape)} -> "
        f"{_type(dynamic)}\n"
        f"  %f = tensor.collapse_shape %w {reassociation} : {_type(dynamic)} into "
        f"{_type(collapsed)}\n"
        f"  func.return %f : {_type(collapsed)}\n}}\n"
    )
    return text, [x, *offsets, *sizes, *strides], expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_flattened_run_time_windows_as_numpy(backend: str) -> None:
    """A window of run-time size whose one use is a returned collapse is written
    into the output (since session 55; it was refused), the output's dims checked
    against the products of the collapse's groups, and the shape function giving
    them."""
    for seed in range(CASES):
        text, args, expected = _run_time_case(seed)
        kernel = slice_dialect.compile(text, backend=backend)
        got = kernel(*args)
        assert got.shape == expected.shape, (seed, text)
        np.testing.assert_array_equal(got, expected, err_msg=text)


FLATTENED_RUN_TIME_WINDOW = """\
func.func @main(%x: tensor<6x8xf32>, %o: index, %n: index) -> tensor<?xf32> {
  %w = tensor.extract_slice %x[%o, 0] [%n, 8] [1, 1] : tensor<6x8xf32> to tensor<?x8xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  func.return %f : tensor<?xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_flattened_run_time_window_fails_as_its_slice(backend: str) -> None:
    kernel = slice_dialect.compile(
        FLATTENED_RUN_TIME_WINDOW, backend=backend, filename="f.mlir"
    )
    x = np.arange(48, dtype=np.float32).reshape(6, 8)
    np.testing.assert_array_equal(kernel(x, 1, 2), x[1:3].reshape(-1))
    with pytest.raises(SliceError) as info:
        kernel(x, 5, 2)
    assert str(info.value).startswith("tensor.extract_slice: last index")
    assert info.value.location == "f.mlir:2:3"


SLICED_FLATTENED_RUN_TIME_WINDOW = """\
func.func @main(%x: tensor<6x8xf32>, %o: index, %n: index) -> tensor<4xf32> {
  %w = tensor.extract_slice %x[%o, 0] [%n, 8] [1, 1] : tensor<6x8xf32> to tensor<?x8xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  %r = tensor.extract_slice %f[1] [4] [2] : tensor<?xf32> to tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_sliced_flattened_run_time_window(backend: str) -> None:
    """A window of run-time size whose collapse is sliced again is copied into a
    buffer of its own, allocated with its run-time sizes after its checks (since
    session 56; it was refused: "a dynamic window is lowered only into a function
    result"); each slice fails at its own line."""
    kernel = slice_dialect.compile(
        SLICED_FLATTENED_RUN_TIME_WINDOW, backend=backend, filename="f.mlir"
    )
    x = np.arange(48, dtype=np.float32).reshape(6, 8)
    np.testing.assert_array_equal(kernel(x, 1, 2), x[1:3].reshape(-1)[1:9:2])
    for (o, n), where in (((5, 2), "f.mlir:2:3"), ((1, 0), "f.mlir:4:3")):
        with pytest.raises(SliceError) as info:
            kernel(x, o, n)
        assert str(info.value).startswith("tensor.extract_slice: "), (o, n)
        assert info.value.location == where


def _sliced_run_time_case(seed: int) -> tuple[str, list[object], list[np.ndarray]]:
    """A window at run-time offsets, sizes and strides, collapsed by random groups,
    then sliced again on its first dim at run time (so the window is an intermediate
    of run-time size), the slice returned and, in some cases, the collapse too; its
    arguments and numpy's results."""
    rng = np.random.default_rng(5800 + seed)
    text, args, flat = _run_time_case(seed, merge=True)
    head, tail = text.split("  func.return", 1)
    collapsed_type = tail.split(": ", 1)[1].strip().rstrip("}").strip()
    rank = flat.ndim
    n0 = flat.shape[0]
    stride = int(rng.choice([1, 2, 3, -1, -2]))
    offset = int(rng.integers(0, n0)) if n0 else 0
    room = offset // -stride + 1 if stride < 0 else (n0 - 1 - offset) // stride + 1
    size = int(rng.integers(0, room + 1)) if n0 else 0
    stop = offset + stride * size
    expected = [flat[slice(offset, stop if stop >= 0 else None, stride)]]
    result_type = _type((None, *flat.shape[1:]))
    zeros = ", ".join(["0"] * (rank - 1))
    ones = ", ".join(["1"] * (rank - 1))
    rest = ", ".join(str(d) for d in flat.shape[1:])
    sep = ", " if rank > 1 else ""
    header, body = head.split(" {\n", 1)
    params = header.split("(", 1)[1].rsplit(") ->", 1)[0]
    results = [result_type]
    returned = ["%r"]
    if rng.random() < 0.25:  # then written into its output, which %r reads
        results.append(collapsed_type)
        returned.append("%f")
        expected.append(flat)
    text = (
        f"func.func @main({params}, %p: index, %q: index, %t: index) -> "
        f"({', '.join(results)}) {{\n{body}"
        f"  %r = slice.dynamic_window %f offsets [%p{sep}{zeros}] sizes "
        f"[%q{sep}{rest}] strides [%t{sep}{ones}] : {collapsed_type} -> {result_type}\n"
        f"  func.return {', '.join(returned)} : {', '.join(results)}\n}}\n"
    )
    return text, [*args, offset, size, stride], expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_sliced_flattened_run_time_windows_as_numpy(backend: str) -> None:
    """Random run-time windows, collapsed and sliced again at run time: the first is
    an intermediate of run-time size (since session 56)."""
    for seed in range(CASES):
        text, args, expected = _sliced_run_time_case(seed)
        kernel = slice_dialect.compile(text, backend=backend)
        got = kernel(*args)
        got = list(got) if isinstance(got, tuple) else [got]
        assert len(got) == len(expected), text
        for g, e in zip(got, expected):
            assert g.shape == e.shape, (seed, text)
            np.testing.assert_array_equal(g, e, err_msg=text)


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
    55, ``ReshapeOfBuffer``): returned, and sliced again."""
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


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_expand_to_run_time_dims(backend: str) -> None:
    """An expand to ``?`` dims (since session 56; it was refused) is a view whose
    run-time ``output_shape`` entries are checked first to split each dim of the
    source exactly (upstream leaves another split undefined), with the interpreter's
    messages at the expand's line; the shape function makes the same checks."""
    kernel = slice_dialect.compile(
        EXPANDED_TO_RUN_TIME_DIMS, backend=backend, filename="e.mlir"
    )
    x = np.arange(12, dtype=np.float32)
    np.testing.assert_array_equal(kernel(x, 6), x.reshape(6, 2))
    for n, message in (
        (5, "dimension 0 of the source is 12, not output_shape[0] = 5 times 2"),
        (-6, "output_shape[0] = -6: a dim must be >= 0"),
        (2**62, "dimension 0 of the source is 12, not output_shape[0] = "),
    ):
        with pytest.raises(SliceError) as info:
            kernel(x, n)
        assert str(info.value).startswith(f"tensor.expand_shape: {message}"), n
        assert info.value.location == "e.mlir:2:3"


EXPANDED_WITH_A_STATIC_ENTRY_ON_A_RUN_TIME_DIM = """\
func.func @main(%q: tensor<?x?xf32>) -> (tensor<f32>, tensor<?x2x?xf32>, tensor<1xi64>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.expand_shape %q [[0, 1], [2]] output_shape [%c3, 2, 5] : tensor<?x?xf32> into tensor<?x2x?xf32>
  %y = tensor.extract %e[%c1, %c1, %c3] : tensor<?x2x?xf32>
  %c2 = arith.constant 2 : index
  %d = tensor.dim %e, %c2 : tensor<?x2x?xf32>
  %di = arith.index_cast %d : index to i64
  %t = tensor.from_elements %y : tensor<f32>
  %n = tensor.from_elements %di : tensor<1xi64>
  func.return %t, %e, %n : tensor<f32>, tensor<?x2x?xf32>, tensor<1xi64>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_expand_with_a_static_entry_where_its_type_has_a_run_time_dim(
    backend: str,
) -> None:
    """An ``output_shape`` entry static where the result type has ``?`` (the 5 of
    ``tensor<?x2x?xf32>``, which upstream's verifier takes): the view has the entries'
    shape (session 66, helper 90: it had one size operand for two ``?`` dims, and the
    lowering failed with an ``IndexError`` printing it, ``compile`` with a bare
    ``StopIteration``), and a ``tensor.dim`` of that dim is the entry."""
    kernel = slice_dialect.compile(
        EXPANDED_WITH_A_STATIC_ENTRY_ON_A_RUN_TIME_DIM, backend=backend, filename="e.mlir"
    )
    q = np.arange(30, dtype=np.float32).reshape(6, 5)
    y, e, n = kernel(q)
    np.testing.assert_array_equal(e, q.reshape(3, 2, 5))
    assert list(n) == [5]  # its tensor.dim (DimOfReshape read the wrong entry)
    assert y == q.reshape(3, 2, 5)[1, 1, 3]
    with pytest.raises(SliceError, match="not the 5 elements of its group") as info:
        kernel(np.zeros((6, 2), dtype=np.float32))
    assert info.value.location == "e.mlir:4:3"


EXPANDED_BY_TWO_RUN_TIME_DIMS = """\
func.func @main(%x: tensor<?x6xf32>, %n: index, %m: index) -> (tensor<?x2x?x6xf32>, tensor<?x1x?x3xf32>) {
  %e = tensor.expand_shape %x [[0, 1, 2], [3]] output_shape [%n, 2, %m, 6] : tensor<?x6xf32> into tensor<?x2x?x6xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n2 = tensor.dim %e, %c0 : tensor<?x2x?x6xf32>
  %m2 = tensor.dim %e, %c2 : tensor<?x2x?x6xf32>
  %w = slice.dynamic_window %e offsets [%c0, 1, %c0, 2] sizes [%n2, 1, %m2, 3] strides [1, 1, 1, 1] : tensor<?x2x?x6xf32> -> tensor<?x1x?x3xf32>
  func.return %e, %w : tensor<?x2x?x6xf32>, tensor<?x1x?x3xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_expand_of_two_run_time_dims_in_a_group(backend: str) -> None:
    """A group of two run-time ``output_shape`` entries (and a static one) lowers since
    session 58 (before, it was refused: their product could overflow). Each entry is
    checked >= 0 and the group by division, so no product leaves int64: every split of
    up to 13 rows as numpy's reshape, every other split refused with the
    interpreter's message at the expand's line, a 0 entry taking any other (``[7, 2,
    0]`` of no rows), and two entries whose product overflows refused, not wrapped
    round to the source's dim; a split of no rows whose other dims multiply past
    INT64_MAX (``[2**62, 2, 0, 6]``) is refused too (numpy's bound, review 73). The
    result is returned and sliced again."""
    kernel = slice_dialect.compile(
        EXPANDED_BY_TWO_RUN_TIME_DIMS, backend=backend, filename="e.mlir"
    )
    values = [*range(-1, 8), 2**62, 2**63 - 1]
    for rows, n, m in itertools.product(range(14), values, values):
        x = np.arange(rows * 6, dtype=np.float32).reshape(rows, 6)
        if n < 0 or m < 0:
            k, bad = (0, n) if n < 0 else (2, m)
            message = f"output_shape[{k}] = {bad}: a dim must be >= 0"
        elif n * 2 * m != rows:
            message = (
                f"dimension 0 of the source is {rows}, not output_shape[0] = {n} "
                f"times output_shape[2] = {m} times 2"
            )
        elif max(n, 1) * 2 * max(m, 1) * 6 > 2**63 - 1:
            message = (
                f"a result of shape [{n}, 2, {m}, 6] has more than INT64_MAX elements, "
                "each 0 counted as 1 (numpy's bound, which every tensor here keeps)"
            )
        else:
            expanded, window = kernel(x, n, m)
            np.testing.assert_array_equal(expanded, x.reshape(n, 2, m, 6))
            np.testing.assert_array_equal(window, x.reshape(n, 2, m, 6)[:, 1:2, :, 2:5])
            continue
        with pytest.raises(SliceError) as info:
            kernel(x, n, m)
        assert str(info.value) == f"tensor.expand_shape: {message}", (rows, n, m)
        assert info.value.location == "e.mlir:2:3"


EXPANDED_THREE_WAYS = """\
func.func @main(%x: tensor<?x6xf32>, %a: index, %b: index, %c: index) -> tensor<?x?x6xf32> {
  %e = tensor.expand_shape %x [[0, 1, 2, 3], [4]] output_shape [%a, %b, %c, 0, 6] : tensor<?x6xf32> into tensor<?x?x?x0x6xf32>
  %g = tensor.collapse_shape %e [[0, 1], [2, 3], [4]] : tensor<?x?x?x0x6xf32> into tensor<?x?x6xf32>
  func.return %g : tensor<?x?x6xf32>
}
"""

SPLIT_THREE_WAYS = """\
func.func @main(%x: tensor<?x6xf32>, %a: index, %b: index, %c: index) -> tensor<?x?x6xf32> {
  %r = tensor.expand_shape %x [[0, 1, 2], [3]] output_shape [%a, %b, %c, 6] : tensor<?x6xf32> into tensor<?x?x?x6xf32>
  %f = tensor.collapse_shape %r [[0, 1], [2], [3]] : tensor<?x?x?x6xf32> into tensor<?x?x6xf32>
  func.return %f : tensor<?x?x6xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_groups_of_three_run_time_dims_and_a_static_zero(backend: str) -> None:
    """Three run-time entries in a group: as numpy's reshape, and with a static 0
    beside them (the group then splits only a dim of 0, whatever they are), whose
    collapse's dim (``DimOfReshape``'s product of the group) never wraps:
    ``[2**62 + 1, 4, 1, 0, 6]``, whose collapse's first dim would be ``2**64 + 4``
    (read as 4 rows, review 73), is refused at the expand, as every split whose dims
    other than 0 multiply past INT64_MAX."""
    kernel = slice_dialect.compile(
        EXPANDED_THREE_WAYS, backend=backend, filename="t.mlir"
    )
    empty = np.zeros((0, 6), np.float32)
    for a, b, c in ((3, 1, 2), (1, 1, 6), (2, 3, 1)):
        x = np.arange(a * b * c * 6, dtype=np.float32).reshape(a * b * c, 6)
        with pytest.raises(SliceError, match=r"dimension 0 of the source is 6, not"):
            kernel(x, a, b, c)  # [a, b, c, 0] splits only a dim of 0
    for a, b, c in ((0, 5, 7), (4, 0, 3), (2, 2, 0), (2**20, 3, 5), (9, 0, 2**50)):
        assert kernel(empty, a, b, c).shape == (a * b, 0, 6)  # c x 0 is 0
    for a, b, c in ((2**62 + 1, 4, 0), (2**31, 2**31, 2**31), (2**62, 2, 0)):
        with pytest.raises(SliceError) as info:
            kernel(empty, a, b, c)
        assert str(info.value).startswith(
            f"tensor.expand_shape: a result of shape [{a}, {b}, {c}, 0, 6] has more "
            "than INT64_MAX elements, each 0 counted as 1"
        ), (a, b, c)
        assert info.value.location == "t.mlir:2:3"
    x = np.arange(36, dtype=np.float32).reshape(6, 6)
    kernel = slice_dialect.compile(SPLIT_THREE_WAYS, backend=backend)
    for a, b, c in ((3, 1, 2), (1, 6, 1), (2, 3, 1), (1, 1, 6)):
        np.testing.assert_array_equal(kernel(x, a, b, c), x.reshape(a * b, c, 6))


def _expanded_run_time_case(seed: int) -> tuple[str, list[object], np.ndarray, int]:
    """A run-time window of a random tensor, one of its dims split into a run-time
    part and a static one by a ``tensor.expand_shape``, then returned or sliced again
    at run time on its first dim; its arguments (the split's run-time part the
    right one), numpy's result and the argument position of that part."""
    rng = np.random.default_rng(5900 + seed)
    rank = int(rng.integers(1, 4))
    factor = int(rng.integers(1, 4))
    shape = tuple(int(d) * factor for d in rng.integers(1, 5, rank))
    x = rng.standard_normal(shape).astype(np.float32)
    k = int(rng.integers(0, rank))
    offsets, sizes, index = [], [], []
    for j, d in enumerate(shape):
        size = (
            factor * int(rng.integers(0, d // factor + 1))
            if j == k
            else int(rng.integers(0, d + 1))
        )
        offset = int(rng.integers(0, d - size + 1)) if size else 0
        offsets.append(offset)
        sizes.append(size)
        index.append(slice(offset, offset + size))
    window = x[tuple(index)]
    reshaped = (*sizes[:k], sizes[k] // factor, factor, *sizes[k + 1 :])
    expected = window.reshape(reshaped)
    dims = ["?"] * rank
    expanded = ["?"] * (rank + 1)
    expanded[k + 1] = str(factor)
    groups = (
        [[i] for i in range(k)] + [[k, k + 1]] + [[i + 1] for i in range(k + 1, rank)]
    )
    reassociation = ", ".join(f"[{', '.join(map(str, g))}]" for g in groups)
    output_shape = [
        f"%d{i}" if i <= k else str(factor) if i == k + 1 else f"%d{i - 1}"
        for i in range(rank + 1)
    ]
    window_type = f"tensor<{'x'.join(dims)}xf32>"
    expanded_type = f"tensor<{'x'.join(expanded)}xf32>"
    params = ", ".join(f"%o{i}: index, %n{i}: index" for i in range(rank))
    lines = [
        f"%w = slice.dynamic_window %x offsets [{', '.join(f'%o{i}' for i in range(rank))}]"
        f" sizes [{', '.join(f'%n{i}' for i in range(rank))}] strides "
        f"[{', '.join(['1'] * rank)}] : {_type(shape)} -> {window_type}",
    ]
    # the output_shape values: each window size, the split one divided (%d{k})
    for i in range(rank):
        if i == k:
            continue
        lines.append(f"%d{i} = arith.addi %n{i}, %zero : index")
    lines.insert(0, "%zero = arith.constant 0 : index")
    lines.append(
        f"%e = tensor.expand_shape %w [{reassociation}] output_shape "
        f"[{', '.join(output_shape)}] : {window_type} into {expanded_type}"
    )
    args: list[object] = [x]
    for o, n in zip(offsets, sizes):
        args += [o, n]
    args.append(sizes[k] // factor)
    extra = f"%d{k}: index"
    returned, result_type = "%e", expanded_type
    if rng.random() < 0.5:
        n0 = expected.shape[0]
        start = int(rng.integers(0, n0 + 1))
        count = int(rng.integers(0, n0 - start + 1))
        zeros = ", ".join(["0"] * rank)
        rest = ", ".join(
            str(d) if d != "?" else f"%s{i}" for i, d in enumerate(expanded[1:])
        )
        # the rest of each dim: its size, a run-time value equal to the expand's
        lines.append(
            f"%r = slice.dynamic_window %e offsets [%p, {zeros}] sizes [%q, "
            + ", ".join(
                str(factor) if i + 1 == k + 1 else f"%d{i + 1 if i + 1 <= k else i}"
                for i in range(rank)
            )
            + f"] strides [{', '.join(['1'] * (rank + 1))}] : {expanded_type} -> "
            f"tensor<?x{'x'.join(expanded[1:])}xf32>"
        )
        del rest
        extra += ", %p: index, %q: index"
        args += [start, count]
        returned, result_type = "%r", f"tensor<?x{'x'.join(expanded[1:])}xf32>"
        expected = expected[start : start + count]
    body = "\n  ".join(lines)
    text = (
        f"func.func @main(%x: {_type(shape)}, {params}, {extra}) -> {result_type} {{\n"
        f"  {body}\n  func.return {returned} : {result_type}\n}}\n"
    )
    return text, args, expected, 1 + 2 * rank


@pytest.mark.parametrize("backend", BACKENDS)
def test_expanded_run_time_windows_as_numpy(backend: str) -> None:
    """Random run-time windows with one dim split at run time by an expand, returned
    or sliced again (since session 56): numpy's result; with the split's run-time
    part one off, the expand's message, as the op-by-op interpreter gives it."""
    for seed in range(CASES):
        text, args, expected, at = _expanded_run_time_case(seed)
        kernel = slice_dialect.compile(text, backend=backend)
        got = kernel(*args)
        assert got.shape == expected.shape, (seed, text)
        np.testing.assert_array_equal(got, expected, err_msg=text)
        wrong = list(args)
        wrong[at] = int(args[at]) + 1  # type: ignore[call-overload]
        with pytest.raises(SliceError, match=r"^tensor.expand_shape: dimension"):
            kernel(*wrong)


# Session 55's second review (``/work/notes55/review2/REPORT.md``): programs whose
# collapses, casts and returned copies went wrong, each with calls valid and not; each
# must give what the interpreter gives running its ops one by one.
REVIEW_PROGRAMS = {
    # C1: the view was built on the argument's ?x? buffer, refused by the C target
    "collapse of a cast to static dims": (
        """\
func.func @main(%x: tensor<?x?xf32>) -> tensor<6xf32> {
  %c = tensor.cast %x : tensor<?x?xf32> to tensor<2x3xf32>
  %f = tensor.collapse_shape %c [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  func.return %f : tensor<6xf32>
}
""",
        [
            (np.arange(6, dtype=np.float32).reshape(2, 3),),
            (np.arange(6, dtype=np.float32).reshape(3, 2),),
        ],
    ),
    # C4: a run-time dim cast to a static 1 did not pair with it in the copy
    "identity collapse of a window, cast and returned": (
        """\
func.func @main(%x: tensor<?x1xf32>) -> (tensor<0x1xf32>, tensor<?x?xf32>) {
  %s = arith.constant dense<[0, -1]> : tensor<2xi64>
  %e = arith.constant dense<[4, 6]> : tensor<2xi64>
  %t = arith.constant dense<[-1, 2]> : tensor<2xi64>
  %w = slice.onnx %x starts %s ends %e steps %t : tensor<?x1xf32>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<?x?xf32>
  %f = tensor.collapse_shape %w [[0], [1]] : tensor<?x?xf32> into tensor<?x?xf32>
  %c = tensor.cast %f : tensor<?x?xf32> to tensor<0x1xf32>
  func.return %c, %w : tensor<0x1xf32>, tensor<?x?xf32>
}
""",
        [(np.arange(6, dtype=np.float32).reshape(6, 1),)],
    ),
    "returned cast and a tensor.dim": (
        """\
func.func @main(%x: tensor<1x?x?xf64>) -> (tensor<1x1x3xf64>, tensor<1xi64>) {
  %k1 = arith.constant 2 : index
  %d2 = tensor.dim %x, %k1 : tensor<1x?x?xf64>
  %r1 = tensor.cast %x : tensor<1x?x?xf64> to tensor<1x1x3xf64>
  %ci3 = arith.index_cast %d2 : index to i64
  %fd4 = tensor.from_elements %ci3 : tensor<1xi64>
  func.return %r1, %fd4 : tensor<1x1x3xf64>, tensor<1xi64>
}
""",
        [(np.arange(3.0).reshape(1, 1, 3),), (np.arange(4.0).reshape(1, 1, 4),)],
    ),
    # Session 56's second review (``/work/notes56/review2/REPORT.md``), D1: the dim of
    # a collapse folded to a constant, and the cast under it went with its check
    "dim of a collapse of a cast": (
        """\
func.func @main(%x: tensor<?x?xf32>, %y: tensor<16xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c = tensor.cast %x : tensor<?x?xf32> to tensor<2x4xf32>
  %f = tensor.collapse_shape %c [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %d = tensor.dim %f, %c0 : tensor<8xf32>
  %r = slice.dynamic_window %y offsets [0] sizes [%d] strides [1] : tensor<16xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
""",
        [
            (np.zeros((2, 4), np.float32), np.arange(16, dtype=np.float32)),
            (np.zeros((0, 3), np.float32), np.arange(16, dtype=np.float32)),
        ],
    ),
    # D2: the dim of an expand to ? dims was its output_shape entry, unchecked
    "dim of an expand to run-time dims": (
        """\
func.func @main(%x: tensor<?xf32>, %a: index) -> tensor<1xi64> {
  %c0 = arith.constant 0 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%a, 4] : tensor<?xf32> into tensor<?x4xf32>
  %d = tensor.dim %e, %c0 : tensor<?x4xf32>
  %di = arith.index_cast %d : index to i64
  %dt = tensor.from_elements %di : tensor<1xi64>
  func.return %dt : tensor<1xi64>
}
""",
        [(np.zeros(8, np.float32), a) for a in (2, 5, -1)],
    ),
    # D4: the shape function, which runs first, lacked the checks of a cast and of an
    # extract, so a later slice's error came first
    "a cast before a slice of it": (
        """\
func.func @main(%x: tensor<6x8xf32>, %o: index, %n: index, %p: index, %q: index) -> tensor<?xf32> {
  %w = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 8] strides [1, 1] : tensor<6x8xf32> -> tensor<?x8xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  %c = tensor.cast %f : tensor<?xf32> to tensor<16xf32>
  %r = slice.dynamic_window %c offsets [%p] sizes [%q] strides [1] : tensor<16xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
""",
        [
            (np.arange(48, dtype=np.float32).reshape(6, 8), 1, n, p, 1)
            for n, p in ((1, 20), (2, 20), (2, 3), (1, 3))
        ],
    ),
    "an extract before a slice": (
        """\
func.func @main(%x: tensor<6x8xf32>, %o: index, %n: index, %p: index, %q: index) -> (tensor<1xf32>, tensor<?xf32>) {
  %w = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 8] strides [1, 1] : tensor<6x8xf32> -> tensor<?x8xf32>
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  %e = tensor.extract %f[%p] : tensor<?xf32>
  %r = slice.dynamic_window %x offsets [0, 0] sizes [1, %q] strides [1, 1] : tensor<6x8xf32> -> tensor<?xf32>
  %t = tensor.from_elements %e : tensor<1xf32>
  func.return %t, %r : tensor<1xf32>, tensor<?xf32>
}
""",
        [
            (np.arange(48, dtype=np.float32).reshape(6, 8), 1, 1, p, q)
            for p, q in ((9, 20), (9, 3), (5, 20), (5, 3))
        ],
    ),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", list(REVIEW_PROGRAMS))
def test_review_programs_run_as_interpreted_op_by_op(backend: str, name: str) -> None:
    from slice_dialect.compiler import make_context, parse_module
    from slice_dialect.interpreter import make_interpreter
    from slice_dialect.semantics import SliceSemanticsError

    text, calls = REVIEW_PROGRAMS[name]
    kernel = slice_dialect.compile(text, backend=backend)
    module = parse_module(text, make_context())
    for args in calls:
        try:
            expected = make_interpreter(module).call_op("main", args)
        except (SliceError, SliceSemanticsError) as e:
            with pytest.raises(SliceError) as info:
                kernel(*args)
            assert str(info.value) == str(e)
        else:
            got = kernel(*args)
            got = got if isinstance(got, tuple) else (got,)
            for g, want in zip(got, expected, strict=True):
                np.testing.assert_array_equal(g, np.asarray(want))
                assert g.shape == np.asarray(want).shape


@pytest.mark.parametrize(
    "types, message",
    [
        (
            "tensor<2x3xf32> into tensor<5xf32>",
            "expected dimension 0 of collapsed type to be static value of 6",
        ),
        (
            "tensor<?x3xf32> into tensor<6xf32>",
            "expected dimension 0 of collapsed type to be dynamic since one or more "
            "of the corresponding dimensions in the expanded type is dynamic",
        ),
    ],
)
def test_collapse_types_mlir_refuses_are_refused(types: str, message: str) -> None:
    """C3: xDSL 0.74 takes a collapse whose types the reassociation does not relate;
    MLIR's verifier refuses it, and so do ``compile`` and ``slice-opt`` since session
    55 (the interpreter backend returned 5 of 6 elements)."""
    source, result = types.split(" into ")
    text = (
        f"func.func @main(%x: {source}) -> {result} {{\n"
        f"  %f = tensor.collapse_shape %x [[0, 1]] : {types}\n"
        f"  func.return %f : {result}\n}}\n"
    )
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(text, filename="c.mlir")
    assert str(info.value) == f"tensor.collapse_shape: {message}"
    assert info.value.location == "c.mlir:2:3"


INTO_RANK_0 = """\
func.func @main(%x: tensor<?x1xf32>) -> tensor<f32> {
  %f = tensor.collapse_shape %x [] : tensor<?x1xf32> into tensor<f32>
  func.return %f : tensor<f32>
}
"""


def test_a_collapse_of_run_time_dims_into_rank_0() -> None:
    """MLIR's verifier takes ``?`` dims collapsed into rank 0 (each 1 when it runs):
    it parses, runs op by op (a value of more elements is an error), and the lowering
    refuses it saying why (session 55's third review: it was refused as a
    reassociation that does not cover the dims)."""
    from slice_dialect.compiler import make_context, parse_module
    from slice_dialect.interpreter import make_interpreter

    module = parse_module(INTO_RANK_0, make_context())
    (one,) = make_interpreter(module).call_op("main", (np.full((1, 1), 2.5, np.float32),))
    assert np.asarray(one).shape == () and float(one) == 2.5
    with pytest.raises(SliceError, match=r"does not collapse into rank 0"):
        make_interpreter(module).call_op("main", (np.ones((3, 1), np.float32),))
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(INTO_RANK_0, filename="r.mlir")
    assert str(info.value).startswith(
        "tensor.collapse_shape: a collapse of ? dims into rank 0"
    )
    assert info.value.location == "r.mlir:2:3"


REGROUPED_RUN_TIME_WINDOW = """\
func.func @main(%x: tensor<?x?xf32>, %o: index, %n: index) -> tensor<?xf32> {
  %w = slice.dynamic_window %x offsets [%o, 0] sizes [1, %n] strides [1, 1] : tensor<?x?xf32> -> tensor<1x?xf32>
  %c = arith.constant 0 : index
  %f = tensor.collapse_shape %w [[0, 1]] : tensor<1x?xf32> into tensor<?xf32>
  func.return %f : tensor<?xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_window_reshaped_by_unit_dims_fails_at_its_line(backend: str) -> None:
    """A collapse that only drops unit dims becomes the window (``ReshapeOfWindow``):
    its checks are made where the window is, so an invalid window fails at its own
    line (it failed at the collapse's: session 55's third review)."""
    kernel = slice_dialect.compile(
        REGROUPED_RUN_TIME_WINDOW, backend=backend, filename="w.mlir"
    )
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(kernel(x, 1, 3), x[1, :3])
    with pytest.raises(SliceError) as info:
        kernel(x, 3, 2)
    assert str(info.value).startswith("slice.dynamic_window: offsets[0] = 3 is out")
    assert info.value.location == "w.mlir:2:3"


def test_an_empty_window_of_a_huge_split_makes_no_index_arrays() -> None:
    """Op by op, a window of ``[2**31, 2, 0]`` (a split of no rows within numpy's
    bound) takes no element, so the interpreter makes no index arrays for it: it made
    one of ``2**31`` int64 (16 GiB, a ``MemoryError``, review 73). The kernels agree."""
    from slice_dialect.compiler import make_context, parse_module
    from slice_dialect.interpreter import make_interpreter

    text = """\
func.func @main(%x: tensor<?xf32>, %n: index) -> tensor<?x1x0xf32> {
  %e = tensor.expand_shape %x [[0, 1, 2]] output_shape [%n, 2, 0] : tensor<?xf32> into tensor<?x2x0xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %e, %c0 : tensor<?x2x0xf32>
  %w = slice.dynamic_window %e offsets [0, 1, 0] sizes [%d, 1, 0] strides [1, 1, 1] : tensor<?x2x0xf32> -> tensor<?x1x0xf32>
  func.return %w : tensor<?x1x0xf32>
}
"""
    empty = np.zeros(0, np.float32)
    (got,) = make_interpreter(parse_module(text, make_context())).call_op(
        "main", (empty, 2**31)
    )
    assert np.asarray(got).shape == (2**31, 1, 0)
    for backend in BACKENDS:
        kernel = slice_dialect.compile(text, backend=backend)
        assert kernel(empty, 2**31).shape == (2**31, 1, 0)
