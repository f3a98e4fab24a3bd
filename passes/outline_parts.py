"""``outline-slice-parts``: a large lowered function split into parts it calls in turn.

C compilers do not compile one large function in time linear in its size: gcc 12's
jump threading over the failure branches of thousands of run-time checks made the C
of N run-time slices in one function cost about N^1.7 (48.8 s for 1000; session 52,
``/work/notes52/helperS/REPORT.md``), where the same code printed as functions of about
600 IR ops each took 11.3 s. This pass makes that cut in the IR, where the C target
prints it as it stands: each function of ``convert-slice-to-loops`` output (a public
``func.func`` of one block) holding more than ``max-ops`` ops (nested ones counted) has
its top-level ops moved, in order, into private functions of at least ``part-ops`` ops
each (``@f_part1``, ``@f_part2``, ...; marked ``no_inline``, as MLIR's ``func.func``
spells it, so that a C compiler does not merge them back), and the function calls them
in turn (``func.call``), before its ``func.return``.

The function keeps its ``arith.constant``s and (since session 56) its views of its
arguments, ``memref.collapse_shape``/``expand_shape`` (each part gets a copy of those
it reads: a flat view of a 2-D argument that every window reads had kept 150 run-time
windows in one part of 4062 ops), its
static ``memref.alloc``s (passed to the parts that use them, so that a tensor
constant's buffer, freed at the end, does not keep the function whole) and their
deallocs (moved after the calls). A part ends only where nothing else but integer
scalars (``index``, ``i1``..``i64``) is live across the cut: a part takes the arguments
and buffers it reads and the scalars of earlier parts it reads, and returns the
scalars later ops read. No view or float crosses a part's boundary; a function that
has no such cut after ``part-ops`` ops keeps those ops together (a view used from the
first op to the last leaves the function whole). The calls return the parts' status: a
failing check in a part fails the call with the same code, values and message
(``c.py``'s ``func.call`` rule), and ``c_safety`` checks each part at its call with the
intervals of the call's operands, so what it proved of the whole function it proves of
the parts. Functions of ``max-ops`` ops or fewer are left as they are, and so are
functions that still hold tensors (not lowered yet: a cut there would return the
normalization's scalars from parts the lowering cannot take).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, memref
from xdsl.dialects.builtin import FunctionType, IndexType, IntegerType, UnitAttr
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue, Use
from xdsl.rewriter import InsertPoint, Rewriter

from passes import SlicePass
from passes.copy_plan import is_working_set
from passes.function_boundary import rewritten
from passes.inline import NO_INLINE

MAX_OPS = 1500
"""A function of more ops than this (nested ones counted) is split: some 17 run-time
slices (a run-time ONNX slice lowers to about 60-90 ops) or 100 static ones."""

PART_OPS = 600
"""The fewest ops of a part but the last: gcc 12 compiled parts of 300 to 3000 C lines
about equally fast (session 52), and each call costs a status test."""


def is_scalar(t: Attribute) -> bool:
    """Whether a value of type ``t`` may cross into or out of a part: an ``index`` or
    an ``iN`` of a C integer width."""
    return isinstance(t, IndexType) or (
        isinstance(t, IntegerType) and t.width.data in (1, 8, 16, 32, 64)
    )


@dataclass(frozen=True)
class Part:
    """Top-level ops ``start`` to ``stop`` (excluded) of the function's block, the values
    of the function they read (``inputs``: arguments and earlier parts' scalars) and the
    values they define that later ops read (``outputs``)."""

    start: int
    stop: int
    inputs: tuple[SSAValue, ...]
    outputs: tuple[SSAValue, ...]
    constants: tuple[arith.ConstantOp, ...]
    """The ``arith.constant``s of other parts it reads: copied into it, so that the C
    compiler folds them there as it did in the whole function."""
    views: tuple[tuple[Operation, tuple[SSAValue, ...]], ...] = ()
    """The views it reads that earlier parts make (``remade``), in order, each with its
    operands as planned (an earlier part's outlining renames them): made again in it
    from their buffers and scalars, which it takes."""


def kept(op: Operation, block: Block) -> bool:
    """Whether the top-level ``op`` of ``block`` stays in the function when its range
    is outlined: an ``arith.constant`` (each part that reads it gets a copy), a
    ``memref.alloc`` of a static shape (its buffer passed to the parts that use it, so
    that a tensor constant's buffer, freed at the function's end, does not keep the
    function whole) and a ``memref.dealloc`` of such an alloc (after the calls)."""
    if isinstance(op, arith.ConstantOp):
        return True
    if isinstance(op, memref.AllocOp):
        return not (op.dynamic_sizes or op.symbol_operands)
    alloc = op.operands[0].owner if isinstance(op, memref.DeallocOp) else None
    return (
        isinstance(alloc, memref.AllocOp) and alloc.parent is block and kept(alloc, block)
    )


def remade(block: Block) -> set[Operation]:
    """The top-level views of ``block`` (``memref.collapse_shape``/``expand_shape``) of
    its arguments, of the static allocs it keeps (``kept``) or of such views: pointer
    aliases each part that reads one makes again from the buffer and the scalars it
    takes (since session 56: the flat view of a 2-D argument, which every window reads,
    kept 150 run-time windows after the first in one part of 4062 ops), so no view
    crosses a cut."""
    found: set[Operation] = set()
    for op in block.ops:
        if not isinstance(op, memref.CollapseShapeOp | memref.ExpandShapeOp):
            continue
        source = op.src
        owner = source.owner
        if (
            (isinstance(source, BlockArgument) and source.block is block)
            or (isinstance(owner, memref.AllocOp) and kept(owner, block))
            or owner in found
        ):
            found.add(op)
    return found


def plan_parts(block: Block, max_ops: int, part_ops: int) -> list[Part]:
    """The parts ``block`` (a function body ending in ``func.return``) is cut into, or
    ``[]`` when it holds ``max_ops`` ops or fewer or has no legal cut. The ops that
    stay in the function (``kept``) count towards no part."""
    ops = list(block.ops)
    body = ops[:-1]
    top: dict[Operation, int] = {}
    sizes: list[int] = []
    last_use: dict[SSAValue, int] = {}
    for i, op in enumerate(ops):
        size = 0
        for each in op.walk():
            top[each] = i
            size += 1
            for v in each.operands:
                last_use[v] = i
        sizes.append(size)
    if sum(sizes) <= max_ops:
        return []
    views = remade(block)
    for op in reversed(ops):  # a view's scalars and buffer live as long as it does
        if op in views:
            for w in op.operands:
                last_use[w] = max(last_use.get(w, -1), last_use.get(op.results[0], -1))

    def blocks(v: SSAValue) -> bool:
        return not is_scalar(v.type) and v.owner not in views

    stays = [kept(op, block) for op in ops]
    moved = [0 if stay else size for stay, size in zip(stays, sizes, strict=True)]
    ending: list[list[SSAValue]] = [[] for _ in ops]
    for v, i in last_use.items():
        ending[i].append(v)

    cuts: list[int] = []
    live: set[SSAValue] = set()
    blocking = 0  # live values that may not cross a cut
    size = 0
    remaining = sum(moved[: len(body)])
    for i, op in enumerate(body):
        size += moved[i]
        remaining -= moved[i]
        for v in ending[i]:
            if v in live:
                live.discard(v)
                blocking -= blocks(v)
        if not stays[i]:
            for r in op.results:
                if last_use.get(r, -1) > i:
                    live.add(r)
                    blocking += blocks(r)
        if size >= part_ops and not blocking and remaining >= max(part_ops // 2, 1):
            cuts.append(i + 1)
            size = 0
    if not cuts:
        return []
    bounds = [0, *cuts, len(body)]
    parts: list[Part] = []
    for start, stop in itertools.pairwise(bounds):
        inputs: dict[SSAValue, None] = {}
        outputs: dict[SSAValue, None] = {}
        constants: dict[arith.ConstantOp, None] = {}
        made: dict[Operation, None] = {}

        def remake(
            view: Operation,
            start: int = start,
            stop: int = stop,
            inputs: dict[SSAValue, None] = inputs,
            made: dict[Operation, None] = made,
        ) -> None:
            """``view`` (made before this part) and what it needs, made again."""
            for w in view.operands:
                owner = w.owner
                if owner in views and not start <= top[owner] < stop:  # type: ignore[index]
                    remake(owner)  # type: ignore[arg-type]
                else:
                    inputs.setdefault(w)
            made.setdefault(view)

        for i in range(start, stop):
            if stays[i]:
                continue
            for each in body[i].walk():
                for v in each.operands:
                    owner = v.owner
                    if isinstance(v, BlockArgument):
                        inside = v.block is not block
                    else:
                        assert isinstance(owner, Operation)
                        k = top[owner]
                        inside = start <= k < stop and not stays[k]
                    if isinstance(owner, arith.ConstantOp) and owner.parent is block:
                        constants.setdefault(owner)  # a top-level one: copied
                    elif owner in views and not inside:
                        remake(owner)  # type: ignore[arg-type]
                    elif not inside:
                        inputs.setdefault(v)
            for r in body[i].results:
                if last_use.get(r, -1) >= stop and body[i] not in views:
                    outputs.setdefault(r)  # (a view is made again where it is read)
        parts.append(
            Part(
                start,
                stop,
                tuple(inputs),
                tuple(outputs),
                tuple(constants),
                tuple(
                    (view, tuple(view.operands))
                    for view in sorted(made, key=lambda view: top[view])
                ),
            )
        )
    return parts


def _unique_symbol(base: str, taken: set[str]) -> str:
    k = 1
    while f"{base}_part{k}" in taken:
        k += 1
    taken.add(f"{base}_part{k}")
    return f"{base}_part{k}"


def outline_function(
    f: func.FuncOp, parts: Sequence[Part], taken: set[str]
) -> list[func.FuncOp]:
    """Move each of ``parts`` of ``f``'s block into a new private function inserted
    before ``f`` (symbols not in ``taken``, which gets them) and call it from ``f``."""
    block = f.body.block
    ops = list(block.ops)
    at_entry: dict[SSAValue, SSAValue] = {}
    """What each part output is in ``f``: the result of its part's call."""
    made: list[func.FuncOp] = []
    for part in parts:
        moved = [op for op in ops[part.start : part.stop] if not kept(op, block)]
        inside = {each for op in moved for each in op.walk()}

        def within(use: Use, inside: set[Operation] = inside) -> bool:
            return use.operation in inside

        name = _unique_symbol(f.sym_name.data, taken)
        callee = func.FuncOp(
            name,
            FunctionType.from_lists(
                [v.type for v in part.inputs], [v.type for v in part.outputs]
            ),
            visibility="private",
        )
        callee.attributes[NO_INLINE] = UnitAttr()
        Rewriter.insert_op(callee, InsertPoint.before(f))
        made.append(callee)
        call = func.CallOp(
            name,
            [at_entry.get(v, v) for v in part.inputs],
            [v.type for v in part.outputs],
        )
        call.location = f.location
        Rewriter.insert_op(call, InsertPoint.before(ops[part.stop]))
        for op in ops[part.start : part.stop]:
            if isinstance(op, memref.DeallocOp):  # a kept one: after the part's uses
                op.detach()
                Rewriter.insert_op(op, InsertPoint.before(ops[part.stop]))
        target = callee.body.block
        for v, arg in zip(part.inputs, target.args):
            arg.name_hint = v.name_hint
            v.replace_uses_with_if(arg, within)
        for constant in part.constants:
            copy = constant.clone()
            target.add_op(copy)
            constant.result.replace_uses_with_if(copy.result, within)
        remade_here: dict[SSAValue, SSAValue] = dict(
            zip(part.inputs, target.args, strict=True)
        )
        for view, operands in part.views:
            made_view = view.clone()
            for k, w in enumerate(operands):
                made_view.operands[k] = remade_here[w]
            target.add_op(made_view)
            remade_here[view.results[0]] = made_view.results[0]
            view.results[0].replace_uses_with_if(made_view.results[0], within)
        for op in moved:
            op.detach()
            target.add_op(op)
        target.add_op(func.ReturnOp(*part.outputs))
        for v, result in zip(part.outputs, call.res):
            result.name_hint = v.name_hint
            at_entry[v] = result
    terminator = block.last_op
    assert terminator is not None
    for k, v in enumerate(terminator.operands):
        if v in at_entry:
            terminator.operands[k] = at_entry[v]
    for op in list(block.ops):
        if isinstance(op, arith.ConstantOp) and op.result.first_use is None:
            Rewriter.erase_op(op)  # each part that reads it has its own copy
    for callee in made:  # a view only later parts read: each made it again
        for op in reversed(list(callee.body.block.ops)):
            is_view = isinstance(op, memref.CollapseShapeOp | memref.ExpandShapeOp)
            if is_view and op.results[0].first_use is None:
                Rewriter.erase_op(op)
    return made


@dataclass(frozen=True)
class OutlineSlicePartsPass(SlicePass):
    """``outline-slice-parts``: each public function of more than ``max-ops`` ops is cut
    into private ``no_inline`` functions of at least ``part-ops`` ops that it calls in
    turn; only its arguments, its allocations and integer scalars cross a cut.

    ```mlir
    func.func @f(%x: memref<64xf32>, %y: memref<64xf32>) {
      // 2000 ops
      func.return
    }
    // becomes (outline-slice-parts{max-ops=1500 part-ops=600})
    func.func private @f_part1(%x: memref<64xf32>, %y: memref<64xf32>) -> index
        attributes {no_inline} {
      // the first 600 ops or more, up to a cut where only scalars are live
      func.return %n : index
    }
    func.func private @f_part2(...) attributes {no_inline} { ... }
    func.func @f(%x: memref<64xf32>, %y: memref<64xf32>) {
      %n = func.call @f_part1(%x, %y) : (memref<64xf32>, memref<64xf32>) -> index
      func.call @f_part2(%x, %y, %n) : (memref<64xf32>, memref<64xf32>, index) -> ()
      func.return
    }
    ```
    """

    name = "outline-slice-parts"

    max_ops: int = MAX_OPS
    """``max-ops=N``: a function of more ops than this is split (``MAX_OPS``)."""

    part_ops: int = PART_OPS
    """``part-ops=N``: the fewest ops of a part but the last (``PART_OPS``)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        for option, value in (("max-ops", self.max_ops), ("part-ops", self.part_ops)):
            if not is_working_set(value) or value < 1:  # an int, no bool
                raise ValueError(
                    f"{self.name}: {option} = {value}: a count must be an integer "
                    "from 1 to 2**63 - 1"
                )
        taken = {f.sym_name.data for f in op.walk() if isinstance(f, func.FuncOp)}
        for f in [f for f in op.ops if isinstance(f, func.FuncOp)]:
            private = f.sym_visibility is not None and f.sym_visibility.data == "private"
            if f.is_declaration or private:
                continue
            blocks = f.body.blocks
            if len(blocks) != 1 or not isinstance(blocks[0].last_op, func.ReturnOp):
                continue
            if rewritten(f):
                # not lowered yet (convert-slice-to-loops would rewrite it): its parts
                # would return the normalization's scalars, which the lowering takes
                # for results it cannot lower (session 65, helper 86)
                continue
            parts = plan_parts(blocks[0], self.max_ops, self.part_ops)
            if len(parts) > 1:
                outline_function(f, parts, taken)
