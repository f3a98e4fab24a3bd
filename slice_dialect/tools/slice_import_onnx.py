"""``slice-import-onnx FILE.onnx``: print an ONNX model of Slice nodes as slice IR.

```sh
slice-import-onnx model.onnx                          # graph inputs become arguments
slice-import-onnx model.onnx --bind starts=1,0 --bind steps=steps.npy   # frozen inputs
slice-import-onnx model.onnx | slice-opt -p canonicalize-slices
```

``--bind NAME=VALUES`` binds a graph input to constant values (comma-separated
integers for a 1-D tensor, or a ``.npy`` file), as ``import_onnx(constants=...)`` does.
Errors are one ``error: ...`` line and exit code 1.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

import numpy as np

from slice_dialect.errors import (
    SliceError,
    refuse_overwriting,
    report_and_exit,
    write_output,
)

_INTEGER = re.compile(r"[+-]?[0-9]+")
"""One value of ``--bind NAME=VALUES``: decimal digits, an optional sign."""


def parse_binding(text: str) -> tuple[str, Any]:
    """``NAME=1,2,3`` or ``NAME=file.npy`` as (name, array)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise SliceError(f"--bind {text!r}: expected NAME=VALUES or NAME=FILE.npy")
    if value.endswith(".npy"):
        try:
            array = np.load(value, allow_pickle=False)
        except (OSError, ValueError, EOFError, MemoryError) as e:
            raise SliceError(
                f"--bind {name}: cannot read {value} ({e or type(e).__name__})"
            ) from None
        if not isinstance(array, np.ndarray):  # np.load opens an .npz as an archive
            array.close()
            raise SliceError(
                f"--bind {name}: {value} is an .npz archive; --bind takes one array per "
                ".npy file (np.save)"
            )
        return name, array
    if value.endswith(".npz"):
        raise SliceError(
            f"--bind {name}: {value} is an .npz archive; --bind takes one array per "
            ".npy file (np.save)"
        )
    parts = value.split(",") if value else []
    if not all(_INTEGER.fullmatch(v) for v in parts):
        # int() alone would take "1_0" (10) and " 1"
        raise SliceError(
            f"--bind {name}={value}: values must be comma-separated integers"
        )
    try:
        values = [int(v) for v in parts]
    except ValueError:  # more digits than int() reads
        raise SliceError(
            f"--bind {name}: a value has more digits than an integer input holds"
        ) from None
    if not values:
        return name, np.zeros(0, dtype=np.int64)
    # Python ints: import_onnx converts each exactly to the input's type, or names
    # the value that does not fit it (np.array would make [2**64 - 1, 1] float64)
    return name, values


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="slice-import-onnx",
        description="Print an ONNX model of Slice and Constant nodes as slice IR.",
    )
    parser.add_argument("model", help="the .onnx file (- reads standard input)")
    parser.add_argument(
        "--bind",
        action="append",
        default=[],
        metavar="NAME=VALUES",
        help="bind a graph input to constant values (1,2,3 or a .npy file)",
    )
    parser.add_argument(
        "-o", "--output", help="write the IR here instead of stdout (- is stdout)"
    )
    args = parser.parse_args(argv)
    try:
        from slice_dialect.onnx_import import import_onnx

        constants: dict[str, Any] = {}
        given: dict[str, str] = {}
        for binding in args.bind:
            name, values = parse_binding(binding)
            if name in constants:
                raise SliceError(
                    f"--bind {name} is given twice ({given[name]} and {binding})"
                )
            constants[name], given[name] = values, binding
        refuse_overwriting(args.output, args.model, "model")
        model: str | bytes = args.model
        if model == "-":
            if sys.stdin is None:
                raise SliceError("standard input is closed; give the model's file")
            model = sys.stdin.buffer.read()
        module = import_onnx(model, constants=constants)
        write_output(args.output or None, str(module) + "\n")
    except Exception as e:  # every failure becomes a clean message
        report_and_exit(e)


if __name__ == "__main__":
    main()
