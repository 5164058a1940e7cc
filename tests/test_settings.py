"""Settings (issue 12, section 2): a round trip through the file, and a bad file
gives the defaults, one notice, and is never overwritten."""

from __future__ import annotations

import json
import os

import pytest

from ohseven_tui import settings as settings_mod
from ohseven_tui.settings import Settings


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def test_defaults_without_a_file(config):
    got = settings_mod.load()
    assert got.settings == Settings()
    assert (got.settings.hand_sort, got.settings.bot_speed, got.settings.confirm_play, got.settings.bell,
            got.settings.animations, got.settings.ascii_suits, got.settings.colour_blind) == (
        "suit", "normal", False, True, True, False, False)
    assert got.notice is None and not (config / "settings.json").exists()


def test_round_trip(config):
    chosen = Settings(name="Zoë", theme="nord", hand_sort="rank", bot_speed="slow", animations=False,
                      confirm_play=True, ascii_suits=True, colour_blind=True, bell=False)
    settings_mod.load().save(chosen)
    path = config / "settings.json"
    assert path.is_file()
    assert json.loads(path.read_text("utf-8"))["settings"]["name"] == "Zoë"
    again = settings_mod.load()
    assert again.settings == chosen and again.notice is None
    assert not [p for p in config.iterdir() if p.name != "settings.json"]  # no temp file left


def test_the_config_folder_is_the_platform_one_without_the_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("OHSEVEN_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    settings_mod.load().save(Settings(bell=False))
    assert (tmp_path / "xdg" / "ohseven" / "settings.json").is_file()


def write(config, data) -> None:
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps(data), "utf-8")


def test_bad_and_unknown_values_are_ignored_one_by_one(config):
    write(config, {"format": "ohseven-settings", "version": 1, "settings": {
        "name": "Bo", "hand_sort": "colour", "bot_speed": 3, "bell": "yes", "confirm_play": True,
        "theme": "\x1b[2J", "from_the_future": 1}})
    got = settings_mod.load()
    assert got.settings == Settings(name="Bo", confirm_play=True)
    assert got.notice is not None and "\n" not in got.notice and "\x1b" not in got.notice
    for key in ("hand_sort", "bot_speed", "bell", "theme"):
        assert key in got.notice
    assert "from_the_future" not in got.notice  # a newer version's key: skipped quietly


@pytest.mark.parametrize("content", [b"{not json", b"\x1b[2J hostile", b"[1, 2]",
                                     b'{"format": "something-else", "settings": {}}', b"",
                                     b"[" * 100 + b"]" * 100])
def test_an_unreadable_file_gives_defaults_one_notice_and_is_kept(config, content):
    config.mkdir(parents=True)
    (config / "settings.json").write_bytes(content)
    got = settings_mod.load()
    assert got.settings == Settings()
    assert got.notice is not None and "settings.json" in got.notice and "\n" not in got.notice
    (kept,) = config.glob("settings-unreadable-*.json")
    assert kept.read_bytes() == content
    assert kept.name in got.notice
    got.save(Settings(bell=False))  # a later save writes a new file, never over the old one
    assert kept.read_bytes() == content
    assert settings_mod.load().settings == Settings(bell=False)


def test_a_fifo_is_refused_without_blocking(config):
    config.mkdir(parents=True)
    os.mkfifo(config / "settings.json")
    got = settings_mod.load()
    assert got.settings == Settings() and got.notice is not None


def test_a_file_that_cannot_be_set_aside_is_never_overwritten(config, monkeypatch):
    from ohseven_tui.storage import SaveError, files

    write(config, {"format": "nope"})
    before = (config / "settings.json").read_bytes()

    def cannot(path):  # a read-only folder, as root cannot be made to see one
        raise SaveError(path, "cannot set aside: permission denied")

    monkeypatch.setattr(files, "_set_aside", cannot)
    got = settings_mod.load()
    assert got.blocked and got.notice and "not saved" in got.notice
    with pytest.raises(SaveError):
        got.save(Settings(bell=False))
    assert (config / "settings.json").read_bytes() == before


def test_replace_checks_values():
    assert Settings().replace(hand_sort="rank").hand_sort == "rank"
    with pytest.raises(ValueError):
        Settings().replace(bot_speed="warp")
    assert Settings(bot_speed="instant").bot_delay == 0.0
