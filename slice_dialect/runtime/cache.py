"""The C compiler's configuration and the content-addressed cache of shared libraries.

``build_shared_library(c_source)`` returns the path of a shared library compiled from
``c_source``, built at most once per cache directory. The cache key is the sha256 of
the source, every flag (``$CFLAGS`` included) and the compiler's ``--version``. An entry
for key ``K`` is two files:

- ``K.sha256``, the record: ``K`` and the sha256 of the library built for ``K``;
- ``K-<digest[:16]>.so``, the library, which also holds the string
  ``slice-cache-key:K`` (a line appended to the source it was compiled from).

An entry is used only if the record names ``K`` itself, the library's content has the
recorded digest, and the library holds ``K``: so a truncated or corrupt library, a
record copied from another entry, or another valid library copied in with its digest
is never trusted, and is rebuilt. Both files are regular files opened without
blocking (a FIFO or a device in their place counts as a missing entry). Every file is
written under a temporary name and renamed, and a library's name carries its digest,
so concurrent builders of the same key never expose a half-written or mismatched
entry; the worst race costs a rebuild.

``build_shared_library(c_source, objects=[unit])`` also compiles each C ``unit`` into
an object file, an entry of its own (``K.sha256`` and ``K-<digest[:16]>.o``, trusted
on the same checks), and links it into the library, whose key holds the object's
(the C target's prebuilt helpers, ``runtime.build_kernel``). An object this process
built or found in one cache directory is used for the libraries of any other.

The compiler writes into a private temporary directory of the process; the library
is then copied into the cache directory. If that copy fails (directory missing and
not creatable, read-only, disk full), the library stays in the private directory
(removed at exit) and is found there by the rest of the process.
"""

from __future__ import annotations

import atexit
import fcntl
import functools
import hashlib
import os
import shlex
import shutil
import signal
import stat
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from slice_dialect.errors import SliceError

COMMON_FLAGS = ("-std=c99", "-fPIC", "-shared")
_OPTIMIZE_FLAGS = ("-O3",)
_SANITIZE_FLAGS = (
    "-O1",
    # Two flags, not "-fsanitize=address,undefined": zig's clang keeps only the last
    # sanitizer of a list (a build with no ASan in it, which every test then passed).
    "-fsanitize=address",
    "-fsanitize=undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
)
OPTIONAL_FLAGS = (
    "-fno-loop-interchange",
    "-mtune=intel",
    "-mmemcpy-strategy=libcall:-1:noalign",
)
"""GCC-only flags, dropped for a ``$CC`` that rejects them (probed once per process).

``-mmemcpy-strategy=libcall:-1:noalign``: a ``memcpy`` of a constant size too big for
a few moves (a cached run of more than 128 bytes) calls the C library's, which picks
its copy for the CPU when loaded, rather than the ``rep movsq`` that ``-mtune=intel``
inlines up to 8 KiB. Measured (lead, 2026-11-23, bench/sweep.py seeds 0-3, the 161
cases with such a run, medians of 15 rounds in one process, kernel/numpy): 24 cases
more than 5% faster, 6 slower; runs of 257-512 bytes 16% faster on geometric mean,
513 bytes-1 KiB 9%, longer ones 0-3%; seed 2 case 7 (rows of 2056 bytes) 1.27x ->
0.78x numpy, seed 0 case 82 (rows of 608 bytes) 0.76-0.87x -> 0.65-0.71x. Re-measured,
four of the six slower ones were alike and two stayed slower: seed 2 case 22 (rows of
4468 bytes) 0.73x -> 0.87x, case 39 (1216 bytes) 0.82-0.87x -> 0.92-0.93x
(`notes/perf14/ab_memcpy*.txt`)."""

DEFAULT_COMPILER_TIMEOUT = 300.0
"""Seconds a compiler run may take before it is killed (``$SLICE_CC_TIMEOUT``)."""

RECORD_SUFFIX = ".sha256"
KEY_MARKER = "slice-cache-key:"


def _shell_words(variable: str, default: str) -> tuple[str, ...]:
    """``$variable`` split like a shell word list (``default`` when unset or empty)."""
    text = os.environ.get(variable, "").strip() or default
    try:
        return tuple(shlex.split(text))
    except ValueError as error:
        raise SliceError(
            f"${variable} = {text!r} is not a valid command line: {error}"
        ) from None


def compiler_flags(sanitize: bool = False) -> tuple[str, ...]:
    """Every flag a kernel is compiled with, the one place they are listed: ours,
    then ``$CFLAGS`` (so a user's flag overrides ours, as in make)."""
    return (
        *COMMON_FLAGS,
        *(_SANITIZE_FLAGS if sanitize else _OPTIMIZE_FLAGS),
        *OPTIONAL_FLAGS,
        *_shell_words("CFLAGS", ""),
    )


def compiler_timeout() -> float:
    """``$SLICE_CC_TIMEOUT`` in seconds, else ``DEFAULT_COMPILER_TIMEOUT``."""
    text = os.environ.get("SLICE_CC_TIMEOUT", "").strip()
    if not text:
        return DEFAULT_COMPILER_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise SliceError(f"$SLICE_CC_TIMEOUT = {text!r} is not a positive number")
    return value


def run_tool(command: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``command`` with a timeout (``compiler_timeout()``), killing its whole
    process group when it expires. ``OSError`` if it cannot start."""
    timeout = compiler_timeout()
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise SliceError(
            f"C compiler {shlex.join(command[:1])!r} did not finish within {timeout:g} "
            "s and was killed (set $SLICE_CC_TIMEOUT to allow more)"
        ) from None
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def _cannot_run(command: tuple[str, ...], error: OSError) -> SliceError:
    return SliceError(
        f"C compiler {shlex.join(command)!r} cannot run ({error.strerror or error}); "
        "install a C compiler or set $CC"
    )


@functools.cache
def _compiler_identity(command: tuple[str, ...]) -> str:
    try:
        result = run_tool([*command, "--version"])
    except OSError as error:
        raise _cannot_run(command, error) from None
    return f"{shlex.join(command)}\n{result.returncode}\n{result.stdout}{result.stderr}"


@functools.cache
def _accepts_flag(command: tuple[str, ...], flag: str, link: bool = False) -> bool:
    """Whether ``command`` takes ``flag`` without a warning; ``link``: a linker flag,
    probed by linking a shared library with it (in a temporary directory: without
    one, not taken)."""
    if not link:
        return _probe([*command, "-Werror", flag, "-fsyntax-only", "-x", "c", "-"])
    try:
        with tempfile.TemporaryDirectory(prefix="slice_dialect-probe-") as directory:
            output = str(Path(directory) / "probe.so")
            return _probe(
                [*command, "-shared", "-fPIC", flag, "-x", "c", "-", "-o", output]
            )
    except OSError:
        return False


def _probe(command: list[str]) -> bool:
    """Whether ``command`` compiles a one-line unit."""
    try:
        result = run_tool(command, "int slice_probe;\n")
    except OSError:
        return False
    return result.returncode == 0


SECTION_FLAGS = ("-ffunction-sections", "-fdata-sections")
"""An object file's extra flags (each where the compiler takes it): every function in
a section of its own, so that a library linked with it keeps only what it calls."""

GC_SECTIONS_FLAG = "-Wl,--gc-sections"
"""A library linked with objects drops their sections it does not reach, where the
linker takes it (probed by a link): W2's run-time kernel 124 -> 54 KB."""


@dataclass(frozen=True)
class CompilerConfig:
    """A C compiler command and the flags kernels are built with."""

    command: tuple[str, ...]
    flags: tuple[str, ...]

    @staticmethod
    def from_environment(sanitize: bool = False) -> CompilerConfig:
        """``$CC`` (split like a shell word list) or ``cc``, with ``compiler_flags``."""
        return CompilerConfig(_shell_words("CC", "cc"), compiler_flags(sanitize))

    def identity(self) -> str:
        """The compiler's ``--version`` output, computed once per process."""
        return _compiler_identity(self.command)

    def effective_flags(self) -> tuple[str, ...]:
        """``flags`` without the optional ones this compiler rejects."""
        return tuple(
            flag
            for flag in self.flags
            if flag not in OPTIONAL_FLAGS or _accepts_flag(self.command, flag)
        )

    def compile_command(
        self, output: Path, objects: Sequence[Path] = (), *, as_object: bool = False
    ) -> list[str]:
        """The command compiling C read from stdin into the shared library ``output``
        linked with ``objects``, or (``as_object``) the C of ``output`` with the
        suffix ``.c`` into the object file ``output``."""
        if as_object:  # from a file: zig cc writes "-.o" where it runs for stdin
            flags = [f for f in self.effective_flags() if f != "-shared"]
            flags += [f for f in SECTION_FLAGS if _accepts_flag(self.command, f)]
            source = str(output.with_suffix(".c"))
            return [*self.command, *flags, "-c", "-x", "c", source, "-o", str(output)]
        linked = ["-x", "none", *map(str, objects)] if objects else []
        if objects and _accepts_flag(self.command, GC_SECTIONS_FLAG, link=True):
            linked.append(GC_SECTIONS_FLAG)
        return [
            *self.command,
            *self.effective_flags(),
            "-x",
            "c",
            "-",
            *linked,
            "-o",
            str(output),
        ]

    def cache_key(self, c_source: str, objects: Sequence[str] = ()) -> str:
        """sha256 of the source, the keys of the objects it is linked with, the flags
        (an object's and a link's own among them) and the compiler's identity."""
        digest = hashlib.sha256()
        flags = "\0".join((*self.flags, *SECTION_FLAGS, GC_SECTIONS_FLAG))
        for part in (c_source, *objects, flags, self.identity()):
            digest.update(part.encode())
            digest.update(b"\0\0")
        return digest.hexdigest()


def default_cache_dir() -> Path:
    """``$SLICE_CACHE_DIR``, else ``~/.cache/slice_dialect``."""
    configured = os.environ.get("SLICE_CACHE_DIR")
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "slice_dialect"


_private_dir: Path | None = None

_object_dirs: dict[str, Path] = {}
"""The directory of each object file this process built or found (by key): looked in
first for another cache directory's library, so an object is compiled once a process
at most (its entry is checked as any other when used)."""


PRIVATE_PREFIX = "slice_dialect-"
LOCK_NAME = ".lock"
"""The file in a process's :func:`private_dir` it holds an exclusive ``flock`` on for
its life (and its forked children, which share the open file)."""

_lock_fd: int | None = None


def _hold_lock(directory: Path) -> None:
    """Hold an exclusive ``flock`` on ``directory``'s :data:`LOCK_NAME`, made under
    another name, locked, then renamed, so no other process sees it unlocked."""
    global _lock_fd
    made = directory / f"{LOCK_NAME}.{os.getpid()}"
    fd = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # a file system without flock: no lock, never removed by others
        os.close(fd)
        made.unlink()
        return
    os.rename(made, directory / LOCK_NAME)
    if _lock_fd is not None:
        os.close(_lock_fd)  # a directory made again (tests reset it)
    _lock_fd = fd


def remove_abandoned(parent: Path) -> None:
    """Remove the private directories in ``parent`` that no live process holds: a
    process killed, or ended by ``os._exit``, never ran its ``atexit`` removal (about 6
    empty directories a run of the suite were left in ``/tmp`` before session 66). A
    directory counts only if it is this user's, with its :data:`LOCK_NAME` a regular
    file of this user's, and only once its ``flock`` is taken here (its holders are
    gone, whatever pid namespace they were in)."""
    try:
        entries = [e for e in os.scandir(parent) if e.name.startswith(PRIVATE_PREFIX)]
    except OSError:
        return
    uid = os.getuid()
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
    for entry in entries:
        try:
            if (
                not entry.is_dir(follow_symlinks=False)
                or entry.stat(follow_symlinks=False).st_uid != uid
                or Path(entry.path) == _private_dir
            ):
                continue
            # opened without blocking (a FIFO named so never hangs), a regular file
            # of ours only
            fd = os.open(Path(entry.path) / LOCK_NAME, flags)
        except OSError:
            continue  # no lock: not one of ours, or not made yet
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != uid:
                continue
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # held: its process lives
        finally:
            os.close(fd)
        shutil.rmtree(entry.path, ignore_errors=True)


def private_dir() -> Path:
    """This process's temporary directory (made on first use, removed at exit, and by
    the next process's first use where this one was killed: ``remove_abandoned``):
    where the compiler writes, and the cache of last resort."""
    global _private_dir
    if _private_dir is None:
        try:
            made = Path(tempfile.mkdtemp(prefix=PRIVATE_PREFIX))
            _hold_lock(made)
        except OSError as error:
            raise SliceError(
                "no writable temporary directory for compiled kernels "
                f"({error.strerror or error}); set $TMPDIR to one"
            ) from None
        _private_dir = made
        atexit.register(shutil.rmtree, made, ignore_errors=True)
        remove_abandoned(made.parent)
    return _private_dir


def _read_regular(path: Path, limit: int = 1 << 30) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (opened without blocking, so a
    FIFO never hangs), else ``None``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        chunks: list[bytes] = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def library_name(key: str, digest: str, suffix: str = ".so") -> str:
    """The file name of the library (or object, ``suffix`` ``.o``) built for ``key``
    whose content has ``digest``."""
    return f"{key}-{digest[:16]}{suffix}"


def cached_library(directory: Path, key: str, suffix: str = ".so") -> Path | None:
    """The library (or object) of the entry for ``key`` in ``directory`` if it can be
    trusted."""
    record = _read_regular(directory / f"{key}{RECORD_SUFFIX}", 4096)
    if record is None:
        return None
    fields = record.decode("ascii", "replace").split()
    if len(fields) != 2 or fields[0] != key:
        return None
    digest = fields[1]
    library = directory / library_name(key, digest, suffix)
    data = _read_regular(library)
    if data is None or hashlib.sha256(data).hexdigest() != digest:
        return None
    if f"{KEY_MARKER}{key}".encode() not in data:
        return None
    return library


def _write_atomically(directory: Path, name: str, data: bytes) -> Path:
    """Write ``data`` to ``directory/name`` through a temporary file and a rename."""
    fd, temp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=Path(name).suffix)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        target = directory / name
        try:
            os.replace(temp, target)
        except IsADirectoryError:
            target.rmdir()  # a directory in an entry's place (empty, else OSError)
            os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


def store_entry(directory: Path, key: str, library: bytes, suffix: str = ".so") -> Path:
    """Write an entry for ``key``: the library (or object), then its record.
    ``OSError`` when the directory cannot take it (missing, read-only, full)."""
    directory.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(library).hexdigest()
    path = _write_atomically(directory, library_name(key, digest, suffix), library)
    _write_atomically(directory, f"{key}{RECORD_SUFFIX}", f"{key} {digest}\n".encode())
    return path


def keyed_source(c_source: str, key: str) -> str:
    """``c_source`` with the entry's key compiled into it (checked when loading)."""
    symbol = f"slice_cache_key_{key[:32]}"
    return f'{c_source}\nconst char {symbol}[] = "{KEY_MARKER}{key}";\n'


def compile_library(
    c_source: str,
    config: CompilerConfig,
    directory: Path,
    objects: Sequence[Path] = (),
    *,
    as_object: bool = False,
) -> bytes:
    """Compile ``c_source`` (linked with ``objects``; or into an object file,
    ``as_object``) into a temporary file in ``directory``; its bytes."""
    suffix = ".o" if as_object else ".so"
    fd, temp_name = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=suffix)
    os.close(fd)
    temp = Path(temp_name)
    written = temp.with_suffix(".c")
    try:
        command = config.compile_command(temp, objects, as_object=as_object)
        if as_object:
            written.write_text(c_source)
        try:
            result = run_tool(command, "" if as_object else c_source)
        except OSError as error:
            raise _cannot_run(config.command, error) from None
        if result.returncode != 0:
            raise SliceError(
                f"C compiler failed ({shlex.join(command)}):\n{result.stderr.strip()}"
            )
        return temp.read_bytes()
    finally:
        temp.unlink(missing_ok=True)
        if as_object:
            written.unlink(missing_ok=True)


def build_shared_library(
    c_source: str,
    *,
    sanitize: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    config: CompilerConfig | None = None,
    rebuild: bool = False,
    objects: Sequence[str] = (),
) -> Path:
    """The path of a shared library compiled from ``c_source``, built at most once.

    Looks for a trusted entry in ``cache_dir`` (default ``default_cache_dir()``) and
    in this process's private directory; else compiles (``rebuild=True`` always
    does) and stores the entry in ``cache_dir``, or in the private directory where
    ``cache_dir`` cannot take it. ``objects``: C units compiled each into an object
    file (an entry of its own, built at most once in the same way and with the same
    flags) and linked into the library; the library's key holds theirs.
    ``config`` (default ``CompilerConfig.from_environment(sanitize)``) overrides
    ``sanitize``. A compiler failure raises ``SliceError`` with the compiler's
    stderr.
    """
    config = config or CompilerConfig.from_environment(sanitize)
    directory = default_cache_dir() if cache_dir is None else Path(cache_dir)
    built = [_build(unit, config, directory, rebuild, ".o") for unit in objects]
    return _build(c_source, config, directory, rebuild, ".so", built)[1]


def _build(
    c_source: str,
    config: CompilerConfig,
    directory: Path,
    rebuild: bool,
    suffix: str,
    objects: Sequence[tuple[str, Path]] = (),
) -> tuple[str, Path]:
    """The key and path of the entry (a library, ``.so``, linked with ``objects``,
    or an object file, ``.o``) of ``c_source``: found, else compiled and stored (see
    ``build_shared_library``)."""
    key = config.cache_key(c_source, [k for k, _ in objects])
    if not rebuild:
        # an object this process built or found elsewhere serves every directory
        for candidate in (directory, _private_dir, _object_dirs.get(key)):
            if candidate is not None and (
                found := cached_library(candidate, key, suffix)
            ):
                if suffix == ".o":
                    _object_dirs[key] = candidate
                return key, found
    source = keyed_source(c_source, key)
    paths = [path for _, path in objects]
    as_object = suffix == ".o"
    try:
        work = private_dir()
    except SliceError as no_temp:
        # Compile in the cache directory itself, when it can be written.
        try:
            directory.mkdir(parents=True, exist_ok=True)
            built = compile_library(source, config, directory, paths, as_object=as_object)
            stored = store_entry(directory, key, built, suffix)
            if as_object:
                _object_dirs[key] = directory
            return key, stored
        except OSError as error:
            raise SliceError(
                f"{no_temp}; the cache directory {directory} cannot be used either "
                f"({error.strerror or error})"
            ) from None
    library = compile_library(source, config, work, paths, as_object=as_object)
    try:
        stored = store_entry(directory, key, library, suffix)
    except OSError:
        try:  # the cache directory cannot take it: keep it in the private one
            stored = store_entry(work, key, library, suffix)
        except OSError as error:
            raise SliceError(
                f"cannot write a compiled kernel to {directory} or {work} "
                f"({error.strerror or error})"
            ) from None
    if as_object:
        _object_dirs[key] = stored.parent
    return key, stored


ASAN_OPTIONS = "detect_leaks=0:allocator_may_return_null=1"
"""What :func:`asan_environment` sets: no leak report at exit (the interpreter keeps
its allocations), and an allocation too large for any memory returns NULL as libc's
does, so a kernel reports it with its error code (``SliceError``) and numpy raises
``MemoryError``, instead of ASan aborting the process."""


def check_sanitize_backend(backend: object, sanitize: object, option: str) -> None:
    """Refuse a sanitized build (``option``, as the caller spells it: ``sanitize=True``,
    ``--sanitize``) of a backend that builds no C: the interpreter would ignore it."""
    if sanitize is True and backend != "c":
        raise SliceError(
            f"{option} builds the C with ASan and UBSan; the {backend} backend runs no C"
        )


def asan_environment() -> dict[str, str]:
    """``os.environ`` plus what a Python subprocess needs to load sanitizer builds:
    libasan preloaded and :data:`ASAN_OPTIONS`, followed by the caller's own
    ``ASAN_OPTIONS`` if any (a later flag wins, so the caller's override ours)."""
    cc = CompilerConfig.from_environment().command
    try:
        result = run_tool([*cc, "-print-file-name=libasan.so"])
    except OSError as error:
        raise _cannot_run(cc, error) from None
    libasan = result.stdout.strip()
    if result.returncode != 0 or not Path(libasan).is_absolute():
        raise SliceError(f"{shlex.join(cc)} has no libasan.so")
    own = os.environ.get("ASAN_OPTIONS", "")
    options = f"{ASAN_OPTIONS}:{own}" if own else ASAN_OPTIONS
    return {**os.environ, "LD_PRELOAD": libasan, "ASAN_OPTIONS": options}
