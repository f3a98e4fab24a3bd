"""``tests/lit_forkserver.py``, which lit's RUN lines go through: a served tool must be
indistinguishable from the installed one (output, its interleaving, exit status, standard
input, working directory, environment), and a client without a server runs the real
tool."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lit_forkserver import client_command

TESTS = Path(__file__).parent
SERVER = TESTS / "lit_forkserver.py"

GOOD = """func.func @f(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %0 = slice.window %x offsets [1, 0] sizes [2, 3] strides [1, 2] : tensor<4x6xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
"""

BAD_THEN_GOOD = (
    """func.func @g() {
  %0 = arith.constant 1 : i99999999999
  func.return
}
// -----
"""
    + GOOD
)


def _installed(tool: str) -> str:
    found = shutil.which(tool) or os.path.join(os.path.dirname(sys.executable), tool)
    assert os.path.exists(found), f"{tool} is not installed"
    return found


def _as_from_a_terminal() -> None:
    """A child's Ctrl-C as a terminal's command has it (``preexec_fn``): a shell's
    background job, pytest's included, starts with SIGINT ignored, which its Python
    children keep (no KeyboardInterrupt, a tool reads on and exits 0)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A server for this module's tests: its socket's path and its process."""
    directory = tmp_path_factory.mktemp("forkserver")
    path = str(directory / "socket")
    with open(directory / "server.log", "w") as log:
        process = subprocess.Popen(
            [sys.executable, str(SERVER), "serve", path, str(os.getpid())],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            preexec_fn=_as_from_a_terminal,
        )
    for _ in range(200):
        if os.path.exists(path):
            break
        time.sleep(0.01)
    yield path, process
    process.terminate()
    process.wait()


@pytest.fixture
def socket_path(server: tuple[str, subprocess.Popen[bytes]]) -> str:
    return server[0]


def _both(
    socket_path: str,
    tool: str,
    args: list[str],
    cwd: Path,
    *,
    stdin: str = "",
    env: dict[str, str] | None = None,
) -> tuple[subprocess.CompletedProcess[bytes], subprocess.CompletedProcess[bytes]]:
    """The tool run as installed and through the server, stderr into stdout as lit's
    ``2>&1``, its bytes."""
    installed = _installed(tool)
    environment = {**os.environ, **(env or {})}
    common = dict(input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    alone = subprocess.run(
        [installed, *args], cwd=cwd, env=environment, **common, check=False
    )
    served = subprocess.run(
        [*client_command(socket_path, installed), installed, *args],
        cwd=cwd,
        env=environment,
        **common,
        check=False,
    )
    return alone, served


def test_a_served_tool_prints_and_exits_as_the_installed_one(
    socket_path: str, tmp_path: Path
) -> None:
    (tmp_path / "good.mlir").write_text(GOOD)
    (tmp_path / "mixed.mlir").write_text(BAD_THEN_GOOD)
    cases = [
        ("slice-opt", ["good.mlir", "-p", "canonicalize-slices"], "", None),
        # errors on stderr between chunks on stdout: the order lit's 2>&1 sees
        ("slice-opt", ["mixed.mlir", "--split-input-file"], "", None),
        ("slice-opt", ["-", "-p", "convert-slice-to-loops"], GOOD, None),  # stdin
        ("slice-opt", ["good.mlir"], "", {"SLICE_MAX_IR_BYTES": "10"}),  # env
        ("slice-opt", ["missing.mlir"], "", None),
        # a variable the interpreter reads at start-up: run as installed (review 62)
        ("slice-opt", ["mïssing.mlir"], "", {"PYTHONIOENCODING": "latin-1"}),
        ("slice-opt", ["--no-such-flag"], "", None),  # argparse's exit 2
        ("filecheck", [str(tmp_path / "good.mlir")], "func.func @f\n", None),
    ]
    codes = set()
    for tool, args, stdin, env in cases:
        alone, served = _both(socket_path, tool, args, tmp_path, stdin=stdin, env=env)
        assert (served.returncode, served.stdout) == (alone.returncode, alone.stdout), (
            tool,
            args,
        )
        codes.add(alone.returncode)
    assert {0, 1, 2} <= codes  # the cases cover success and both kinds of failure


def test_a_closed_standard_output_is_the_installed_tools_error(
    socket_path: str, tmp_path: Path
) -> None:
    """A client cannot pass a closed stream on, so it runs the installed tool, which
    says what a closed standard output means (lit's ``>&-``)."""
    (tmp_path / "good.mlir").write_text(GOOD)
    installed = _installed("slice-opt")
    client = client_command(socket_path, installed)
    runs = [
        subprocess.run(
            ["sh", "-c", 'exec "$@" >&-', "sh", *command, "good.mlir"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        for command in ([installed], [*client, installed])
    ]
    assert runs[0].returncode == 1 and "standard output is closed" in runs[0].stderr
    assert (runs[1].returncode, runs[1].stderr) == (runs[0].returncode, runs[0].stderr)


def _served_tools(process: subprocess.Popen[bytes]) -> list[Any]:
    """The tools the server runs now (each a child of a waiter), waiting for one."""
    import psutil

    serving = psutil.Process(process.pid)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        tools = [tool for waiter in serving.children() for tool in waiter.children()]
        if tools:
            return tools
        time.sleep(0.02)
    raise AssertionError("no served tool started")


def _blocked(process: Any) -> None:
    """Wait until ``process`` (a psutil process) has been asleep for 0.3 s: a tool
    reading input that does not come, done starting."""
    deadline, asleep = time.monotonic() + 60, 0
    while asleep < 15 and time.monotonic() < deadline:
        asleep = asleep + 1 if process.status() == "sleeping" else 0
        time.sleep(0.02)


def test_a_killed_client_takes_the_tool_and_its_children_with_it(
    server: tuple[str, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    """lit's timeout kills a command's process tree, which holds the client but not
    the tool (a child of the server's waiter): the waiter sees the client go and kills
    the tool and what it started (here ``slice-run``'s C compiler, which hangs, in a
    session of its own), so no served command outlives its test (review 62)."""
    psutil = pytest.importorskip("psutil")
    path, process = server
    hang, marker = tmp_path / "hanging-cc", tmp_path / "started"
    hang.write_text(
        "#!/bin/sh\n"
        'case " $* " in *" --version "*) echo hanging-cc 1.0; exit 0 ;; esac\n'
        'case " $* " in *" -fsyntax-only "*) exit 1 ;; esac\n'
        f"echo $$ > {marker}.tmp && mv {marker}.tmp {marker}\n"
        "exec sleep 600\n"
    )
    hang.chmod(0o755)
    (tmp_path / "good.mlir").write_text(GOOD)
    np.save(tmp_path / "x.npy", np.zeros((4, 6), np.float32))
    environment = {**os.environ, "CC": str(hang), "SLICE_CACHE_DIR": str(tmp_path)}
    client = subprocess.Popen(
        [
            *client_command(path, _installed("slice-run")),
            _installed("slice-run"),
            *("good.mlir", "--entry", "f", "--input", "x.npy", "--output", "y.npy"),
        ],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    tools = _served_tools(process)
    deadline = time.monotonic() + 60
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert marker.exists(), "the compiler did not start"
    compiler = psutil.Process(int(marker.read_text()))
    client.kill()
    client.wait()
    _, alive = psutil.wait_procs([*tools, compiler], timeout=30)
    assert not alive, alive


@pytest.mark.parametrize("number", [signal.SIGKILL, signal.SIGINT])
def test_a_signalled_tool_ends_as_the_installed_one(
    server: tuple[str, subprocess.Popen[bytes]], number: signal.Signals
) -> None:
    """A tool killed by a signal (SIGKILL: the OOM killer's) ends its client by the
    same signal, and Ctrl-C (SIGINT: Python's KeyboardInterrupt) ends both alike
    (review 62: the client raised on SIGKILL's disposition, exit 1 for both)."""
    psutil = pytest.importorskip("psutil")
    path, process = server
    installed = _installed("slice-opt")
    ends = []
    for command in ([installed, "-"], [*client_command(path, installed), installed, "-"]):
        started = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,  # open: the tool waits for its input
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=_as_from_a_terminal,
        )
        alone = command[0] == installed
        tool = psutil.Process(started.pid) if alone else _served_tools(process)[0]
        _blocked(tool)
        tool.send_signal(number)
        _, errors = started.communicate(timeout=60)
        ends.append((started.returncode, errors.decode().strip().splitlines()[-1:]))
    assert ends[1] == ends[0]
    assert ends[0][0] == -signal.SIGKILL if number == signal.SIGKILL else ends[0][0]


def test_a_client_without_a_server_runs_the_installed_tool(tmp_path: Path) -> None:
    (tmp_path / "good.mlir").write_text(GOOD)
    installed = _installed("slice-opt")
    client = client_command(str(tmp_path / "none"), installed)
    done = subprocess.run(
        [*client, installed, "good.mlir"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "slice.window" in done.stdout, done.stderr
