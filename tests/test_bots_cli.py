"""``ohseven simulate --bots`` (issue 3, section 4): one name per seat, normal by default."""

import json

import pytest

from ohseven_tui.cli import main


def run(capsys, *argv):
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_default_is_normal_in_every_seat(capsys):
    code, out, err = run(capsys, "--games", "1", "--players", "3", "--json")
    assert code == 0, err
    assert [s["bot"] for s in json.loads(out)["seats"]] == ["normal", "normal", "normal"]


def test_bots_names_each_seat(capsys):
    code, out, err = run(capsys, "--games", "1", "--bots", "normal,easy,easy,normal", "--json")
    assert code == 0, err
    assert [s["bot"] for s in json.loads(out)["seats"]] == ["normal", "easy", "easy", "normal"]


@pytest.mark.parametrize(
    "bots,word",
    [("normal,easy", "seats"), ("normal,easy,easy,easy,easy", "seats"), ("normal,easy,wizard,easy", "wizard"), ("", "bot")],
)
def test_bad_bots_is_one_line_and_exit_2(capsys, bots, word):
    code, out, err = run(capsys, "--games", "1", "--bots", bots)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and word in err and "Traceback" not in err
