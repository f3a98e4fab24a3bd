"""A fork server for lit's RUN lines: each tool starts from a process that has already
imported it.

A RUN line's ``slice-opt`` costs about 0.4-0.55 s on the 2-core VMs of sessions 57-62, of
which more than 0.4 s is Python importing xDSL and our dialect before ``main`` runs; lit
runs about 650 of these commands (``slice-opt``, ``filecheck``, ``xdsl-opt``,
``slice-run``, ``slice-import-onnx``), so imports were most of lit's two minutes there.
``lit.cfg.py`` starts one server per lit run (``serve``), which imports every tool's
module once and then forks a fresh child for each command; the tools on the tests'
``PATH`` are small clients (``client``) that hand the server their argv, working
directory, environment and standard streams, and exit as the tool did.

What a tool sees in the child is what it sees when started alone: its argv, environment,
working directory and file descriptors 0-2 are the client's, ``sys.stdin``/``stdout``/
``stderr`` are new and made as CPython makes them (names, no newline translation,
standard error by line), ``atexit`` handlers run at exit, a failed flush of standard
output at exit is CPython's message and status 120, an unhandled KeyboardInterrupt ends
the process by SIGINT as CPython's does, and nothing of a command before it is left
(each child forks from the server, which only imported). The exit status is the tool's
exactly, a signal included (SIGKILL's too): a waiter process between the server and the
tool reports it, so ``os.execve`` (``slice-run --sanitize`` restarts itself so) and
crashes keep their status. If the client goes away first (lit's timeout kills it), the
waiter kills the tool and every process under it, as lit kills a command's tree (with
psutil). The installed script runs instead where serving would differ: a client with a
closed standard stream (``>&-``), which it cannot pass on; a tool that is not a console
script of the server's environment; and a command whose ``PYTHON*`` variables are not
the server's (``PYTHONIOENCODING``, ``PYTHONUNBUFFERED``, ...: the interpreter reads
them when it starts, which a served tool does not do again). A client that cannot
reach the server runs the installed tool itself. The server removes its directory (the
socket and the clients) when it ends, when lit does or on SIGTERM.

Not on the served path: module-level state a tool sets at import from its environment
(the server imported it under lit's environment, the same every command gets, with
``OPENBLAS_NUM_THREADS=1`` added; no tool of ours reads the environment at import), the
interpreter's hash seed (one per server, not per command), and the tools' start-up
itself. ``.ci/run`` therefore runs lit a second time with ``SLICE_LIT_FORKSERVER=0``,
which makes ``lit.cfg.py`` leave the installed console scripts on ``PATH``, as before
session 62.

Usage (``lit.cfg.py`` does this)::

    python tests/lit_forkserver.py serve SOCKET PARENT_PID
    python -I -S tests/lit_forkserver.py client SOCKET INSTALLED TOOL_PATH [ARGS...]

(the clients are scripts ``lit.cfg.py`` writes, which call ``client``).
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import select
import signal
import socket
import struct
import sys
import traceback
from collections.abc import Mapping

TOOLS: tuple[str, ...] = (
    "slice-opt",
    "slice-run",
    "slice-import-onnx",
    "xdsl-opt",
    "filecheck",
)
"""The console scripts served; each is found by its entry point, as pip installs it."""

HEADER = struct.Struct("!Q")
"""A request's first bytes: the length of its JSON body, sent with the three fds."""

STATUS = struct.Struct("!ii")
"""The reply: (exit code, signal number); one of the two is 0."""


# --- client ---------------------------------------------------------------------------


def client_command(socket_path: str, installed: str) -> list[str]:
    """How a client of ``socket_path`` for the console script ``installed`` starts,
    before the tool's own path and arguments (``lit.cfg.py`` writes it into each
    client script; the tests run it so)."""
    return [sys.executable, "-IS", __file__, "client", socket_path, installed]


def client(socket_path: str, installed: str, tool_path: str, args: list[str]) -> int:
    """Run ``tool_path args`` in a child of the server; ``installed`` (the console
    script) if the server cannot be reached."""
    try:
        for fd in (0, 1, 2):
            os.fstat(fd)
    except OSError:  # a closed standard stream cannot be passed: run the tool here
        os.execv(installed, [installed, *args])
    request = json.dumps(
        {
            "tool": os.path.basename(tool_path),
            "installed": installed,
            "argv": [tool_path, *args],
            "cwd": os.getcwd(),
            "env": dict(os.environ),
        }
    ).encode()
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(socket_path)
    except OSError:
        os.execv(installed, [installed, *args])
    with connection:
        socket.send_fds(connection, [HEADER.pack(len(request))], [0, 1, 2])
        connection.sendall(request)
        reply = b""
        while len(reply) < STATUS.size:
            chunk = connection.recv(STATUS.size - len(reply))
            if not chunk:
                print(
                    f"lit_forkserver: the server closed {os.path.basename(tool_path)} "
                    "without a status",
                    file=sys.stderr,
                )
                return 125
            reply += chunk
    code, number = STATUS.unpack(reply)
    if number:
        with contextlib.suppress(OSError, ValueError):  # SIGKILL's cannot be set
            signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
        return 128 + number
    return code


# --- server ---------------------------------------------------------------------------


def _entry_points() -> dict[str, object]:
    """Each served tool's ``main``, imported (this is the import the children skip)."""
    from importlib.metadata import entry_points

    found = {
        entry.name: entry
        for entry in entry_points(group="console_scripts")
        if entry.name in TOOLS
    }
    return {name: entry.load() for name, entry in found.items()}


def _preload() -> None:
    """What the tools import when they run, beyond their modules' own imports."""
    import numpy  # noqa: F401  (slice-run, slice-import-onnx)

    import passes  # noqa: F401
    import slice_dialect.compiler  # noqa: F401
    from slice_dialect.universe import SLICE_UNIVERSE

    for name in SLICE_UNIVERSE.all_passes:
        SLICE_UNIVERSE.all_passes[name]()
    for name in SLICE_UNIVERSE.all_dialects:
        SLICE_UNIVERSE.all_dialects[name]()


def serve(socket_path: str, parent: int) -> None:
    """Accept requests until ``parent`` (the lit process) is gone or sends SIGTERM,
    then remove the socket's directory (lit's, made for this server alone)."""
    signal.signal(signal.SIGTERM, _terminate)
    try:
        _serve(socket_path, parent)
    finally:
        import shutil

        shutil.rmtree(os.path.dirname(socket_path), ignore_errors=True)


def _terminate(number: int, frame: object) -> None:
    raise SystemExit(128 + number)


def _serve(socket_path: str, parent: int) -> None:
    # A console script's sys.path starts with its own directory, not this file's
    sys.path[0] = os.path.dirname(sys.executable)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)  # before the imports: clients wait in the backlog
    listener.listen(64)
    mains = _entry_points()
    try:
        _preload()
    except Exception:  # the tools import what they need themselves, only slower
        import traceback

        traceback.print_exc()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # waiters are reaped by the kernel
    while os.getppid() == parent:
        ready, _, _ = select.select([listener], [], [], 1.0)
        if not ready:
            continue
        connection, _ = listener.accept()
        try:
            waiter = os.fork()
        except OSError:  # no process to spare: the client reports no status
            connection.close()
            continue
        if waiter == 0:
            listener.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            try:
                _wait_for_tool(connection, mains)
            finally:
                os._exit(0)
        connection.close()


def _wait_for_tool(connection: socket.socket, mains: dict[str, object]) -> None:
    """The waiter: receive one request, fork the tool, send back how it ended."""
    header, fds, _, _ = socket.recv_fds(connection, HEADER.size, 3)
    if len(fds) != 3:
        return
    while len(header) < HEADER.size:
        chunk = connection.recv(HEADER.size - len(header))
        if not chunk:
            return
        header += chunk
    (length,) = HEADER.unpack(header)
    body = b""
    while len(body) < length:
        chunk = connection.recv(length - len(body))
        if not chunk:
            return
        body += chunk
    request = json.loads(body)
    tool = os.fork()
    if tool == 0:
        connection.close()
        _run_tool(request, fds, mains)  # never returns
    for fd in fds:
        os.close(fd)
    done = os.pidfd_open(tool)
    while True:
        ready, _, _ = select.select([connection, done], [], [])
        if done in ready:
            _, status = os.waitpid(tool, 0)
            break
        if not connection.recv(1):  # the client is gone: so is the command
            _kill_tree(tool)
            os.waitpid(tool, 0)
            return
    if os.WIFSIGNALED(status):
        reply = STATUS.pack(0, os.WTERMSIG(status))
    else:
        reply = STATUS.pack(os.waitstatus_to_exitcode(status), 0)
    connection.sendall(reply)


def _kill_tree(tool: int) -> None:
    """Kill ``tool`` and every process under it (a ``cc`` it started, in a session of
    its own), as lit's timeout kills a command's tree: with psutil, lit's way."""
    try:
        import psutil

        below = psutil.Process(tool).children(recursive=True)
    except Exception:  # no psutil: the tool alone
        below = []
    os.kill(tool, signal.SIGKILL)
    for process in below:
        with contextlib.suppress(Exception):
            process.kill()


def _run_tool(request: dict, fds: list[int], mains: dict[str, object]) -> None:
    """In the tool's process: take the client's streams, directory and environment, run
    the tool's ``main`` as its console script does, and exit as Python would."""
    for target, fd in enumerate(fds):
        if fd != target:
            os.dup2(fd, target)
            os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = list(request["argv"])
    sys.stdin = _stream(0, "r", sys.stdin)
    sys.stdout = _stream(1, "w", sys.stdout)
    sys.stderr = _stream(2, "w", sys.stderr)
    main = mains.get(request["tool"])
    if main is None or _interpreter_variables(os.environ) != SERVER_VARIABLES:
        # not a console script of this environment, or a PYTHON* variable the
        # interpreter acts on at start-up is not the server's: the installed script
        os.execv(request["installed"], [request["installed"], *sys.argv[1:]])
    code: int = 0
    interrupted = False
    try:
        code = _exit_code(main())  # type: ignore[operator]
    except SystemExit as exit:
        code = _exit_code(exit.code)
    except KeyboardInterrupt:
        traceback.print_exc()
        interrupted = True
    except BaseException:
        traceback.print_exc()
        code = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # CPython: the message, then status 120
            if stream is sys.stdout:
                with contextlib.suppress(Exception):
                    sys.stderr.write(f"Exception ignored in: {stream!r}\n")
                    traceback.print_exc()
                    sys.stderr.flush()
            code = 120
    if interrupted:  # CPython ends by SIGINT itself, so its parent sees 130
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    os._exit(code)


def _interpreter_variables(environment: Mapping[str, str]) -> dict[str, str]:
    """The ``PYTHON*`` variables: the interpreter reads them when it starts, which a
    served tool does not do again."""
    return {k: v for k, v in environment.items() if k.startswith("PYTHON")}


SERVER_VARIABLES = _interpreter_variables(os.environ)
"""This process's, as it started (a tool's are compared with them)."""


def _exit_code(value: object) -> int:
    """``sys.exit(value)``'s status, as the interpreter computes it."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value & 0xFF
    print(value, file=sys.stderr)
    return 1


def _stream(fd: int, mode: str, like: io.TextIOWrapper) -> io.TextIOWrapper:
    """A new standard stream on ``fd``, encoded as the interpreter's own and buffered
    as CPython's are: standard error by line, standard output by line on a terminal and
    by block elsewhere."""
    raw = io.FileIO(fd, mode, closefd=False)
    raw.name = ("<stdin>", "<stdout>", "<stderr>")[fd]  # type: ignore[misc]
    buffered: io.BufferedIOBase = (
        io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
    )
    stream = io.TextIOWrapper(
        buffered,
        encoding=like.encoding,
        errors=like.errors,
        newline="\n",  # no translation, as CPython's on POSIX
        line_buffering=mode == "w" and (fd == 2 or raw.isatty()),
    )
    stream.mode = mode  # type: ignore[misc]
    return stream


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(client(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]))
