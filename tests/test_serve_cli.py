"""``ohseven serve``'s refusals: each bad argument, a port in use, an address that is
not this machine's, and a Python without textual-serve give one readable line and
no traceback, before anything is served. Runs the real command in a child process
(a refusal that did not happen would serve until FAIL_SAFE)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FAIL_SAFE = 120  # seconds: a command that serves instead of refusing fails here


def ohseven(tmp_path: Path, *args: str, python: tuple[str, ...] = ("-m", "ohseven_tui")) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OHSEVEN_")}
    env.update(PYTHONPATH=str(ROOT), OHSEVEN_SAVE_DIR=str(tmp_path / "saves"))
    for name in ("CONFIG", "DATA", "STATE", "CACHE"):
        env[f"XDG_{name}_HOME"] = str(tmp_path / name.lower())
    return subprocess.run([sys.executable, *python, *args], env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=FAIL_SAFE)


def one_line(result: subprocess.CompletedProcess, code: int) -> str:
    assert result.returncode == code, (result.returncode, result.stdout[-2000:], result.stderr[-2000:])
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("args, named", [
    (("--port", "65536"), "--port"),
    (("--port", "http"), "--port"),
    (("--port", "-1"), "--port"),
    (("--bind", "not an address"), "--bind"),
    (("--bind", ""), "--bind"),
    (("--bind", "127.0.0.1\x1b[31m"), "--bind"),
    (("--what",), "--what"),
])
def test_a_bad_argument_is_one_line(tmp_path, args, named):
    line = one_line(ohseven(tmp_path, "serve", *args), 2)
    assert named in line and "\x1b" not in line


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(ohseven(tmp_path, "serve", "--port", str(port)), 2)
    assert f"port {port} is in use" in line


def test_an_address_of_another_machine_is_one_line(tmp_path):
    # 192.0.2.1 is TEST-NET-1 (documentation only): never an address of this machine.
    line = one_line(ohseven(tmp_path, "serve", "--bind", "192.0.2.1", "--port", "0"), 2)
    assert "192.0.2.1" in line and "not an address of this machine" in line


def test_without_textual_serve_it_says_how_to_install_it(tmp_path):
    # A None in sys.modules makes the import fail as if the package were absent.
    hide = ("-c", "import sys; sys.modules['textual_serve'] = None; from ohseven_tui.cli import main; "
            "sys.exit(main(sys.argv[1:]))")
    line = one_line(ohseven(tmp_path, "serve", "--port", "0", python=hide), 1)
    assert "pip install 'ohseven-tui[web]'" in line


def test_the_command_is_listed_in_the_help(tmp_path):
    result = ohseven(tmp_path, "--help")
    assert result.returncode == 0 and "serve" in result.stdout
    assert "127.0.0.1" in ohseven(tmp_path, "serve", "--help").stdout
