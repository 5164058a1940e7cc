"""The hand at the table: drawn from what the table flow gives (face up only in its
owner's window, else a count of backs), and what the screen's keys and clicks do
with it at a human's turn (choose a card, play it, with confirm-play a second press
first), the family's own keys at that turn (a raise), a hint's card, and undo.

The screen binds the keys; this holds what a turn remembers between them (the
card marked for confirm-play, the hint) and sends the seat's action to the flow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Play
from ...engine.protocol import TableView
from ...table import Observation
from ..hints import hint_words
from ..widgets.hand import HandView, hand_order

if TYPE_CHECKING:
    from .table import TableScreen

__all__ = ["TableHand"]


class TableHand:
    """The hand of ``screen``'s viewer, and its keys at a human's turn."""

    def __init__(self, screen: "TableScreen") -> None:
        self.screen = screen
        self.marked: Optional[tuple[int, Any]] = None  # confirm-play: (seat, card) one Enter away from played
        self.hinted: tuple[Any, ...] = ()  # the card a hint suggests, marked on the hand
        self.hint_action: Optional[Any] = None  # the last hint's action (a screen over the table marks its card)
        self.follow: Optional[Any] = None  # a hinted action besides a card (a raise): what Enter does now

    @property
    def hand(self) -> HandView:
        return self.screen.query_one(HandView)

    def draw(self, obs: Observation, picture: TableView) -> None:
        """The viewer's hand as the flow gives it: face up only in its owner's
        window (hot-seat: after the hand-off, until the action ends)."""
        screen, hand, viewer = self.screen, self.hand, self.screen.viewer
        if viewer is None:
            if getattr(screen.table, "watcher", False):  # a table server's watcher: no hand is ever sent here
                hand.set_hand((), title="Watching the table: every hand stays face down.")
                return
            if screen.humans:  # hot-seat, between people's turns: nobody's window is open
                hand.set_hand((), title="Every hand stays face down until a person's turn.")
                return
            # Short enough for 80 columns: the replay is one key away once the game is filed.
            hand.set_hand((), title="Watching the bots; their hands stay hidden (Saved games → r replays them).")
            return
        name, acting, count = screen.seat_name(viewer), screen.acting == viewer, len(obs.hand)
        face_up = screen.controller.face_up(viewer)
        if acting and face_up:
            who = f"{name}, your" if len(screen.humans) > 1 else "Your"
            # What Enter does, in one row at 60 columns where it can be: the click goes first
            # (for a name in hot-seat, or the marked cards' names).
            click = "" if picture.hand_marks or len(screen.humans) > 1 else "or a click "
            title = f"{who} turn: Enter {click}plays a bright card."
        elif face_up:
            title = f"{name}'s hand"
        elif count:
            # Whole at 60 columns with a name of 14 characters.
            title = f"{name}'s {count} card{'s' if count != 1 else ''}, face down until the hand-off"
        else:
            title = f"{name}'s hand is empty"
        # Face down, the hand view is told how many cards and nothing more.
        mine = screen.controller.private_view(viewer) if face_up else None
        if mine is None:
            hand.set_backs(count, title=title)
            return
        legal = [a.card for a in obs.legal_actions if isinstance(a, Play)] if acting else []
        cards, groups = hand_order(mine.hand, picture, screen.hand_sort)  # every screen's one order
        hand.set_hand(cards, legal, title=title, active=acting, groups=groups,
                      hinted=self.hinted if acting else (), marks=dict(picture.hand_marks))

    def _family_keys(self) -> list[tuple[str, Any, bool]]:
        """The family's table keys that apply at this turn: (name, the action it takes,
        whether the engine allows it now). None apply when no one here is playing."""
        screen = self.screen
        seat, family = screen.acting, screen.family
        if seat is None or not family.table_keys:
            return []
        obs = screen.table.observe(seat)
        keys = ((name, family.table_action(obs, name)) for _, name, _ in family.table_keys)
        return [(name, action, action in obs.legal_actions) for name, action in keys if action is not None]

    def family_actions(self) -> tuple[str, ...]:
        """The names of the family's table keys that act for the seat playing now."""
        return tuple(name for name, _, legal in self._family_keys() if legal)

    def family_refusals(self) -> tuple[str, ...]:
        """The family's table keys that apply at this turn but are not allowed now: the
        key is not offered, and pressed, it says why (the engine's words)."""
        return tuple(name for name, _, legal in self._family_keys() if not legal)

    def family(self, name: str) -> None:
        """A family's table key: its action if allowed, else the engine's reason why not."""
        screen = self.screen
        found = next(((action, legal) for key, action, legal in self._family_keys() if key == name), None)
        if found is None:
            return
        action, legal = found
        if legal:
            self.unmark()
            self.follow = None
            screen.controller.act(action)
        elif why := screen.controller.why_not(action):
            screen.say(why, error=True)

    def act(self) -> None:
        """Enter: play the card under the cursor, or what a hint just said (a raise)."""
        seat, card, follow = self.screen.acting, self.hand.current, self.follow
        self.follow = None
        if seat is not None and follow is not None and follow in self.screen.table.observe(seat).legal_actions:
            self.screen.controller.act(follow)
            return
        if seat is not None and card is not None and self._confirmed(seat, card, "Enter again"):
            self.screen.controller.act(Play(seat, card))

    def clicked(self, index: int, card: Any) -> None:
        """A click on a card plays it (with confirm-play, a second click)."""
        seat = self.screen.acting
        if seat is not None:
            self.follow = None
            self.hand.select(index)
            if self._confirmed(seat, card, "A second click (or Enter)"):
                self.screen.controller.act(Play(seat, card))

    def _confirmed(self, seat: int, card: Any, again: str) -> bool:
        """Confirm-play (a setting): the first Enter or click marks the card, a
        second on the same card plays it. True when the card is to be played now."""
        if not self.screen.app.settings.confirm_play or self.marked == (seat, card):
            self.marked = None
            return True
        self.marked = (seat, card)
        self.screen.say(f"{again} plays {card.pretty()}; another card or ←→ changes it.")
        return False

    def unmark(self) -> None:
        if self.marked is not None:
            self.marked = None
            self.screen.say("")

    def move(self, step: int) -> None:
        if self.screen.acting is not None:
            self.unmark()
            self.follow = None
            self.hand.move(step)

    def select(self, index: int) -> None:
        """The number key ``index + 1``: that card (pressed again, from 10 cards on, the next)."""
        if self.screen.acting is not None:
            hand = self.hand
            cursor = hand.cursor
            self.follow = None
            if hand.digit(index + 1) != cursor:
                self.unmark()

    def hint_text(self, obs: Observation) -> str:
        """A hint's words for ``obs``; its action is kept (a screen over the table marks its card)."""
        screen = self.screen
        words, self.hint_action = hint_words(obs, screen.family, screen.coach)
        if isinstance(self.hint_action, Play) and screen.acting is not None:
            self.hinted = (self.hint_action.card,)
        return screen.plain(words)

    def hint(self) -> None:
        """The hint's words; what it suggests becomes what Enter does: its card the
        cursor's (marked), or another action of the seat's (a raise) Enter's."""
        screen = self.screen
        seat = screen.acting
        if seat is None:
            return
        obs = screen.table.observe(seat)
        words = self.hint_text(obs)
        action = self.hint_action
        self.follow = None
        if action is not None and not isinstance(action, Play) and action in obs.legal_actions:
            self.follow = action
            words += " · Enter does it"
        screen.say(words)
        screen.refresh_view()  # the hinted card is marked on the hand
        if self.hinted:
            self.marked = None  # confirm-play's mark was on the card the cursor leaves
            self.hand.show_hint(self.hinted)

    def undo(self) -> None:
        """Take back your last card: the source rebuilds the game without it."""
        screen = self.screen
        why = screen.controller.undo_refusal()
        if why is not None:
            screen.say(why, error=True)
            return
        taken = screen.controller.undo()
        if taken is None:
            return
        hand = self.hand
        if taken.card in hand.cards:
            hand.select(hand.cards.index(taken.card))
        # Said once, where the player looks: the message line over the hand (the log
        # beside it at 80-109 columns would say it again). Not their turn again: the log.
        if screen.acting == taken.seat:
            screen.say(f"You took back {taken.card.pretty()}.")
        else:
            screen.log_line(f"{screen.seat_name(taken.seat)} took back {taken.card.pretty()}.")
