"""Every ID ``scores list`` shows, ``scores show`` takes (issue 35, item 10). Found by
hand: list showed ``" space "`` (a file name with spaces around it) and names that
are not UTF-8 (as ``\\udcff…``), and show refused both."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from index_saves import played, write

from ohseven_tui.cli import main

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="file names that are not UTF-8")


@pytest.fixture
def folder(tmp_path) -> Path:
    out = tmp_path / "saves"
    out.mkdir()
    seats = [("Ann", "human"), ("Bot", "easy"), ("Cy", "normal")]
    write(out / " space .json", played("oh-seven", seats, seed=21), "2026-04-01T10:00:00Z")
    other = write(tmp_path / "other.json", played("oh-seven", seats, seed=22), "2026-04-02T10:00:00Z")
    with open(os.path.join(os.fsencode(out), b"ab\xff.json"), "wb") as f:
        f.write(other.read_bytes())
    return out


@pytest.mark.parametrize("shown", [" space ", "ab\\udcff"])
def test_show_takes_each_id_the_list_shows(folder, capsys, shown):
    assert main(["scores", "list", "--no-pager", "--save-dir", str(folder)]) == 0
    listed = capsys.readouterr().out
    assert f"│{shown} " in listed or f"│ {shown} " in listed, listed
    assert main(["scores", "show", shown, "--no-pager", "--save-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Ann" in out


def test_an_id_with_spaces_typed_without_them_still_finds_a_plain_save(folder, capsys):
    (folder / "plain.json").write_bytes((folder / " space .json").read_bytes())
    (folder / " space .json").unlink()
    assert main(["scores", "show", " plain ", "--no-pager", "--save-dir", str(folder)]) == 0
    assert "Ann" in capsys.readouterr().out
