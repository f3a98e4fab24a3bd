"""``slice-opt``: ``xdsl-opt`` with the slice dialect, printing errors without tracebacks.

Ops get their source locations when parsed (:class:`LocatingParser`), so a verifier or
pass failure is reported as ``error: file.mlir:LINE:COL: message``. The input (a file,
or standard input without one, so that ``slice-opt`` works in a pipe) is read into
memory first, up to ``$SLICE_MAX_IR_BYTES`` (64 MiB by default).
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import os
import struct
import sys
from io import BytesIO, StringIO
from typing import IO, Any, ClassVar, get_type_hints

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import parse_pipeline
from xdsl.universe import Universe
from xdsl.utils.arg_spec import ArgSpec, ArgSpecConvertible, parse_spec
from xdsl.utils.arg_spec import _convert_arg_to_type as convert_option  # pyright: ignore[reportPrivateUsage]
from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, ParseError
from xdsl.xdsl_opt_main import xDSLOptMain

from slice_dialect.errors import (
    OpPassFailedException,
    SliceError,
    out_of_range_integer,
    report,
    report_and_exit,
    write_output,
)
from slice_dialect.locations import (
    LocatingParser,
    plain_verifier_error,
    upstream_verifier_gap,
    verifier_error,
)

_TYPE_NAMES: dict[Any, str] = {
    bool: "a bool (true or false)",
    int: "an integer",
    str: "a string",
    float: "a number",
}


def option_error(spec: ArgSpec, convertible: type[ArgSpecConvertible]) -> str | None:
    """What is wrong with the options of ``spec`` for the pass or target
    ``convertible``, naming both (``None`` if each option exists and has a value of
    its type). xDSL's own messages name neither: ``Incompatible types: given
    ('maybe',), expected <class 'bool'>``."""
    fields = [
        f.name for f in dataclasses.fields(convertible) if f.init and f.name != "name"
    ]
    hints = get_type_hints(convertible)
    for option, value in spec.normalize_parameter_names().parameters.items():
        spelled = option.replace("_", "-")  # as the pipeline spells it
        if option not in fields:
            options = ", ".join(f.replace("_", "-") for f in fields) or "none"
            return f"{spec.name} has no option {spelled} (options: {options})"
        try:
            convert_option(value, hints[option])
        except ValueError:
            shown = ", ".join(
                str(v).lower() if isinstance(v, bool) else str(v) for v in value
            )
            wanted = _TYPE_NAMES.get(hints[option], f"a {hints[option]}")
            if not value:
                return f"{spec.name}: option {spelled} needs a value ({wanted})"
            return f"{spec.name}: option {spelled} = {shown} is not {wanted}"
    return None


def _universes() -> tuple[Universe, ...]:
    """xDSL's universe and ours: what ``slice-opt`` registers. Not the entry-point
    multiverse ``xdsl-opt`` scans for, which costs 40 ms of every start (importing
    ``importlib.metadata`` and reading every installed distribution's entry points,
    three times); ``xdsl-opt`` still sees every installed universe, ours included."""
    from xdsl.universe import XDSL_UNIVERSE

    from slice_dialect.universe import SLICE_UNIVERSE

    return (XDSL_UNIVERSE, SLICE_UNIVERSE)


def _own_targets() -> frozenset[str]:
    """The targets that print slice IR: MLIR text and ours (``c``)."""
    from slice_dialect.universe import SLICE_UNIVERSE

    return frozenset({"mlir", *SLICE_UNIVERSE.all_targets})


def _package_version() -> str:
    """The installed slice-dialect's version, ``unknown`` where it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("slice-dialect")
    except PackageNotFoundError:
        return "unknown"


def trim_option_braces(pipeline: str) -> str:
    """``pipeline`` without ASCII white space just inside an option list's braces,
    outside quoted values (``"..."``, backslash escapes read as xDSL reads them) and
    bracketed pipelines (``[...]``): ``canonicalize-slices{ dynamic=false }`` as
    ``{dynamic=false}``. MLIR's pass options take it, xDSL 0.74's pipeline parser
    refuses it ("Expected argument name here"; session 49's review)."""
    out: list[str] = []
    close: str | None = None  # the end of the quoted value or bracket we are in
    escaped = False
    for c in pipeline:
        if close is not None:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == close:
                close = None
        elif c == '"':
            close = '"'
        elif c == "[":
            close = "]"
        elif c in OPTION_SPACE and out and out[-1] == "{":
            continue
        elif c == "}":
            while out and out[-1] in OPTION_SPACE:
                out.pop()
        out.append(c)
    return "".join(out)


OPTION_SPACE = " \t\n\r"
"""The white space ``trim_option_braces`` trims (ASCII's, as MLIR's option lexer)."""


class SliceOptMain(xDSLOptMain):
    """``xdsl-opt``'s driver with op locations in its diagnostics, registering xDSL's
    dialects, passes and targets and ours (:func:`_universes`)."""

    version_format: ClassVar[str] = (
        f"slice-opt {_package_version()} (slice-dialect), built on xdsl {{xdsl_version}}"
    )
    """What ``--version`` (``-v``) prints: ours, then xDSL's (xdsl-opt printed only
    xDSL's)."""

    def register_all_dialects(self) -> None:
        for universe in _universes():
            for name, factory in universe.all_dialects.items():
                self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        for universe in _universes():
            for name, factory in universe.all_passes.items():
                self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        for universe in _universes():
            for name, factory in universe.all_targets.items():
                self.available_targets.setdefault(name, factory)

    _line_offset: int = 0
    """Lines of the input before the chunk being parsed (``--split-input-file``)."""

    def get_input_name(self) -> str:
        """The input file's name, ``<stdin>`` for standard input (no file, or ``-``),
        as ``mlir-opt``, ``slice-run`` and ``compile`` name it (``stdin`` until session
        46, xdsl-opt's name)."""
        path = self.args.input_file
        return "<stdin>" if path in (None, "-") else str(path)

    def get_input_stream(self) -> tuple[IO[bytes], str]:
        """The whole input (file or standard input), read with a bound, in memory:
        the parser seeks in it, which a pipe cannot do."""
        from slice_dialect.ir_files import decode_ir, read_ir

        path = self.args.input_file
        if path == "-":  # standard input, as mlir-opt and slice-run read it
            path = None
        data = read_ir(path)
        decode_ir(data, self.get_input_name())  # not UTF-8: the file and byte named
        extension = "mlir" if path is None else os.path.splitext(path)[1].lstrip(".")
        return BytesIO(data), extension

    def register_all_frontends(self) -> None:
        super().register_all_frontends()

        def parse_mlir(io: IO[bytes]) -> ModuleOp:
            text = io.read()
            return LocatingParser(
                self.ctx,
                text.decode() if isinstance(text, bytes) else text,
                self.get_input_name(),
                self._line_offset,
            ).parse_module(not self.args.no_implicit_module)

        self.available_frontends["mlir"] = parse_mlir

    def prepare_input(self) -> tuple[list[tuple[IO[bytes], int]], str]:
        try:
            return super().prepare_input()
        except ValueError as e:
            if not str(e).startswith("Unrecognized file extension"):
                raise
            # xdsl-opt picks the parser by the extension; a file without one is
            # MLIR as far as slice-opt's users go, so say how to ask for it
            raise SliceError(f"{e}: pass -f mlir to read it as MLIR") from None

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        position = chunk.tell()
        self._line_offset = start_offset
        try:
            return super().parse_chunk(chunk, file_extension, start_offset)
        except struct.error as error:
            # xDSL cannot place an integer literal that does not fit its type.
            chunk.seek(position)
            raw = chunk.read()
            text = raw.decode() if isinstance(raw, bytes) else raw
            name = getattr(self.args, "input_file", None) or "<stdin>"
            located = out_of_range_integer(text, name)
            raise (SliceError(located) if located else error) from None

    def setup_pipeline(self) -> None:
        written = self.args.passes
        if written.endswith(","):
            # xDSL 0.74 takes it, and a leading or doubled comma not; mlir-opt takes
            # none of them (session 49's review)
            raise SliceError(
                f"-p {written!r}: a pass name is expected after the last comma"
            )
        self.args.passes = trim_option_braces(written)
        try:
            super().setup_pipeline()
        except ValueError:
            from passes import unquoted_options

            for spec in parse_pipeline(self.args.passes):
                factory = self.available_passes.get(spec.name)
                if factory is None:
                    continue
                # as the pass reads it (SlicePass.from_spec): a quoted value is not
                # the mistake
                message = option_error(unquoted_options(spec, factory()), factory())
                if message is not None:
                    raise SliceError(message) from None
            raise

    def output_resulting_program(self, prog: ModuleOp) -> str:
        try:
            return self._output(prog)
        except (AssertionError, AttributeError, IndexError, KeyError, TypeError) as e:
            # --disable-verify lets an op that does not verify reach the printer, and
            # its custom form may need what the verifier checks (a property present,
            # of its type); mlir-opt prints such an op in the generic form, so do we
            if (
                not self.args.disable_verify
                or self.args.print_op_generic
                or parse_spec(self.args.target).name != "mlir"
            ):
                raise
            self.args.print_op_generic = True
            try:
                generic = self._output(prog)
            finally:
                self.args.print_op_generic = False
            return (
                "// the custom form failed to print an op that does not verify "
                f"({type(e).__name__}); the module in the generic form:\n" + generic
            )

    def _output(self, prog: ModuleOp) -> str:
        try:
            return super().output_resulting_program(prog)
        except SliceError:
            raise
        except Exception as error:
            spec = parse_spec(self.args.target)
            factory = self.available_targets.get(spec.name)
            if factory is None:
                raise  # an unknown target: xDSL's message lists them
            # a legacy target is a function of the module
            legacy = bool(inspect.signature(factory).parameters)
            if isinstance(error, ValueError) and not legacy:
                target: Any = factory()
                if isinstance(target, type) and issubclass(target, ArgSpecConvertible):
                    message = option_error(spec, target)
                    if message is not None:
                        raise SliceError(message) from None
            if spec.name in _own_targets():
                raise
            # xDSL's other targets print IR of their own dialects (x86, riscv, llvm...);
            # on ours one raised an AssertionError with a dump of the module, another a
            # missing optional module (session 63's hunt)
            detail = str(error).strip().splitlines()[0] if str(error).strip() else ""
            if isinstance(error, AssertionError) or len(detail) > 120:
                detail = ""
            raise SliceError(
                f"-t {spec.name}: xDSL's {spec.name} target cannot print this module "
                f"({type(error).__name__}{': ' + detail if detail else ''}); it takes IR "
                "lowered to its own dialects. slice-opt's targets for slice IR: "
                f"{', '.join(sorted(_own_targets()))}"
            ) from None

    def prepare_output(self) -> IO[str]:
        """Standard output (no ``-o``, or ``-o -``; an error if it is closed), or for
        ``-o FILE`` a buffer that ``run`` writes to the file only when every chunk
        succeeded: a failed run leaves an existing file as it was (``mlir-opt``
        deletes it), and an unwritable file is one error naming it. A path that
        cannot be a file (a directory, or in a directory that does not exist) is
        refused before the run."""
        path = self.args.output_file
        if path is None or path == "-":
            if sys.stdout is None:
                raise SliceError("standard output is closed; give -o FILE")
            return sys.stdout
        if os.path.isdir(path):
            raise SliceError(f"cannot write {path}: Is a directory")
        parent = os.path.dirname(path) or "."
        if not os.path.isdir(parent):
            raise SliceError(f"cannot write {path}: No such file or directory")
        self.pending = _PendingOutput()
        return self.pending

    def run(self) -> None:
        """``_run``, then the output file written (``prepare_output``). A failed run
        writes nothing, but opens and closes an output that is not a regular file (a
        named pipe), so that its reader sees the end of its input, as with
        ``mlir-opt``, rather than waiting for ever."""
        self.pending: _PendingOutput | None = None
        try:
            self._run()
        except BaseException:
            path = self.args.output_file
            if self.pending is not None and not os.path.isfile(path):
                with contextlib.suppress(OSError):
                    if os.path.exists(path):
                        open(path, "w").close()
            raise
        if self.pending is not None:
            write_output(self.args.output_file, self.pending.getvalue())

    def _run(self) -> None:
        """xdsl-opt's steps; with ``--split-input-file`` an error in one chunk is
        reported and the next chunks still run, as ``mlir-opt`` does (the exit code is
        1 if any chunk failed; a failed chunk prints no module). ``--verify-diagnostics``
        takes parse errors too (``--parsing-diagnostics``), as ``mlir-opt``'s does:
        each is printed, in xdsl-opt's form, and the next chunk runs; any other error
        (a target's refusal) is reported as without it (session 47's review: both
        ended the run at their chunk)."""
        args = self.args
        if args.verify_diagnostics:
            args.parsing_diagnostics = True
        if not args.split_input_file or args.shrink:
            super().run()
            return
        chunks, file_extension = self.prepare_input()
        output_stream = self.prepare_output()
        failed = False
        try:
            for i, (chunk, offset) in enumerate(chunks):
                try:
                    if i > 0:
                        output_stream.write("// -----\n")
                    module = self.parse_chunk(chunk, file_extension, offset)
                    if module is not None:
                        self.apply_passes(module)
                        output_stream.write(self.output_resulting_program(module))
                    output_stream.flush()
                except ParseError as error:
                    error.span = dataclasses.replace(error.span, line_offset=offset)
                    if args.parsing_diagnostics:
                        print(error)  # standard output, as xdsl-opt prints it
                        continue
                    failed = True
                    report(error)
                except DiagnosticException as error:
                    if not args.verify_diagnostics:
                        raise  # not raised: apply_passes makes it a SliceError
                    print(error)  # standard output, as xdsl-opt prints it
                    for note in getattr(error, "__notes__", ()):
                        print(note)
                except (Exception, ArgSpecParseError) as error:
                    failed = True
                    report(error)
                finally:
                    chunk.close()
        finally:
            if output_stream is not sys.stdout:
                output_stream.close()
        if failed:
            sys.exit(1)

    def apply_passes(self, prog: ModuleOp) -> None:
        try:
            if not self.args.disable_verify:
                # what MLIR's verifier refuses and xDSL's takes: mlir-opt refuses it as
                # it parses (a predicate out of range also broke the printer)
                prog.verify()
                found = upstream_verifier_gap(prog)
                if found is not None:
                    raise OpPassFailedException(*found)
            super().apply_passes(prog)
        except DiagnosticException as error:
            if self.args.verify_diagnostics:
                # xdsl-opt prints it as the expected diagnostic; a pass that failed
                # at one op has it marked there, not at the op its pattern ran on
                # (convert-slice-to-loops lowers a function at a time)
                if isinstance(error, OpPassFailedException) and error.op.parent:
                    fresh = OpPassFailedException(error.op, str(error))
                    error.op.emit_error(str(error), fresh)
                raise
            raise SliceError(*verifier_error(error, prog)) from None
        except (SliceError, RecursionError):
            raise
        except Exception as error:
            found = plain_verifier_error(error, prog)
            if found is None:
                raise
            raise SliceError(*found) from None


class _PendingOutput(StringIO):
    """``-o FILE``'s text until the run ends: xdsl-opt's driver closes its output
    stream in any case, so ``close`` keeps the text."""

    def close(self) -> None:
        pass


def main() -> None:
    """Run ``xdsl-opt``'s driver; any error becomes a message and exit code 1."""
    try:
        SliceOptMain(
            description="slice-opt: xdsl-opt with the slice dialect, its passes and the C "
            "target; errors name the op at file:line:col"
        ).run()
    except (Exception, ArgSpecParseError) as e:  # every failure: a clean message
        report_and_exit(e)


if __name__ == "__main__":
    sys.exit(main())
