"""``inline``: calls of functions inlined, as MLIR's ``inline`` pass does.

xDSL 0.74 has no general inliner, and the lowering (``convert-slice-to-loops``) and
the C target take one function per kernel: a ``func.call`` of a function on tensors
stops them. This pass replaces each call of a ``func.func`` of the module that has a
body of one block by a copy of that body, its arguments the call's operands and its
``func.return``'s operands the call's results; callees first, so a chain of calls
becomes one body. A recursive call (one that reaches its own function again) is left,
as MLIR's inliner leaves it, and so is a call of a declaration or of a function of
several blocks: the lowering then refuses them, naming the call. A private function
that nothing names any more is erased afterwards (MLIR's inliner erases dead private
callables too), unless ``erase-private=false``.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin, func
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, SymbolRefAttr
from xdsl.ir import Attribute, Operation
from xdsl.rewriter import InsertPoint, Rewriter

from passes import SlicePass


def _body_to_inline(callee: func.FuncOp) -> bool:
    """Whether ``callee`` has a body this pass copies: one block ending in
    ``func.return``."""
    blocks = callee.body.blocks
    return len(blocks) == 1 and isinstance(blocks[0].last_op, func.ReturnOp)


def _callees(f: func.FuncOp) -> list[func.CallOp]:
    return [op for op in f.walk() if isinstance(op, func.CallOp)]


def _call_order(functions: dict[str, func.FuncOp]) -> tuple[list[str], set[int]]:
    """The functions, each after every function it calls (a depth-first post-order,
    with a stack of its own: a chain of thousands of calls is no Python recursion),
    and the ``id`` of each call that closes a cycle (left as it is)."""
    order: list[str] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    recursive: set[int] = set()
    for root in functions:
        if root in state:
            continue
        stack: list[tuple[str, list[func.CallOp]]] = [(root, _callees(functions[root]))]
        state[root] = 1
        while stack:
            name, pending = stack[-1]
            if not pending:
                stack.pop()
                state[name] = 2
                order.append(name)
                continue
            call = pending.pop(0)
            callee = call.callee.root_reference.data
            if callee not in functions:
                continue
            if state.get(callee) == 1:
                recursive.add(id(call))
            elif callee not in state:
                state[callee] = 1
                stack.append((callee, _callees(functions[callee])))
    return order, recursive


def inline_call(call: func.CallOp, callee: func.FuncOp) -> None:
    """Replace ``call`` by a copy of ``callee``'s body (one block ending in
    ``func.return``): its arguments the call's operands, the return's operands the
    call's results. The copied ops keep their locations (the callee's lines)."""
    region = callee.body.clone()
    block = region.blocks[0]
    ret = block.last_op
    assert isinstance(ret, func.ReturnOp)
    results = list(ret.arguments)
    Rewriter.erase_op(ret)
    Rewriter.inline_block(block, InsertPoint.before(call), call.arguments)
    Rewriter.replace_op(call, [], results)


def _named_symbols(module: builtin.ModuleOp) -> set[str]:
    """The symbols the ops of ``module`` name (a call's callee, a shape function),
    inside arrays and dictionaries of attributes too, as MLIR's symbol uses are."""
    named: set[str] = set()
    pending: list[Attribute] = []
    for op in module.walk():
        pending.extend(op.attributes.values())
        pending.extend(op.properties.values())
    while pending:
        value = pending.pop()
        if isinstance(value, SymbolRefAttr):
            named.add(value.root_reference.data)
        elif isinstance(value, ArrayAttr):
            pending.extend(value.data)
        elif isinstance(value, DictionaryAttr):
            pending.extend(value.data.values())
    return named


def erase_dead_private_functions(module: builtin.ModuleOp) -> None:
    """Erase each private ``func.func`` that no op names, until none is left."""
    while True:
        named = _named_symbols(module)
        dead: list[Operation] = [
            f
            for f in module.ops
            if isinstance(f, func.FuncOp)
            and f.sym_visibility is not None
            and f.sym_visibility.data == "private"
            and f.sym_name.data not in named
        ]
        if not dead:
            return
        for f in dead:
            Rewriter.erase_op(f)


def inline_calls(module: builtin.ModuleOp, erase_private: bool = True) -> None:
    """Inline every call of a function of ``module`` that has a body of one block and
    is not recursive (see the module's doc); then, with ``erase_private``, erase the
    private functions nothing names."""
    functions = {f.sym_name.data: f for f in module.ops if isinstance(f, func.FuncOp)}
    order, recursive = _call_order(functions)
    for name in order:
        for call in _callees(functions[name]):
            callee = functions.get(call.callee.root_reference.data)
            if (
                callee is None
                or id(call) in recursive
                or callee is functions[name]
                or not _body_to_inline(callee)
            ):
                continue
            inline_call(call, callee)
    if erase_private:
        erase_dead_private_functions(module)


@dataclass(frozen=True)
class InlinePass(SlicePass):
    """``inline``: every call of a function of the module with a body of one block is
    replaced by that body, callees first; recursive calls stay. Private functions no
    op names any more are erased unless ``erase-private=false``.

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

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        inline_calls(op, self.erase_private)
