"""``slice-run``: run an entry function of an IR file on ``.npy`` inputs.

``slice-run FILE.mlir --entry main --input a.npy [--input b.npy ...] --output out.npy
[--output out2.npy ...] [--backend c|interpreter] [--sanitize]``

- ``FILE`` is read up to ``$SLICE_MAX_IR_BYTES`` (64 MiB by default; ``-`` is stdin).
- There is one ``--input`` per argument of the entry, in argument order: data arrays
  and index operands alike (a run-time ``starts``, ``steps``... is a ``.npy`` of any
  integer dtype whose values fit the argument's ``i32``/``i64``; it is converted, and
  a float array, a wrong length or a value that does not fit is an error naming the
  argument). Data dims that are ``?`` take any size.
- Each ``--input`` must be a ``.npy`` file of a plain (not structured, not object)
  array; a ``.npz`` archive, a text file or a void array is refused with a message. A
  void array is read as the argument's dtype only where numpy cannot name that dtype
  itself (``bfloat16`` is saved as ``V2``).
- There is one ``--output`` per result of the entry; every path must differ from the
  others and from every ``--input``. Each result is written to exactly the path given
  (no ``.npy`` is added). Results are written to temporary files next to their
  targets and renamed only once all of them are written, so a failure leaves no
  output changed.
- ``--sanitize`` builds the C with ASan and UBSan; ``slice-run`` restarts itself with
  libasan preloaded (a sanitizer build loads only so), and an ASan or UBSan report
  ends the run with its message.

Errors are printed as ``error: ...`` on stderr with exit code 1; no traceback.
"""

from __future__ import annotations

import argparse
import io
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from slice_dialect.errors import (
    SliceError,
    refuse_overwriting,
    report_and_exit,
    same_file,
)

NPY_MAGIC = b"\x93NUMPY"
ZIP_MAGIC = b"PK\x03\x04"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _load(path: str, expected: np.dtype[Any] | None) -> npt.NDArray[Any]:
    """The array of the ``.npy`` file ``path`` (``expected``: the argument's dtype)."""
    try:
        with open(path, "rb") as file:
            magic = file.read(len(NPY_MAGIC))
            if magic != NPY_MAGIC:
                if magic.startswith(ZIP_MAGIC):
                    raise SliceError(
                        f"input {path} is an .npz archive; slice-run takes one array "
                        "per .npy file (np.save)"
                    )
                raise SliceError(
                    f"input {path} is not a .npy file (it does not start with numpy's "
                    "magic string \\x93NUMPY)"
                )
            file.seek(0)
            array = np.load(file, allow_pickle=False)
    except OSError as e:
        raise SliceError(f"cannot read input {path}: {e.strerror or e}") from None
    except (ValueError, EOFError, MemoryError, OverflowError) as e:
        # OverflowError: a header dim of 2**64 or more (session 63's hunt)
        raise SliceError(f"cannot read input {path}: {e or type(e).__name__}") from None
    dtype = array.dtype
    if dtype.names is not None or dtype.subdtype is not None:
        raise SliceError(
            f"input {path} has the structured dtype {dtype}; slice-run takes arrays of "
            "a plain element type"
        )
    if dtype.kind == "V":
        # dtypes numpy cannot name (bfloat16) come back from .npy files as raw bytes.
        if (
            expected is None
            or expected.kind != "V"
            or expected.itemsize != dtype.itemsize
        ):
            wanted = "" if expected is None else f" (the argument takes {expected})"
            raise SliceError(
                f"input {path} holds raw bytes (dtype {dtype}){wanted}; slice-run "
                "reads raw bytes only as a dtype numpy cannot name, such as bfloat16"
            )
        array = array.view(expected)
    return array


def _check_paths(program: str, inputs: list[str], outputs: list[str]) -> None:
    for i, output in enumerate(outputs):
        refuse_overwriting(output, program, "program")
        for earlier in outputs[:i]:
            if same_file(output, earlier):
                raise SliceError(
                    f"--output {output} is given twice (also as {earlier}); each result "
                    "needs its own file"
                )
        for path in inputs:
            if same_file(output, path):
                raise SliceError(
                    f"--output {output} is also an --input ({path}); slice-run does not "
                    "overwrite its inputs"
                )


def _new_file_mode(path: str) -> int:
    """The mode ``open(path, "w")`` would leave: an existing file's own, else 0666
    less the umask (``mkstemp`` makes 0600)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _is_special(path: str) -> bool:
    """Whether ``path`` exists and is not a regular file (a device, a FIFO, a
    socket): it is written in place, never renamed over."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _save_all(paths: list[str], results: list[npt.NDArray[Any]]) -> None:
    """Write every result to a temporary file next to its path (with the mode a plain
    write would give it), then rename them all; on any failure, remove the temporary
    files and change nothing. A path that is a device or a FIFO (``/dev/null``,
    ``/dev/stdout``) is written in place instead, after the others are ready."""
    temps: list[tuple[str, str]] = []
    special: list[tuple[str, npt.NDArray[Any]]] = []
    try:
        for path, result in zip(paths, results, strict=True):
            if _is_special(path):
                special.append((path, result))
                continue
            # through a symbolic link, its target is written (as np.save and a shell
            # redirection write it), not the link replaced by a file
            target = os.path.realpath(path) if os.path.islink(path) else path
            directory = os.path.dirname(os.path.abspath(target))
            try:
                fd, temp = tempfile.mkstemp(dir=directory, prefix=".slice-run-")
            except OSError as e:
                raise SliceError(f"cannot write {path}: {e.strerror or e}") from None
            temps.append((temp, target))
            try:
                with os.fdopen(fd, "wb") as file:
                    os.fchmod(file.fileno(), _new_file_mode(target))
                    np.save(file, result, allow_pickle=False)
            except OSError as e:
                raise SliceError(f"cannot write {path}: {e.strerror or e}") from None
        for path, result in special:
            data = io.BytesIO()  # np.save needs a seekable file; a FIFO is not
            np.save(data, result, allow_pickle=False)
            try:
                with open(path, "wb") as file:
                    file.write(data.getbuffer())
            except OSError as e:
                raise SliceError(f"cannot write {path}: {e.strerror or e}") from None
        for temp, path in temps:
            try:
                os.replace(temp, path)
            except OSError as e:
                raise SliceError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        for temp, _ in temps:
            Path(temp).unlink(missing_ok=True)


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="slice-run",
        description="Run a function of a slice IR file on .npy arrays.",
    )
    parser.add_argument("file", help="the .mlir file (- for standard input)")
    parser.add_argument(
        "--entry", default="main", help="the function to run (default: %(default)s)"
    )
    parser.add_argument(
        "--input",
        action="append",
        default=[],
        help="an input .npy, one per argument (data, index operand, or a 0-d array for "
        "a scalar index/i1/i8-i64 argument), in order",
    )
    parser.add_argument(
        "--output",
        action="append",
        default=[],
        help="the exact path a result is written to (.npy format), one per result",
    )
    parser.add_argument(
        "--backend",
        choices=("c", "interpreter"),
        default="c",
        help="compile to C, or run xDSL's interpreter (default: %(default)s)",
    )
    parser.add_argument(
        "--sanitize",
        action="store_true",
        help="build the C with ASan and UBSan (default: off)",
    )
    return parser


SANITIZED_RUN = "SLICE_RUN_SANITIZED"
"""Set in the environment of the process ``--sanitize`` restarts ``slice-run`` in."""


def _restart_sanitized(argv: list[str]) -> None:
    """Run ``slice-run argv`` again in this process image, with libasan preloaded and
    ``ASAN_OPTIONS`` set (``runtime.asan_environment``): a sanitizer build loads only
    into a process started so. Returns only if that is already the case."""
    if os.environ.get(SANITIZED_RUN) == "1":
        return
    from slice_dialect.runtime import asan_environment

    environment = {**asan_environment(), SANITIZED_RUN: "1"}
    command = [sys.executable, "-m", "slice_dialect.tools.slice_run", *argv]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, command, environment)


def run(argv: list[str] | None = None) -> None:
    args = make_parser().parse_args(argv)
    if args.sanitize:
        from slice_dialect.runtime.cache import check_sanitize_backend

        check_sanitize_backend(args.backend, True, "--sanitize")
        _restart_sanitized(sys.argv[1:] if argv is None else argv)

    from slice_dialect.compiler import compile
    from slice_dialect.ir_files import decode_ir, read_ir

    _check_paths(args.file, args.input, args.output)
    name = "<stdin>" if args.file == "-" else args.file
    source = decode_ir(read_ir(args.file), name)
    kernel = compile(
        source, args.entry, args.backend, sanitize=args.sanitize, filename=name
    )
    if len(args.output) != len(kernel.outputs):
        raise SliceError(
            f"@{args.entry} has {_plural(len(kernel.outputs), 'result')} but "
            f"{_plural(len(args.output), '--output file')} "
            f"{'was' if len(args.output) == 1 else 'were'} given"
        )
    specs = kernel.inputs
    if len(args.input) != len(specs):
        raise SliceError(
            f"@{args.entry} has {_plural(len(specs), 'argument')} but "
            f"{_plural(len(args.input), '--input file')} "
            f"{'was' if len(args.input) == 1 else 'were'} given"
        )
    inputs = [
        _load(path, specs[i].dtype if i < len(specs) else None)
        for i, path in enumerate(args.input)
    ]
    results = kernel(*inputs)
    if isinstance(results, np.ndarray):
        results = (results,)
    _save_all(args.output, list(results))


def main() -> None:
    """Entry point of the ``slice-run`` console script."""
    try:
        run()
    except Exception as e:  # every failure becomes one clean message
        report_and_exit(e)


if __name__ == "__main__":
    main()
