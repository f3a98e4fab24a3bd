"""The test vectors of ``research/semantics.md`` section C (C01..C125), as data.

Each research vector becomes one :class:`Vector` per op it applies to (ONNX Slice-10/11/13
vectors once per opset), with the parameters in that op's own vocabulary and the result
*our* op must give under ``SPEC.md`` section 2. Where SPEC decides differently from a
framework (an OpenVINO CPU bug, ONNX Runtime's INT_MAX rule, OpenVINO's mask-length
check, ...) the expectation is ours and ``note`` says why.

The input is ``numpy.arange(prod(shape)).reshape(shape)`` unless ``data`` gives explicit
row-major values. ``expected_values`` are the flat row-major values of the result; with
``values_prefix`` only its first values are listed (the research lists ``...``). A vector
with ``error`` expects :class:`slice_dialect.semantics.SliceSemanticsError` with that
substring in its message.

Column "Ops" of the research maps to our ops: S1 -> ``onnx_v1``; S10 -> ``onnx`` (opsets
10, 11, 13); OV8 -> ``ov_slice``; TF -> ``tf_strided_slice``; OVSS ->
``ov_strided_slice``; SS -> both strided slices; DML -> ``dml_slice1``. TensorFlow masks
are int bit fields; OpenVINO masks are 0/1 lists of length ``len(begin)`` unless the
vector gives lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

OpName = Literal[
    "onnx_v1", "onnx", "ov_slice", "ov_strided_slice", "tf_strided_slice", "dml_slice1"
]
ParamValue = int | tuple[int, ...] | tuple[int | None, ...] | None
Shape = tuple[int | None, ...]


@dataclass(frozen=True)
class Expect:
    """What one op must do on a vector: a result or an error."""

    shape: Shape | None = None
    values: tuple[int, ...] | None = None
    values_prefix: bool = False
    error: str | None = None
    note: str = ""


def ok(
    shape: Sequence[int | None],
    values: Sequence[int] | None = None,
    *,
    prefix: bool = False,
    note: str = "",
) -> Expect:
    """A successful result of ``shape`` (and flat ``values``, or their first ones)."""
    return Expect(
        shape=tuple(shape),
        values=None if values is None else tuple(values),
        values_prefix=prefix,
        note=note,
    )


def err(substring: str, *, note: str = "") -> Expect:
    """A SliceSemanticsError whose message contains ``substring``."""
    return Expect(error=substring, note=note)


@dataclass(frozen=True)
class Vector:
    """One research vector applied to one of our ops."""

    id: str
    op: OpName
    shape: Shape
    params: Mapping[str, ParamValue]
    expected_shape: Shape | None = None
    expected_values: tuple[int, ...] | None = None
    values_prefix: bool = False
    error: str | None = None
    data: tuple[int, ...] | None = None
    note: str = ""
    variant: str = field(default="")

    @property
    def name(self) -> str:
        """A unique pytest id: ``C04-onnx@13``, ``C10-ov_slice-axes``, ..."""
        suffix = f"-{self.variant}" if self.variant else ""
        opset = self.params.get("opset")
        at = f"@{opset}" if opset is not None else ""
        return f"{self.id}-{self.op}{at}{suffix}"


def _vector(
    vid: str,
    op: OpName,
    shape: Sequence[int | None],
    params: Mapping[str, ParamValue],
    expect: Expect,
    data: Sequence[int] | None,
    variant: str = "",
) -> Vector:
    return Vector(
        id=vid,
        op=op,
        shape=tuple(shape),
        params=dict(params),
        expected_shape=expect.shape,
        expected_values=expect.values,
        values_prefix=expect.values_prefix,
        error=expect.error,
        data=None if data is None else tuple(data),
        note=expect.note,
        variant=variant,
    )


VECTORS: list[Vector] = []

OPSETS = (10, 11, 13)


def slice_family(
    vid: str,
    ops: str,
    shape: Sequence[int],
    starts: Sequence[int],
    ends: Sequence[int],
    expect: Expect,
    *,
    steps: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    data: Sequence[int] | None = None,
    by_op: Mapping[str, Expect] | None = None,
    variant: str = "",
) -> None:
    """Add a C.1 vector for each of ``ops`` (space-separated S1, S10, OV8).

    ``steps=None`` means the vector gives no steps: ONNX gets no ``steps`` operand (the
    default), OpenVINO Slice-8 (whose ``step`` is required) gets ones.
    """
    overrides = by_op or {}
    for code in ops.split():
        e = overrides.get(code, expect)
        if code == "S1":
            assert steps is None or all(s == 1 for s in steps), vid
            params: dict[str, ParamValue] = {
                "starts": tuple(starts),
                "ends": tuple(ends),
                "axes": None if axes is None else tuple(axes),
            }
            VECTORS.append(_vector(vid, "onnx_v1", shape, params, e, data, variant))
        elif code == "S10":
            for opset in OPSETS:
                params = {
                    "starts": tuple(starts),
                    "ends": tuple(ends),
                    "axes": None if axes is None else tuple(axes),
                    "steps": None if steps is None else tuple(steps),
                    "opset": opset,
                }
                VECTORS.append(_vector(vid, "onnx", shape, params, e, data, variant))
        elif code == "OV8":
            params = {
                "start": tuple(starts),
                "stop": tuple(ends),
                "step": tuple(steps) if steps is not None else (1,) * len(starts),
                "axes": None if axes is None else tuple(axes),
            }
            VECTORS.append(_vector(vid, "ov_slice", shape, params, e, data, variant))
        else:
            raise AssertionError(f"{vid}: unknown op code {code}")


Mask = int | Sequence[int]


def _bits(mask: Mask) -> int:
    if isinstance(mask, int):
        return mask
    return sum(1 << i for i, v in enumerate(mask) if v)


def _ov_list(mask: Mask, count: int) -> tuple[int, ...]:
    if isinstance(mask, int):
        return tuple((mask >> i) & 1 for i in range(count))
    return tuple(mask)


def strided(
    vid: str,
    ops: str,
    shape: Sequence[int | None],
    begin: Sequence[int],
    end: Sequence[int],
    expect: Expect,
    *,
    strides: Sequence[int] | None = None,
    bm: Mask = 0,
    em: Mask = 0,
    elm: Mask = 0,
    nam: Mask = 0,
    sam: Mask = 0,
    data: Sequence[int] | None = None,
    by_op: Mapping[str, Expect] | None = None,
    variant: str = "",
) -> None:
    """Add a C.2 vector for each of ``ops`` (space-separated TF, OVSS).

    Masks are TF bit fields or 0/1 lists (as the vector gives them); TF gets bit fields,
    OpenVINO gets lists (bit fields become lists of length ``len(begin)``, given lists are
    passed unchanged). ``strides=None`` means the vector gives none: TF gets ones,
    OpenVINO gets no ``stride`` operand (the default).
    """
    overrides = by_op or {}
    count = len(begin)
    for code in ops.split():
        e = overrides.get(code, expect)
        if code == "TF":
            params: dict[str, ParamValue] = {
                "begin": tuple(begin),
                "end": tuple(end),
                "strides": tuple(strides) if strides is not None else (1,) * count,
                "begin_mask": _bits(bm),
                "end_mask": _bits(em),
                "ellipsis_mask": _bits(elm),
                "new_axis_mask": _bits(nam),
                "shrink_axis_mask": _bits(sam),
            }
            VECTORS.append(
                _vector(vid, "tf_strided_slice", shape, params, e, data, variant)
            )
        elif code == "OVSS":
            params = {
                "begin": tuple(begin),
                "end": tuple(end),
                "stride": None if strides is None else tuple(strides),
                "begin_mask": _ov_list(bm, count),
                "end_mask": _ov_list(em, count),
                "new_axis_mask": _ov_list(nam, count),
                "shrink_axis_mask": _ov_list(sam, count),
                "ellipsis_mask": _ov_list(elm, count),
            }
            VECTORS.append(
                _vector(vid, "ov_strided_slice", shape, params, e, data, variant)
            )
        else:
            raise AssertionError(f"{vid}: unknown op code {code}")


def dml(
    vid: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    output: Sequence[int],
    expect: Expect,
    *,
    data: Sequence[int] | None = None,
) -> None:
    """Add a C.3 DirectML vector."""
    params: dict[str, ParamValue] = {
        "window_offsets": tuple(offsets),
        "window_sizes": tuple(sizes),
        "window_strides": tuple(strides),
        "output_sizes": tuple(output),
    }
    VECTORS.append(_vector(vid, "dml_slice1", shape, params, expect, data))


# --- C.1 Slice family (ONNX Slice-1/10/11/13, OpenVINO Slice-8) -----------------------

M24 = (1, 2, 3, 4, 5, 6, 7, 8)  # C01-C03 input [[1,2,3,4],[5,6,7,8]]
NOT_ORT_INT_MAX = (
    "SPEC: INT_MAX ends clamp like any value; ONNX Runtime's 'INT_MAX means to the end' "
    "(reversal 4..0) is its bug (onnxruntime#11107)"
)
START_BELOW_MINUS_D = (
    "SPEC: negative step with start < -d reads element 0 (ONNX-13 text, SI, ORT, "
    "OpenVINO); numpy/ONNX reference/DML-EP give empty"
)
OV_CPU_I64 = "OV-CPU truncates runtime i64 indices to 32 bits (bug, not copied)"

slice_family(
    "C01", "S10 OV8", (2, 4), (1, 0), (2, 3), ok((1, 2), (5, 7)),
    steps=(1, 2), axes=(0, 1), data=M24,
)  # fmt: skip
slice_family(
    "C02", "S1 S10 OV8", (2, 4), (0, 1), (-1, 1000), ok((1, 3), (2, 3, 4)), data=M24
)
slice_family(
    "C03", "S1", (2, 4), (1, 0), (2, 3), ok((1, 3), (5, 6, 7)), axes=(0, 1), data=M24
)
slice_family(
    "C04", "S10 OV8", (20, 10, 5), (20, 10, 4), (0, 0, 1),
    ok((19, 3, 2), (999, 997, 984, 982, 969, 967), prefix=True), steps=(-1, -3, -2),
)  # fmt: skip
slice_family(
    "C05", "S1 S10 OV8", (20, 10, 5), (1000,), (1000,), ok((20, 0, 5)), axes=(1,)
)
slice_family("C06", "S1 S10 OV8", (20, 10, 5), (1,), (1000,), ok((20, 9, 5)), axes=(1,))
slice_family("C07", "S1 S10 OV8", (20, 10, 5), (0,), (-1,), ok((20, 9, 5)), axes=(1,))
slice_family(
    "C08", "S1 S10 OV8", (20, 10, 5), (0, 0, 3), (20, 10, 4),
    ok((20, 10, 1), (3, 8, 13), prefix=True),
)  # fmt: skip
slice_family(
    "C09", "S1 S10 OV8", (20, 10, 5), (0, 0, 3), (20, 10, 4), ok((20, 10, 1)),
    axes=(0, -2, -1),
)  # fmt: skip
slice_family("C10", "OV8 S10", (10,), (1,), (8,), ok((7,), range(1, 8)), steps=(1,))
slice_family(
    "C10", "OV8 S10", (10,), (1,), (8,), ok((7,), range(1, 8)), steps=(1,), axes=(0,),
    variant="axes",
)  # fmt: skip
slice_family("C11", "OV8 S10", (10,), (1,), (8,), ok((4,), (1, 3, 5, 7)), steps=(2,))
slice_family("C12", "OV8 S10 S1", (10,), (-100,), (100,), ok((10,), range(10)))
slice_family(
    "C13", "OV8 S10", (10,), (9,), (-11,), ok((10,), range(9, -1, -1)), steps=(-1,)
)
slice_family("C14", "OV8 S10", (10,), (9,), (0,), ok((9,), range(9, 0, -1)), steps=(-1,))
slice_family(
    "C15", "OV8 S10", (10,), (9,), (-10,), ok((9,), range(9, 0, -1)), steps=(-1,)
)
slice_family(
    "C16", "OV8 S10", (10,), (9,), (-11,), ok((5,), (9, 7, 5, 3, 1)), steps=(-2,)
)
slice_family(
    "C17", "OV8 S10", (10,), (100,), (-100,), ok((10,), range(9, -1, -1)), steps=(-1,)
)
slice_family(
    "C18", "OV8 S10", (2, 5), (0, 1), (2, 4), ok((2, 2), (1, 3, 6, 8)), steps=(1, 2)
)
slice_family("C19", "OV8 S10", (20, 10, 5), (0, 0), (4, 10), ok((4, 10, 5)), axes=(0, 1))
slice_family(
    "C20", "S1 S10 OV8", (5,), (0,), (INT64_MAX,), ok((5,), range(5), note=OV_CPU_I64),
    steps=(1,),
)  # fmt: skip
slice_family(
    "C21", "S10 OV8", (5,), (-1,), (INT64_MIN,),
    ok((5,), (4, 3, 2, 1, 0), note=OV_CPU_I64),
    steps=(-1,),
)  # fmt: skip
slice_family(
    "C22", "S10 OV8", (5,), (INT64_MAX,), (INT64_MIN,), ok((5,), (4, 3, 2, 1, 0)),
    steps=(-1,),
)  # fmt: skip
slice_family(
    "C23",
    "S10 OV8",
    (5,),
    (-1,),
    (INT64_MAX,),
    ok((0,), note=NOT_ORT_INT_MAX),
    steps=(-1,),
)
slice_family(
    "C24", "S10", (5,), (-1,), (INT32_MAX,),
    ok((0,), note=NOT_ORT_INT_MAX + "; int32 indices are the same Python ints here"),
    steps=(-1,),
)  # fmt: skip
slice_family("C25", "S10 OV8", (5,), (-1,), (-6,), ok((5,), (4, 3, 2, 1, 0)), steps=(-1,))
slice_family("C26", "S10 OV8", (5,), (-1,), (-1,), ok((0,)), steps=(-1,))
slice_family(
    "C27", "S10 OV8", (5,), (-10,), (INT64_MIN,),
    ok((1,), (0,), note=START_BELOW_MINUS_D),
    steps=(-1,),
)  # fmt: skip
slice_family(
    "C28", "S10 OV8", (5,), (-5,), (INT64_MIN,), ok((1,), (0,), note=OV_CPU_I64),
    steps=(-1,),
)  # fmt: skip
slice_family("C29", "S1 S10 OV8", (5,), (3,), (3,), ok((0,)), steps=(1,))
slice_family("C30", "S1 S10 OV8", (5,), (4,), (1,), ok((0,)), steps=(1,))
slice_family("C31", "S10 OV8", (5,), (1,), (4,), ok((0,)), steps=(-1,))
slice_family(
    "C32", "S10 OV8", (5,), (0,), (5,), err("steps[0] = 0"), steps=(0,),
    by_op={"OV8": err("step[0] = 0")},
)  # fmt: skip
slice_family(
    "C33",
    "S10 OV8",
    (5,),
    (1,),
    (5,),
    ok((1,), (1,), note=OV_CPU_I64),
    steps=(INT64_MAX,),
)
slice_family(
    "C34", "S10 OV8", (5,), (-1,), (INT64_MIN,),
    ok((1,), (4,), note="OV-CPU dies with SIGFPE on a constant INT64_MIN step (bug)"),
    steps=(INT64_MIN,),
)  # fmt: skip
slice_family("C35", "S10 OV8", (5,), (4,), (0,), ok((2,), (4, 2)), steps=(-2,))
slice_family("C36", "S10 OV8", (5,), (3,), (INT64_MIN,), ok((2,), (3, 1)), steps=(-2,))
slice_family("C37", "S10 OV8", (7,), (0,), (7,), ok((3,), (0, 3, 6)), steps=(3,))
slice_family("C38", "S1 S10 OV8", (0,), (0,), (INT64_MAX,), ok((0,)), steps=(1,))
slice_family("C39", "S10 OV8", (0,), (-1,), (INT64_MIN,), ok((0,)), steps=(-1,))
slice_family(
    "C40", "S1 S10 OV8", (4, 4), (0, 1), (4, 3),
    err("repeats axis 1", note="SPEC: repeated axes are an error (ONNX-ref: last wins)"),
    axes=(1, 1),
)  # fmt: skip
slice_family(
    "C41", "S1 S10 OV8", (4, 4), (0,), (2,), err("axes[0] = 2 is out of range"), axes=(2,)
)
slice_family(
    "C42", "S10 OV8 S1", (3, 4), (1,), (3,), ok((3, 2), (1, 2, 5, 6, 9, 10)), axes=(-1,)
)
slice_family(
    "C43", "S10 OV8", (3, 4), (1, 0), (3, 2), ok((2, 2), (1, 2, 5, 6)), axes=(1, 0)
)
slice_family(
    "C44", "S10 OV8", (3, 4, 5), (1,), (2,),
    ok((3, 1, 5), (*range(5, 10), *range(25, 30), *range(45, 50))), axes=(1,),
)  # fmt: skip
slice_family(
    "C45", "S10 OV8", (), (), (),
    err("rank >= 1", note="SPEC: rank-0 data is an error (ONNX-ref returns the scalar)"),
)  # fmt: skip
slice_family("C46", "S10 OV8", (2, 3), (), (), ok((2, 3), range(6)))
slice_family(
    "C47", "S1 S10 OV8", (5,), (INT64_MIN,), (-1,),
    ok((4,), (0, 1, 2, 3), note="DML-EP's typo (starts > INT_MIN) gives [0]; not copied"),
    steps=(1,),
)  # fmt: skip
slice_family("C48", "S1", (5,), (-10,), (INT64_MAX,), ok((5,), range(5)))
slice_family(
    "C49", "S1 S10 OV8", (4,), (0, 0), (2, 2),
    err("but data has rank 1", note="K > rank with default axes: error (S1 SI: [2])"),
)  # fmt: skip

# --- C.2 StridedSlice (TensorFlow and OpenVINO) ----------------------------------------

OV_CPU_SHRINK_BEGIN_MASK = (
    "OV-CPU applies begin_mask before shrink and reads index 0 (bug)"
)
OV_REF_PRECEDENCE = (
    "SPEC: TF precedence ellipsis > new_axis > shrink (OV shape inference agrees; "
    "OV reference slice_plan differs)"
)
SHRINK_RANGE = "SPEC: a shrink index outside [-dim, dim) is an error (OV-SI accepts it)"

strided(
    "C50", "TF OVSS", (10, 10), (1, 1), (7, 7),
    ok((5, 4), (10, 12, 14, 16, 30), prefix=True), strides=(2, 2), bm=0b10, em=0b01,
)  # fmt: skip
strided("C51", "TF OVSS", (10, 10), (-9, -20), (-3, -3), ok((3, 4)), strides=(2, 2))
strided("C52", "TF OVSS", (10, 10), (1, 1), (7, 1), ok((3, 0)), strides=(2, 1))
strided(
    "C53", "TF OVSS", (10, 10), (0, 0), (10, 10), err("strides[0] = 0"), strides=(0, 2),
    by_op={"OVSS": err("stride[0] = 0", note="OV-CPU runtime: SIGFPE (bug)")},
)  # fmt: skip
C54_VALUES = (*range(5, 10), *range(25, 30), *range(45, 50))
strided(
    "C54", "TF OVSS", (3, 4, 5), (0, 1, 0), (3, 1, 5),
    ok((3, 5), C54_VALUES, note=OV_CPU_SHRINK_BEGIN_MASK), bm=0b010, em=0b010, sam=0b010,
)  # fmt: skip
strided(
    "C55", "TF OVSS", (3, 4, 5), (0, 7, 0), (3, 7, 5),
    err("begin[1] = 7 is out of range", note=SHRINK_RANGE), bm=0b010, em=0b010, sam=0b010,
)  # fmt: skip
strided(
    "C56", "TF OVSS", (3, 4, 5), (0, 1, 0), (3, 2, 5), err("needs a positive stride"),
    strides=(1, -1, 1), bm=0b010, em=0b010, sam=0b010,
    by_op={"OVSS": ok((3, 5), note="OpenVINO ignores a shrink entry's stride")},
)  # fmt: skip
strided("C57", "TF OVSS", (10, 10), (0, 0), (10, 10), ok((10, 1, 10)), nam=0b10)
strided("C58", "TF OVSS", (10, 10), (0, 0), (0, 0), ok((10, 10, 1)), elm=0b01, nam=0b10)
strided(
    "C59", "TF OVSS", (10, 10), (0, 0), (0, 0), err("more than one ellipsis"), elm=0b11
)
strided("C60", "TF OVSS", (5,), (-1,), (0,), ok((), (4,)), sam=1)
strided("C61", "TF OVSS", (5,), (-5,), (0,), ok((), (0,)), sam=1)
strided(
    "C62", "TF OVSS", (5,), (-6,), (0,),
    err("begin[0] = -6 is out of range", note=SHRINK_RANGE),
    sam=1,
)  # fmt: skip
strided("C63", "TF OVSS", (5,), (5,), (6,), err("begin[0] = 5 is out of range"), sam=1)
strided("C64", "TF OVSS", (5,), (2,), (2,), ok((), (2,)), sam=1)
strided("C65", "TF OVSS", (5,), (2,), (-100,), ok((), (2,)), strides=(7,), sam=1)
strided(
    "C66", "TF OVSS", (5,), (3,), (4,), ok((), (3,), note=OV_CPU_SHRINK_BEGIN_MASK),
    bm=1, sam=1,
)  # fmt: skip
strided(
    "C67",
    "TF OVSS",
    (5,),
    (0,),
    (0,),
    ok((5,), (4, 3, 2, 1, 0)),
    strides=(-1,),
    bm=1,
    em=1,
)
strided("C68", "TF OVSS", (5,), (3,), (0,), ok((4,), (3, 2, 1, 0)), strides=(-1,), em=1)
strided("C69", "TF OVSS", (5,), (0,), (1,), ok((3,), (4, 3, 2)), strides=(-1,), bm=1)
strided("C70", "TF OVSS", (5,), (3,), (-1,), ok((0,)), strides=(-1,))
strided(
    "C70a", "TF OVSS", (5,), (2,), (2,),
    ok((0,), note="OV doc claims one element for begin == end; implementations: none"),
    strides=(1,),
)  # fmt: skip
strided("C71", "TF OVSS", (5,), (3,), (-6,), ok((4,), (3, 2, 1, 0)), strides=(-1,))
strided(
    "C72", "TF OVSS", (5,), (-10,), (INT64_MIN,),
    ok((0,), note="SPEC: TF uses the Python rule, a begin below -d is empty"),
    strides=(-1,),
    by_op={"OVSS": ok((1,), (0,), note="SPEC: OV clamps a begin below -d to element 0")},
)  # fmt: skip
strided(
    "C73", "TF OVSS", (5,), (INT64_MIN,), (INT64_MAX,),
    ok((5,), range(5), note=OV_CPU_I64),
    strides=(1,),
)  # fmt: skip
strided(
    "C74", "TF OVSS", (5,), (-1,), (INT64_MAX,), ok((0,), note="contrast ORT's C23"),
    strides=(-1,),
)  # fmt: skip
strided(
    "C75", "TF OVSS", (5,), (-1,), (INT64_MIN,), ok((1,), (4,), note=OV_CPU_I64),
    strides=(INT64_MIN,),
)  # fmt: skip
strided("C76", "TF OVSS", (6,), (4,), (0,), ok((2,), (4, 1)), strides=(-3,))
strided(
    "C77", "TF OVSS", (2, 3, 4), (0, 1), (0, 3), ok((2, 3, 2), (1, 2, 5, 6), prefix=True),
    elm=0b1,
)  # fmt: skip
strided(
    "C78", "TF OVSS", (2, 3, 4, 5), (1, 0, 0), (2, 0, 5),
    ok((1, 3, 4, 3), (60, 62, 64, 65, 67, 69), prefix=True), strides=(1, 1, 2), elm=0b10,
)  # fmt: skip
strided("C79", "TF OVSS", (2, 3, 4), (0, 0), (1, 0), ok((1, 3, 4)), elm=0b10)
strided("C80", "TF OVSS", (2, 3), (0, 0, 0), (1, 0, 2), ok((1, 2), (0, 1)), elm=0b010)
strided(
    "C81", "TF OVSS", (2, 3), (0,), (0,),
    ok((2, 3), range(6), note="OV-CPU runtime fails ('execPtr'); not copied"), elm=1,
)  # fmt: skip
strided("C82", "TF OVSS", (2, 3), (0, 0), (0, 1), ok((1, 1, 3), (0, 1, 2)), nam=0b1)
strided(
    "C83", "TF OVSS", (2, 3, 4), (0, 0, 0), (0, 0, 1),
    ok((1, 2, 3), (0, 4, 8, 12, 16, 20)),
    nam=0b001, elm=0b010, sam=0b100,
)  # fmt: skip
strided("C84", "TF OVSS", (2, 3, 4), (0, 0), (0, 0), ok((2, 3, 4, 1)), elm=0b01, nam=0b10)
strided(
    "C85", "TF OVSS", (2, 3), (0, 0, 0), (0, 0, 0), ok((1, 2, 3, 1)), nam=0b101, elm=0b010
)
strided(
    "C86", "TF OVSS", (2, 3), (0, 0), (0, 1), ok((2, 1), (0, 3), note=OV_REF_PRECEDENCE),
    elm=0b01, nam=0b01,
)  # fmt: skip
strided(
    "C87", "TF OVSS", (2, 3), (1, 0), (2, 3), ok((1, 2, 3), note="new axis beats shrink"),
    nam=0b01, sam=0b01,
)  # fmt: skip
strided(
    "C88", "TF OVSS", (2, 3), (1, 0), (2, 3), ok((2, 3), note=OV_REF_PRECEDENCE),
    elm=0b01, sam=0b01,
)  # fmt: skip
strided("C89", "TF OVSS", (), (0,), (0,), ok((1,), (0,)), nam=1)
strided("C90", "TF OVSS", (), (), (), ok((), (0,)))
strided(
    "C91", "TF OVSS", (2, 3), (0, 0, 0), (1, 1, 1), err("but the input has rank 2"),
    strides=(1, 1, 1),
)  # fmt: skip
strided(
    "C92", "TF OVSS", (2, 3), (0, 0, 0, 0), (1, 1, 1, 1), err("but the input has rank 2"),
    elm=0b10,
)  # fmt: skip
strided(
    "C93", "TF OVSS", (2, 3, 4), (0, -1), (0, 0), ok((2, 3), (3, 7, 11, 15, 19, 23)),
    elm=0b01, sam=0b10,
)  # fmt: skip
strided(
    "C94", "TF", (2, 3), (1,), (2,), ok((1, 3), (3, 4, 5), note="mask bits >= M ignored"),
    bm=0b110, em=0b110, nam=0b100,
)  # fmt: skip
strided(
    "C95", "TF OVSS", (5,) * 6, (1, 2, 0, 0, 0, 0), (2, 4, 0, 0, -3, 0),
    ok((2, 1, 5, 5, 2, 5)), strides=(1, 1, 1, 1, -1, 1),
    bm=48, em=32, elm=8, nam=4, sam=1,
)  # fmt: skip
strided(
    "C96", "TF", (4,), (-2,), (0,),
    ok((3,), (3, 2, 1), note="api_def claims [4,3]; the kernel gives [3,2,1]"),
    strides=(-1,), em=1, data=(1, 2, 3, 4),
)  # fmt: skip
strided(
    "C97", "TF", (3, 4), (0, 0), (0, 0), ok((3, 4), note="api_def claims (1,3,4)"),
    bm=0b01, em=0b01, elm=0b10,
)  # fmt: skip
strided(
    "C98", "OVSS TF", (4,) * 6, (0, 1, 0, 1, 3, 3), (4, 4, 4, 4, 0, 0),
    ok((4, 3, 2, 2, 3, 2), note="OV doc lists 4 elements for 3:0:-1"),
    strides=(1, 1, 2, 2, -1, -2),
)  # fmt: skip
strided(
    "C99", "OVSS TF", (2, 2), (1234, 2), (1234, 4321),
    ok((0, 0), note="OV doc claims [1,1]"), strides=(1, -1),
)  # fmt: skip
strided("C100", "OVSS TF", (2, 3, 4), (0, 0, 0), (2, 2, -1), ok((2, 2, 3)))
strided(
    "C101", "OVSS TF", (2, 3, 4), (1, 1, 123), (0, 0, 2),
    ok((1, 3, 4), (15, 14, 13, 12, 19), prefix=True, note="OV doc claims [1,3,3]"),
    strides=(1, 1, -1), bm=(0, 1, 1), em=(1, 1, 1),
)  # fmt: skip
strided(
    "C102", "OVSS TF", (2, 4), (1234, 0, -1, 0), (1234, 2, 9876, 4),
    ok((1, 2, 1, 4), range(8)), strides=(132, 1, 241, 1), nam=(1, 0, 1, 0),
)  # fmt: skip
strided(
    "C103", "OVSS TF", (1, 2, 384, 640, 8), (0, 0, 0, 0, 0), (1, 0, 384, 640, 8),
    ok((1, 384, 640, 8)), sam=(0, 1, 0, 0, 0),
)  # fmt: skip
C104_SHAPE = (6, *(1,) * 10, 7)
strided(
    "C104", "OVSS TF", C104_SHAPE, (0, 0, 0), (4, 0, 5), ok((4, *(1,) * 10, 5)),
    strides=(1, -1, 1), elm=(0, 1, 0),
    by_op={"TF": ok((4, *(1,) * 10, 5), note="TF's kernel stops at rank 8; we don't")},
)  # fmt: skip
strided(
    "C105", "OVSS", (10,) * 12, (2, 1, 10, 10), (123, 1, 10, 5),
    ok(
        (8, *(10,) * 10, 1, 5),
        note="SPEC: masks of different lengths are zero-padded (OV runtime rejects); "
        "the OV doc example's output lists only 9 ellipsis dims",
    ),
    strides=(1, -1, 1, 1), bm=(0, 0, 1, 1), em=(1, 1, 0, 0), nam=(0, 0, 1), sam=(0,),
    elm=(0, 1),
)  # fmt: skip
strided(
    "C106", "OVSS", (2, 3, 4), (1, 1, 1), (2, 2, 2), ok((2, 1, 1), (5, 17)),
    bm=(1,), em=(1,), nam=(0,), sam=(0,), elm=(0,),
)  # fmt: skip
strided(
    "C107", "OVSS", (2, 3), (1,), (2,), ok((1, 3)), bm=(0, 1, 1), em=(), nam=(0, 0, 1)
)
strided("C108", "OVSS", (2, 3), (0, 0), (1, 1), err("begin_mask[0] = 2"), bm=(2, 0))
strided(
    "C109", "TF OVSS", (0,), (0,), (0,),
    ok((0,), note="OV reference gives [1] (slice_plan bug, reads out of bounds)"),
    strides=(-1,), bm=1, em=1,
)  # fmt: skip
strided(
    "C110", "TF OVSS", (0,), (0,), (1,),
    err("begin[0] = 0 shrinks axis 0, which has size 0", note="OV-SI accepts; OV-CPU reads out of bounds"),
    sam=1,
)  # fmt: skip
strided(
    "C111", "TF OVSS", (2, 0), (0, 0), (0, 0), ok((2, 0)), strides=(-1, 1), bm=1, em=1
)
C112_SHAPE = (1, 2) * 6
strided(
    "C112", "TF", C112_SHAPE, (0, 0), (0, 0),
    ok(C112_SHAPE, note="TF's kernel rejects 12-D ('Unhandled input dimensions 12'); "
       "as semantics rank 12 is fine (the shape function agrees)"),
    strides=(1, -1), bm=0b10, em=0b10, elm=0b01,
)  # fmt: skip
strided(
    "C113", "TF", (2,), (0,) * 32, (1,) * 32,
    err("at most 31", note="TF needs M < 32 (32-bit masks)"),
    nam=sum(1 << i for i in range(1, 32)),
)  # fmt: skip
strided(
    "C114", "TF OVSS", (2, 3, 4), (0, 0, 1), (0, 0, 2),
    ok((2, 3, 1), (1, 5, 9, 13, 17, 21)),
    elm=1, nam=2, sam=4,
)  # fmt: skip
strided(
    "C115", "TF OVSS", (2, 3, 4), (1, 0, 0, 0), (2, 0, 0, 0),
    ok((3, 1, 4), (15, 14, 13, 12, 19), prefix=True), strides=(1, 1, 1, -1),
    sam=1, elm=2, nam=4, bm=8, em=8,
)  # fmt: skip
strided(
    "C116", "TF", (None, 6), (1, 1), (3, -1),
    ok((None, 2), note="dim 0 stays dynamic though it is <= 2, like TF's shape function"),
    strides=(1, 2),
)  # fmt: skip

# --- C.3 DirectML ----------------------------------------------------------------------

ONE_TO_16 = tuple(range(1, 17))
dml(
    "C117", (1, 1, 4, 4), (0, 0, 0, 1), (1, 1, 4, 3), (1, 1, 2, 2), (1, 1, 2, 2),
    ok((1, 1, 2, 2), (2, 4, 10, 12)), data=ONE_TO_16,
)  # fmt: skip
dml(
    "C118", (1, 1, 4, 4), (0, 0, 0, 1), (1, 1, 4, 3), (1, 1, -2, 2), (1, 1, 2, 2),
    ok((1, 1, 2, 2), (14, 16, 6, 8)), data=ONE_TO_16,
)  # fmt: skip
dml("C119", (5,), (1,), (4,), (1,), (2,), ok((2,), (1, 2)))
dml("C120", (5,), (0,), (4,), (-1,), (2,), ok((2,), (3, 2)))
dml("C121", (5,), (0,), (5,), (-2,), (2,), ok((2,), (4, 2)))
dml("C122", (5,), (0,), (0,), (1,), (1,), err("window_sizes[0] = 0"))
dml("C123", (5,), (3,), (3,), (1,), (1,), err("exceeds dimension 0 of size 5"))
dml("C124", (5,), (0,), (5,), (2,), (4,), err("allows 1 to 3"))
dml(
    "C125", (20, 10, 5), (1, 1, 2), (19, 9, 3), (-1, -3, -2), (19, 3, 2),
    ok((19, 3, 2), (999, 997, 984, 982, 969, 967), prefix=True,
       note="ORT DML EP's conversion of C04"),
)  # fmt: skip

RESEARCH_IDS: tuple[str, ...] = (
    *(f"C{i:02d}" for i in range(1, 70)),
    "C70",
    "C70a",
    *(f"C{i}" for i in range(71, 126)),
)
"""Every ID of research section C; the tests check each has at least one vector."""
