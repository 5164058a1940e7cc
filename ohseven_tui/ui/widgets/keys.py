"""The footer of keys, fitted to the screen's width.

Textual's footer lays its keys in one row and cuts whatever does not fit, often
in the middle of a word, and its command palette key sits over the last one. This
one drops keys whole, in an order the screen chooses: first the palette key (Ctrl+P
works anyway, and F1 says so), then the screen's ``FOOTER_DROP`` actions in turn,
then any other key from the right. F1 Help and a family's own key of the moment
(``family(...)``, a raise) are never dropped.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeysFooter", "KEPT"]

KEPT = ("help",)  # actions never dropped, with every "family(...)" key


def _kept(action: str) -> bool:
    return action in KEPT or action.startswith("family(")


class KeysFooter(Footer):
    """A footer that fits: see the module's doc."""

    _fitted_width = 0
    _composed: Any = None  # the keys the footer shows now (see _keys)

    def _key_width(self, key_display: str, description: str) -> int:
        if self.compact:  # key, a space, the words; a space after each key
            return cell_len(key_display) + (1 + cell_len(description) if description else 0) + 1
        return cell_len(key_display) + 2 + (cell_len(description) + 1 if description else 0)

    def _keys(self) -> tuple:
        """What the footer would show: each shown key, its words, whether it works
        now; the palette's key. Equal keys draw an equal footer."""
        active = self.screen.active_bindings
        keys = tuple((b.action, b.key, self.app.get_key_display(b), b.description, enabled, tooltip)
                     for _, b, enabled, tooltip in active.values() if b.show)
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, b, enabled, tooltip = found
                palette = (b.key, self.app.get_key_display(b), b.description, enabled, b.tooltip)
        return keys, palette

    def bindings_changed(self, screen: Screen) -> None:
        # Textual's footer recomposes on every change of focus or of the screen
        # stack (each hand-off, each shared screen): this one only when its keys
        # changed, so a turn does not remount the same keys.
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        width = self.size.width or self.app.size.width
        if self._composed is not None and width == self._fitted_width and self._keys() == self._composed:
            return
        await self.recompose()

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            self._composed = None
            return
        width = self.size.width or self.app.size.width
        self._fitted_width = width
        self._composed = self._keys()
        active = self.screen.active_bindings
        by_action: dict[str, list[tuple[Any, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        keys = [(action, found[0]) for action, found in by_action.items()]
        widths = {action: self._key_width(self.app.get_key_display(b), b.description) for action, (b, _, _) in keys}
        used = sum(widths.values())
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None:
            _, binding, _, _ = palette
            if used + 1 + self._key_width(self.app.get_key_display(binding), binding.description) > width:
                palette = None  # Ctrl+P still opens it; the help says so
        order = [a for a in getattr(self.screen, "FOOTER_DROP", ()) if a in widths]
        order += [a for a, _ in reversed(keys) if a not in order]
        dropped: set[str] = set()
        for action in order:
            if used <= width:
                break
            if not _kept(action):
                dropped.add(action)
                used -= widths[action]
        for action, (binding, enabled, tooltip) in keys:
            if action in dropped:
                continue
            yield self._compact(FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                                          binding.action, disabled=not enabled, tooltip=tooltip))
        if palette is not None:
            _, binding, enabled, tooltip = palette
            yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description, binding.action,
                            classes="-command-palette", disabled=not enabled,
                            tooltip=binding.tooltip or binding.description)

    def _compact(self, key: FooterKey) -> FooterKey:
        # Not data_bind(compact=...): each binding leaves a watcher on this footer
        # that is never let go (Textual 8.2.8), and this footer is composed afresh
        # every turn. A change of ``compact`` composes it afresh instead.
        key.set_reactive(FooterKey.compact, self.compact)
        # What FooterKey's own watcher would do; its styles are worked out as it mounts.
        key.set_class(self.compact, "-compact", update=False)
        return key

    def watch_compact(self) -> None:
        if self._bindings_ready:
            self.refresh(recompose=True)

    def on_resize(self) -> None:
        if self._bindings_ready and self.size.width != self._fitted_width:
            self.refresh(recompose=True)
