"""``slice-run``: run an entry function of an IR file on ``.npy`` inputs.

``slice-run FILE.mlir --entry main --input a.npy [--input b.npy ...] --output out.npy
[--output out2.npy ...] [--backend c|interpreter] [--sanitize]``

Errors are printed as ``error: ...`` on stderr with exit code 1; no traceback.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from slice_dialect.errors import SliceError, report_and_exit


def _load(path: str, expected: np.dtype[Any] | None) -> npt.NDArray[Any]:
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise SliceError(f"cannot read input {path}: {e}") from None
    # dtypes numpy cannot name (bfloat16) come back from .npy files as raw bytes.
    if (
        expected is not None
        and array.dtype.kind == "V"
        and array.dtype.itemsize == expected.itemsize
    ):
        array = array.view(expected)
    return array


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="slice-run", description="Run a function of a slice IR file on .npy arrays."
    )
    parser.add_argument("file", help="the .mlir file")
    parser.add_argument("--entry", default="main", help="the function to run")
    parser.add_argument("--input", action="append", default=[], help="an input .npy")
    parser.add_argument(
        "--output", action="append", default=[], help="where a result goes (.npy)"
    )
    parser.add_argument("--backend", choices=("c", "interpreter"), default="c")
    parser.add_argument(
        "--sanitize", action="store_true", help="build the C with ASan and UBSan"
    )
    args = parser.parse_args(argv)

    from slice_dialect.compiler import compile

    try:
        source = Path(args.file).read_text()
    except OSError as e:
        raise SliceError(f"cannot read {args.file}: {e.strerror}") from None
    kernel = compile(
        source, args.entry, args.backend, sanitize=args.sanitize, filename=args.file
    )
    specs = kernel.inputs
    inputs = [
        _load(path, specs[i].dtype if i < len(specs) else None)
        for i, path in enumerate(args.input)
    ]
    if len(args.output) != len(kernel.outputs):
        raise SliceError(
            f"@{args.entry} has {len(kernel.outputs)} results but "
            f"{len(args.output)} --output files were given"
        )
    results = kernel(*inputs)
    if isinstance(results, np.ndarray):
        results = (results,)
    for path, result in zip(args.output, results, strict=True):
        try:
            np.save(path, result, allow_pickle=False)
        except OSError as e:
            raise SliceError(f"cannot write {path}: {e.strerror}") from None


def main() -> None:
    """Entry point of the ``slice-run`` console script."""
    try:
        run()
    except Exception as e:  # every failure becomes one clean message
        report_and_exit(e)


if __name__ == "__main__":
    main()
