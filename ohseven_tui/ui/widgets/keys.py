"""The footer of keys, fitted to the screen's width.

Textual's footer lays its keys in one row and cuts whatever does not fit, often
in the middle of a word, and its command palette key sits over the last one. This
one drops keys whole, in an order the screen chooses: first the palette key (Ctrl+P
works anyway, and F1 says so), then the screen's ``FOOTER_DROP`` actions in turn,
then any other key from the right. F1 Help and a family's own key of the moment
(``family(...)``, a raise) are never dropped.

When the screen's keys change (every turn at the table) the keys already mounted
take the new words in place; Textual's footer removes and mounts them all again
at every change of focus or of the screen stack.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, NamedTuple, Optional

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeysFooter", "KEPT"]

KEPT = ("help",)  # actions never dropped, with every "family(...)" key


def number_keys(count: int) -> str:
    """The select keys for ``count`` cards or choices: the arrows, and the numbers
    that pick one (from 10 on, a digit pressed again goes on: 1, 10, 11, ...)."""
    return "←→" if count < 1 else "←→/1" if count == 1 else f"←→/1-{count}"


def _kept(action: str) -> bool:
    return action in KEPT or action.startswith("family(")


class _Key(NamedTuple):
    """One key as the footer draws it."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool
    tooltip: str
    palette: bool  # the command palette's key, at the right


class KeysFooter(Footer):
    """A footer that fits: see the module's doc."""

    _fitted_width = 0
    _composed: Optional[tuple[_Key, ...]] = None  # the keys the footer shows now

    def _key_width(self, key_display: str, description: str) -> int:
        if self.compact:  # key, a space, the words; a space after each key
            return cell_len(key_display) + (1 + cell_len(description) if description else 0) + 1
        return cell_len(key_display) + 2 + (cell_len(description) + 1 if description else 0)

    def bindings_changed(self, screen: Screen) -> None:
        # Textual's footer recomposes on every change of focus or of the screen
        # stack (each hand-off, each shared screen): this one changes only the
        # keys that changed, in place.
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rekey)

    async def _rekey(self) -> None:
        """Show the keys of now: the same keys are left alone; otherwise the keys
        in place take the new words (one layout pass, no remounting), and only
        a longer row mounts more."""
        if not self.is_attached or self._pruning:
            return
        if self._composed is None:
            await self.recompose()
            return
        wanted = self._wanted()
        if wanted == self._composed:
            return
        self._composed = wanted
        faces = list(self.query_children(FooterKey))
        async with self.batch():
            for face, key in zip(faces, wanted):
                self._set_key(face, key)
            if len(faces) > len(wanted):
                await self.remove_children(faces[len(wanted):])
            elif len(wanted) > len(faces):
                await self.mount_all([self._key(key) for key in wanted[len(faces):]])

    def _display(self, binding: Any) -> str:
        """The key as the footer shows it: the screen may word it for what it holds now
        (``footer_key_display(binding)``: the number keys there are cards for), else Textual's."""
        own = getattr(self.screen, "footer_key_display", None)
        shown = own(binding) if callable(own) else None
        return shown or self.app.get_key_display(binding)

    def _words(self, binding: Any) -> str:
        """What the key does as the footer says it: the screen may word it for the
        moment (``footer_description(binding)``), else the binding's own words."""
        own = getattr(self.screen, "footer_description", None)
        shown = own(binding) if callable(own) else None
        return shown or binding.description

    def _wanted(self) -> tuple[_Key, ...]:
        """The keys that fit, in order (see the module's doc)."""
        width = self.size.width or self.app.size.width
        self._fitted_width = width
        active = self.screen.active_bindings
        by_action: dict[str, list[tuple[Any, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        keys = [(action, found[0]) for action, found in by_action.items()]
        widths = {action: self._key_width(self._display(b), self._words(b)) for action, (b, _, _) in keys}
        used = sum(widths.values())
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None:
            _, binding, _, _ = palette
            if used + 1 + self._key_width(self._display(binding), binding.description) > width:
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
        wanted = [_Key(binding.key, self._display(binding), self._words(binding), binding.action,
                       not enabled, tooltip, False)
                  for action, (binding, enabled, tooltip) in keys if action not in dropped]
        if palette is not None:
            _, binding, enabled, tooltip = palette
            wanted.append(_Key(binding.key, self._display(binding), binding.description, binding.action,
                               not enabled, binding.tooltip or binding.description, True))
        return tuple(wanted)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            self._composed = None
            return
        self._composed = self._wanted()
        for key in self._composed:
            yield self._key(key)

    def _key(self, key: _Key) -> FooterKey:
        face = FooterKey(key.key, key.key_display, key.description, key.action, disabled=key.disabled,
                         tooltip=key.tooltip, classes="-command-palette" if key.palette else "")
        if key.palette:
            return face  # compact by its own default, as Textual's footer leaves it
        # Not data_bind(compact=...): each binding leaves a watcher on this footer
        # that is never let go (Textual 8.2.8), and this footer is composed afresh
        # every turn. A change of ``compact`` composes it afresh instead.
        face.set_reactive(FooterKey.compact, self.compact)
        # What FooterKey's own watcher would do; its styles are worked out as it mounts.
        face.set_class(self.compact, "-compact", update=False)
        return face

    def _set_key(self, face: FooterKey, key: _Key) -> None:
        """Make a mounted key show ``key``, as :meth:`_key` would have made it."""
        face.key = key.key
        face.key_display = key.key_display
        face.description = key.description
        face.action = key.action
        face._disabled = key.disabled
        compact = True if key.palette else self.compact
        face.set_reactive(FooterKey.compact, compact)
        face.tooltip = key.tooltip or None
        face.update_classes({"-disabled": key.disabled, "-command-palette": key.palette, "-compact": compact})
        face.refresh(layout=True)

    def watch_compact(self) -> None:
        if self._bindings_ready:
            self.refresh(recompose=True)

    def on_resize(self) -> None:
        if self._bindings_ready and self.size.width != self._fitted_width:
            self.refresh(recompose=True)
