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
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeysFooter", "KEPT"]

KEPT = ("help",)  # actions never dropped, with every "family(...)" key


def _kept(action: str) -> bool:
    return action in KEPT or action.startswith("family(")


class KeysFooter(Footer):
    """A footer that fits: see the module's doc."""

    _fitted_width = 0

    def _key_width(self, key_display: str, description: str) -> int:
        if self.compact:  # key, a space, the words; a space after each key
            return cell_len(key_display) + (1 + cell_len(description) if description else 0) + 1
        return cell_len(key_display) + 2 + (cell_len(description) + 1 if description else 0)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        width = self.size.width or self.app.size.width
        self._fitted_width = width
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
        key.set_class(self.compact, "-compact")  # what FooterKey's own watcher would do
        return key

    def watch_compact(self) -> None:
        if self._bindings_ready:
            self.refresh(recompose=True)

    def on_resize(self) -> None:
        if self._bindings_ready and self.size.width != self._fitted_width:
            self.refresh(recompose=True)
