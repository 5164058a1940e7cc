"""``ohseven host``'s bad arguments: one readable line on stderr, exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from net_helpers import ROOT

BAD = [
    (["--game", "watten", "--players", "3"], "is for 4 players, not 3"),
    (["--players", "3", "--bots", "easy,easy,easy"], "1 to 3 human seats"),
    (["--players", "4", "--humans", "2", "--bots", "easy,easy,easy"], "3 strengths but there are 2 bot seats"),
    (["--port", "http"], "--port must be a whole number"),
    (["--port", "70000"], "--port must be from 0 to 65535"),
    (["--bot-delay", "-1"], "--bot-delay"),
    (["--bots", "superhuman"], "--bots takes"),
    (["--continue"], "no table to continue"),
    (["--bind", "203.0.113.1", "--port", "0"], "cannot listen on 203.0.113.1:0"),
]


@pytest.mark.parametrize("args,words", BAD, ids=[b[1] for b in BAD])
def test_bad_arguments_get_one_line_and_exit_2(tmp_path, args, words):
    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", "host", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert not list(tmp_path.rglob("table.json"))  # nothing left to continue


JOIN_BAD = [
    (["127.0.0.1:99999"], "the port must be from 1 to 65535"),
    (["127.0.0.1:abc"], "the port must be from 1 to 65535"),
    (["127.0.0.1:0"], "the port must be from 1 to 65535"),
    (["http://127.0.0.1:8765"], "ws://"),
    (["127.0.0.1:8765/x y"], "not a table's address"),
]


@pytest.mark.parametrize("args,words", JOIN_BAD, ids=[b[0][0] for b in JOIN_BAD])
def test_a_join_to_a_bad_address_gets_one_line_and_exit_2(tmp_path, args, words):
    """Found trying the app: a port out of range crashed the app from its worker."""
    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path), OHSEVEN_CONFIG_DIR=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", "join", *args, "--code", "abc"], cwd=ROOT, env=env,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and "crash" not in out.stderr


def test_a_table_address_without_a_port_takes_the_hosts_default():
    from ohseven_tui.net.client import ws_address

    assert ws_address("127.0.0.1") == "ws://127.0.0.1:8765"
    assert ws_address(" ws://example.org:9000 ") == "ws://example.org:9000"
    assert ws_address("[::1]:9000") == "ws://[::1]:9000"
    assert ws_address("[::1]") == "ws://[::1]:8765"
    for bad in ("127.0.0.1:65536", "127.0.0.1:-1", "127.0.0.1:", ":8765", "https://x:1", "a b:1"):
        with pytest.raises(ValueError) as info:
            ws_address(bad)
        assert "\n" not in str(info.value) and str(info.value)


def test_a_join_code_and_name_are_cleaned_not_escaped():
    """Found trying the app: a name with an escape sequence was shown as '\\x1b[31m' text,
    and a tab in a pasted code became '\\t', so the code was wrong. A control sequence
    goes whole, not just its ESC (issue 36: '[31m' was left in the name)."""
    from ohseven_tui.commands.join import clean_code, clean_player_name

    assert clean_player_name("Esc\x1b[31mRED\x1b]0;pwn\x07") == "EscRED"
    assert clean_player_name("  Ann \t Lee ") == "Ann Lee"
    assert clean_code("\tabc-DEF_12 \n") == "abc-DEF_12"
    assert clean_code("ab\u202ecd") == "abcd"


def test_a_join_code_never_starts_with_a_dash():
    """Found trying the app: a code such as -p-qzbi3JbO2Lqoo cannot follow --code
    (argparse takes it for an option). Codes keep at least 64 random bits."""
    from ohseven_tui.net.server import new_code

    codes = [new_code() for _ in range(3000)]
    assert not any(c.startswith("-") for c in codes)
    assert len(set(codes)) == len(codes) and min(map(len, codes)) >= 16
    assert all(c.replace("-", "").replace("_", "").isalnum() and c.isascii() for c in codes)


# -- issue 34, section 2, item 1: joining in one line ---------------------------------------
def test_a_join_code_is_letters_and_digits_only():
    """A chat program may turn _x_ into italics or -- into a dash: a code is letters and
    digits, so the join line survives being pasted through one."""
    from ohseven_tui.net.server import new_code

    codes = [new_code() for _ in range(3000)]
    assert all(c.isascii() and c.isalnum() and len(c) >= 16 for c in codes)
    assert len(set(codes)) == len(codes)


def _join_args(line: str):
    """The host's join line, run as a friend would type it: parsed by ohseven's own parser."""
    import shlex

    from ohseven_tui.cli import build_parser

    words = shlex.split(line)
    assert words[:2] == ["ohseven", "join"], line
    return build_parser().parse_args(words[1:])


def test_the_host_prints_a_join_line_per_friend_that_joins_in_one_argument(tmp_path):
    """The line is everything a friend needs, one argument after 'join' (no '--', no
    space, no markdown character a chat program could eat), and it takes that seat."""
    import asyncio
    import re

    from net_helpers import Host, join

    host = Host(["--players", "3", "--humans", "2", "--bots", "easy"], tmp_path)
    try:
        lines = [host.wait_line(lambda line: line.startswith("seat ")) for _ in range(2)]
        for seat, line in enumerate(lines):
            m = re.fullmatch(r"seat (\d): (ohseven join (\S+))", line)
            assert m and int(m.group(1)) == seat + 1, line
            assert re.fullmatch(r"[A-Za-z0-9.:\[\]/]+", m.group(3)), line  # nothing a chat program rewrites
            args = _join_args(m.group(2))
            assert args.code and args.code in m.group(3)

            async def take(args=args):
                client = await join(args.address, args.code, "Bea")
                taken = client.seat
                await client.close()
                return taken

            assert asyncio.run(take()) == seat
    finally:
        host.stop()


def test_the_one_argument_and_the_code_flag_mean_the_same():
    args = _join_args("ohseven join 192.0.2.7:9000/Ab12Cd34Ef56Gh78")
    assert (args.address, args.code) == ("192.0.2.7:9000", "Ab12Cd34Ef56Gh78")
    args = _join_args("ohseven join ws://[::1]:9000/Ab12Cd34Ef56Gh78/")
    assert (args.address, args.code) == ("ws://[::1]:9000", "Ab12Cd34Ef56Gh78")
    args = _join_args("ohseven join 192.0.2.7 --code Ab12Cd34Ef56Gh78")
    assert (args.address, args.code) == ("192.0.2.7", "Ab12Cd34Ef56Gh78")
    args = _join_args("ohseven join 192.0.2.7:9000/Ab12Cd34Ef56Gh78 --code Ab12Cd34Ef56Gh78")  # the same twice
    assert args.code == "Ab12Cd34Ef56Gh78"


ONE_LINE_BAD = [
    (["127.0.0.1:8765"], "the join code is missing"),
    (["127.0.0.1:8765/"], "the join code is missing"),
    (["127.0.0.1:8765/abc", "--code", "xyz"], "two different join codes"),
    (["127.0.0.1:8765/ab cd"], "not a table's address"),
    (["127.0.0.1:8765/abc/def"], "not a table's address"),
    (["127.0.0.1:99999/abc"], "the port must be from 1 to 65535"),
    (["/abc"], "not a table's address"),
]


@pytest.mark.parametrize("args,words", ONE_LINE_BAD, ids=[" ".join(b[0]) for b in ONE_LINE_BAD])
def test_a_bad_join_line_gets_one_line_and_exit_2(tmp_path, args, words):
    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path), OHSEVEN_CONFIG_DIR=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", "join", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
