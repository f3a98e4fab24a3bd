"""``inline``: calls of functions inlined, as MLIR's ``inline`` pass does.

xDSL 0.74 has no general inliner, and the lowering (``convert-slice-to-loops``) and
the C target take one function per kernel: a ``func.call`` of a function on tensors
stops them. This pass replaces each call of a ``func.func`` of the module that has a
body of one block by a copy of that body, its arguments the call's operands and its
``func.return``'s operands the call's results, and the calls in the copy in turn. A
call of a function on a cycle of calls (recursion) is left, as MLIR's inliner leaves
it, and so is a call of a declaration or of a function of several blocks: the lowering
then refuses them, naming the call. A private function that nothing names any more is
erased afterwards (MLIR's inliner erases dead private callables too; found from
the live functions, as ``symbol-dce`` does), unless ``erase-private=false``.

The calls are inlined into the functions that stay (every function with
``erase-private=false``; else the public ones, those named otherwise than by a call,
and those asked to be kept), callees first, as MLIR's inliner walks the call graph
bottom-up: each copy is from the callee as far as it is inlined already, so a chain of
calls, private or public, costs its length, not its square.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin, func
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, SymbolRefAttr
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from passes import SlicePass
from passes.copy_plan import is_working_set
from slice_dialect.errors import OpPassFailedException
from slice_dialect.locations import copy_text_locations

NO_INLINE = "no_inline"
"""The unit attribute of MLIR's ``func.func`` that keeps a function out of inlining; the
C target prints it as ``__attribute__((noinline))``."""


def _body_to_inline(callee: func.FuncOp) -> bool:
    """Whether ``callee`` has a body this pass copies: one block ending in
    ``func.return``, and no ``no_inline`` attribute (MLIR's inliner leaves such a
    function's calls too; ``outline-slice-parts`` marks its parts so)."""
    blocks = callee.body.blocks
    return (
        len(blocks) == 1
        and isinstance(blocks[0].last_op, func.ReturnOp)
        and NO_INLINE not in callee.attributes
    )


def _calls(op: Operation) -> list[func.CallOp]:
    return [o for o in op.walk() if isinstance(o, func.CallOp)]


def _callee_name(call: func.CallOp) -> str:
    return call.callee.root_reference.data


def _symbols_in(values: Collection[Attribute]) -> set[str]:
    """The symbols ``values`` name, inside arrays and dictionaries too."""
    named: set[str] = set()
    pending = list(values)
    while pending:
        value = pending.pop()
        if isinstance(value, SymbolRefAttr):
            named.add(value.root_reference.data)
        elif isinstance(value, ArrayAttr):
            pending.extend(value.data)
        elif isinstance(value, DictionaryAttr):
            pending.extend(value.data.values())
    return named


def _named_by(op: Operation, calls_too: bool = True) -> set[str]:
    """The symbols the ops of ``op`` name (a call's callee unless not ``calls_too``, a
    shape function, any symbol in an attribute or property), as MLIR's symbol uses."""
    named: set[str] = set()
    for inner in op.walk():
        if not calls_too and isinstance(inner, func.CallOp):
            values = [v for k, v in inner.properties.items() if k != "callee"]
            named |= _symbols_in([*values, *inner.attributes.values()])
            continue
        named |= _symbols_in([*inner.attributes.values(), *inner.properties.values()])
    return named


def _on_cycles(functions: dict[str, func.FuncOp]) -> set[str]:
    """The functions on a cycle of calls (a strongly connected component of the call
    graph with more than one function, or one that calls itself)."""
    return _call_graph(functions)[1]


def _call_graph(functions: dict[str, func.FuncOp]) -> tuple[list[str], set[str]]:
    """The functions callees first (each after every function it reaches, but those
    on a cycle with it) and those on a cycle of calls: Tarjan's algorithm, which
    closes a strongly connected component after those it reaches, with a stack of its
    own, so a chain of thousands is no Python recursion."""
    edges = {
        name: [c for c in dict.fromkeys(map(_callee_name, _calls(f))) if c in functions]
        for name, f in functions.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cyclic: set[str] = set()
    order: list[str] = []
    for root in functions:
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            name, i = work.pop()
            if i == 0:
                index[name] = low[name] = len(index)
                stack.append(name)
                on_stack.add(name)
            if i < len(edges[name]):
                work.append((name, i + 1))
                callee = edges[name][i]
                if callee not in index:
                    work.append((callee, 0))
                elif callee in on_stack:
                    low[name] = min(low[name], index[callee])
                continue
            if work:  # back in the caller: its low takes this one's
                caller = work[-1][0]
                low[caller] = min(low[caller], low[name])
            if low[name] == index[name]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == name:
                        break
                order.extend(reversed(component))
                if len(component) > 1 or name in edges[name]:
                    cyclic.update(component)
    return order, cyclic


def why_not_inlined(call: func.CallOp) -> str:
    """Why ``inline`` leaves ``call`` (in a module): its callee is missing, a
    declaration, of several blocks, or on a cycle of calls (named, ``@f -> @g -> @f``);
    a phrase for the error that refuses the call."""
    name = _callee_name(call)
    module = call.get_toplevel_object()
    functions = {
        f.sym_name.data: f
        for f in (module.ops if isinstance(module, builtin.ModuleOp) else ())
        if isinstance(f, func.FuncOp)
    }
    callee = functions.get(name)
    if callee is None:
        return f"@{name} is not a function of the module"
    if not callee.body.blocks:
        return f"@{name} is a declaration: it has no body to inline"
    if NO_INLINE in callee.attributes:
        return f"@{name} is no_inline: inline leaves the calls of it"
    if not _body_to_inline(callee):
        return f"@{name} has {len(callee.body.blocks)} blocks: inline copies one"
    cyclic = _on_cycles(functions)
    if name in cyclic:
        cycle = _cycle_through(functions, name)
        caller = call.parent_op()
        while caller is not None and not isinstance(caller, func.FuncOp):
            caller = caller.parent_op()
        if isinstance(caller, func.FuncOp) and caller.sym_name.data in cyclic:
            return f"the call is recursive ({cycle}): inline leaves it"
        return f"@{name} is recursive ({cycle}): inline leaves the calls of it"
    return f"@{name} is not inlined yet: run inline first"


def _cycle_through(functions: dict[str, func.FuncOp], name: str) -> str:
    """A shortest cycle of calls through ``name`` (``name`` on one), as ``@f -> @g ->
    @f``: a breadth-first search of the call graph."""
    edges = {
        n: [c for c in dict.fromkeys(map(_callee_name, _calls(f))) if c in functions]
        for n, f in functions.items()
    }
    parent: dict[str, str] = {}
    frontier = [name]
    while frontier:
        after: list[str] = []
        for n in frontier:
            for c in edges[n]:
                if c == name:
                    path = [n]
                    while path[-1] != name:
                        path.append(parent[path[-1]])
                    return " -> ".join(
                        f"@{p}" for p in [name, *reversed(path[:-1]), name]
                    )
                if c not in parent:
                    parent[c] = n
                    after.append(c)
        frontier = after
    return f"@{name}"


def inline_call(call: func.CallOp, callee: func.FuncOp) -> list[func.CallOp]:
    """Replace ``call`` by a copy of ``callee``'s body (one block ending in
    ``func.return``): its arguments the call's operands, the return's operands the
    call's results (an argument returned as it is: that operand). The copied ops keep
    their locations (the callee's lines). The calls of the copy, in order."""
    region = callee.body.clone()
    copy_text_locations(callee.body, region)
    block = region.blocks[0]
    ret = block.last_op
    assert isinstance(ret, func.ReturnOp)
    results: list[SSAValue] = [
        call.arguments[v.index]
        if isinstance(v, BlockArgument) and v.block is block
        else v
        for v in ret.arguments
    ]
    Rewriter.erase_op(ret)
    calls: list[func.CallOp] = []
    for op in block.ops:
        calls.extend(_calls(op))
    Rewriter.inline_block(block, InsertPoint.before(call), call.arguments)
    Rewriter.replace_op(call, [], results)
    return calls


def reachable_functions(module: builtin.ModuleOp, roots: Collection[str]) -> list[str]:
    """The functions of ``module`` that the functions ``roots`` reach through the
    symbols their ops name (a call's callee, a shape function, any symbol in an
    attribute), the roots included, in the module's order: what MLIR's ``symbol-dce``
    keeps with ``roots`` the live symbols."""
    functions = {f.sym_name.data: f for f in module.ops if isinstance(f, func.FuncOp)}
    reached: set[str] = set()
    pending = list(roots)
    while pending:
        name = pending.pop()
        if name in reached or name not in functions:
            continue
        reached.add(name)
        pending.extend(_named_by(functions[name]) - reached)
    return [name for name in functions if name in reached]


def erase_dead_private_functions(
    module: builtin.ModuleOp, keep: Collection[str] = ()
) -> None:
    """Erase each private ``func.func`` (not in ``keep``) that no live function
    reaches (:func:`reachable_functions` from the public functions, ``keep`` and the
    symbols the module's other ops name), as MLIR's ``symbol-dce`` finds them: a dead
    cycle of calls goes too."""
    roots: set[str] = set(keep)
    for op in module.ops:
        if not isinstance(op, func.FuncOp):
            roots |= _named_by(op)
        elif op.sym_visibility is None or op.sym_visibility.data != "private":
            roots.add(op.sym_name.data)
    live = set(reachable_functions(module, roots))
    for f in [f for f in module.ops if isinstance(f, func.FuncOp)]:
        if f.sym_name.data not in live:
            Rewriter.erase_op(f)


MAX_OPS = 100_000
"""``inline``'s default ``max-ops``: the most ops a function may hold once calls are
inlined into it, and the most calls inlined into it. Each private function calling the
next one twice doubles what inlining makes, so 40 such functions never finished, and
where the last returns its argument the body stays small but takes 2**N inlinings
(session 49's reviews); inlining 100,000 ops takes about 16 s here (200,000: 33 s and
207 MB), and lowering them far longer."""


def inline_calls(
    module: builtin.ModuleOp,
    erase_private: bool = True,
    keep: Collection[str] = (),
    max_ops: int | None = None,
) -> None:
    """Inline every call of a function of ``module`` that has a body of one block and
    is on no cycle of calls (see the module's doc), into the functions that stay;
    then, with ``erase_private``, erase the private functions nothing names (but those
    in ``keep``). A call whose body would make its function hold more than
    ``max_ops`` ops, or be its ``max_ops + 1``-th inlining (``MAX_OPS`` unless given),
    is an error at the call."""
    if max_ops is None:
        max_ops = MAX_OPS
    functions = {f.sym_name.data: f for f in module.ops if isinstance(f, func.FuncOp)}
    order, cyclic = _call_graph(functions)
    named_otherwise: set[str] = set()
    for op in module.ops:
        named_otherwise |= _named_by(op, calls_too=False)
    # callees first: a function that stays is inlined before its callers copy it, so
    # a chain of public functions costs its length, not its square (each caller
    # copied its callee as written and inlined the rest of the chain again: 300
    # public functions in a chain took 44,850 inlinings, 8 s)
    roots = [
        functions[name]
        for name in order
        if not erase_private
        or functions[name].sym_visibility is None
        or functions[name].sym_visibility.data != "private"
        or name in keep
        or name in named_otherwise
    ]
    done: set[str] = set()
    while roots:
        # a function a left call still names stays too (a recursive one, one of
        # several blocks): its calls are inlined in turn
        left: list[func.FuncOp] = []
        for root in roots:
            done.add(root.sym_name.data)
            size = sum(1 for _ in root.body.walk())  # its ops, not itself
            steps = 0
            pending = _calls(root)
            pending.reverse()
            while pending:
                call = pending.pop()
                callee = functions.get(_callee_name(call))
                if callee is None or callee.sym_name.data in cyclic:
                    left.append(call)
                    continue
                if callee is root or not _body_to_inline(callee):
                    left.append(call)
                    continue
                size += sum(1 for _ in callee.body.walk()) - 2  # its return, the call
                steps += 1  # a body of a return alone adds nothing but takes time
                if size > max_ops or steps > max_ops:
                    what = "hold more than" if size > max_ops else "take more than"
                    raise OpPassFailedException(
                        call,
                        f"inline: inlining @{callee.sym_name.data} here makes "
                        f"@{root.sym_name.data} {what} {max_ops} "
                        f"{'ops' if size > max_ops else 'inlinings'} (max-ops): calls "
                        "that each call the next several times grow it exponentially",
                    )
                pending.extend(reversed(inline_call(call, callee)))
        named = {_callee_name(c) for c in left}
        roots = [functions[name] for name in order if name in named - done]
    if erase_private:
        erase_dead_private_functions(module, keep)


@dataclass(frozen=True)
class InlinePass(SlicePass):
    """``inline``: every call of a function of the module with a body of one block is
    replaced by that body, and the calls in it in turn; calls on a cycle of calls
    (recursion) stay. Private functions no op names any more are erased unless
    ``erase-private=false``.

    ```mlir
    func.func private @crop(%t: tensor<8xf32>) -> tensor<4xf32> {
      %r = slice.window %t offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
      func.return %r : tensor<4xf32>
    }
    func.func @main(%x: tensor<8xf32>) -> tensor<4xf32> {
      %y = func.call @crop(%x) : (tensor<8xf32>) -> tensor<4xf32>
      func.return %y : tensor<4xf32>
    }
    // becomes
    func.func @main(%x: tensor<8xf32>) -> tensor<4xf32> {
      %r = slice.window %x offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
      func.return %r : tensor<4xf32>
    }
    ```
    """

    name = "inline"

    erase_private: bool = True

    max_ops: int = MAX_OPS
    """``max-ops=N``: the most ops a function may hold with calls inlined into it, and
    the most calls inlined into it; a call past either is an error at the call
    (``MAX_OPS``)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        if not is_working_set(self.max_ops):  # an int from 0 to 2**63 - 1, no bool
            raise ValueError(
                f"inline: max-ops = {self.max_ops}: a count must be an integer from 0 "
                "to 2**63 - 1"
            )
        inline_calls(op, self.erase_private, max_ops=self.max_ops)
