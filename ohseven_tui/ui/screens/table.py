"""The table: the screen that runs a game.

It holds the :class:`Game` (the controller) but renders only from
``game.observation(seat)``; every rule (legal cards, trick winner, score) comes
from the engine. Humans act through the keyboard, the mouse, or the passing and
bidding screens; bots act in a worker, paced by the bot delay.
"""

from __future__ import annotations

import asyncio
from typing import Optional

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...games.ohhell import DEAL, Bid, BidNumber, BidStyle, Game, IllegalAction, Observation, Pass, Phase, Play
from ..cards import card_text, cards_text, suit_text, ascii_suits
from ..privacy import Lookout
from ..widgets.hand import HandView
from ..widgets.log import TableLog
from ..plain import printable, sentence
from ..widgets.seats import SeatsView
from .choose import ChooseScreen

class TableScreen(Screen):
    CSS_PATH = "table.tcss"
    BINDINGS = [
        Binding("enter", "act", "Play"),
        Binding("left", "move(-1)", "Select", key_display="←→/1-7"),
        Binding("right", "move(1)", "Select", show=False),
        *[Binding(str(i + 1), f"select({i})", "Select", show=False) for i in range(9)],
        Binding("h", "hint", "Hint"),
        Binding("l", "last_trick", "Last trick"),
        Binding("t", "scoresheet", "Scores"),
        Binding("s", "skip", "Skip"),
        Binding("p", "pause", "Pause"),
        Binding("p", "resume", "Resume"),  # the same key; the footer names what it does now
        Binding("plus,equals_sign", "speed(-1)", "Speed", key_display="+/-"),
        Binding("minus", "speed(1)", "Slower", show=False),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, game: Game, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.game = game
        self.delay = max(0.0, bot_delay)
        self.humans = [s for s, seat in enumerate(game.seats) if seat.player == "human"]
        self.watch = not self.humans
        self.viewer: Optional[int] = self.humans[0] if len(self.humans) == 1 else None
        self.lookout = Lookout(self.humans)  # whose hand may be face up (hot-seat)
        self.last_human: Optional[int] = None
        self.acting: Optional[int] = None  # the human whose card play we wait for
        self.paused = False
        self.skipping = False
        self.blocked = False  # a reveal or scoresheet is open; it resumes the flow
        self._wake = asyncio.Event()
        self._resume = asyncio.Event()
        self._resume.set()
        self._finished = False
        self._over_at_start = game.is_over  # a finished game opened again is not filed twice
        self.bots: dict = {}

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield SeatsView(id="seats")
            yield TableLog(id="log")
        with Vertical(id="bottom"):
            yield Static("", id="status")
            yield Static("", id="message")
            yield HandView(id="hand")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        # Fixed size for the seats, so a move repaints without a layout pass.
        longest = max(len(printable(s.name)) for s in self.game.seats)
        seats = self.query_one(SeatsView)
        seats.styles.width = 42 + min(longest + 2, 16)
        seats.styles.height = self.game.players + 2  # header, seats, key
        self._bindings_state = None
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh_view())  # suit shades
        self._make_bots()
        if self.game.round_number and self.game.history:
            self._retell_round()
            self.log_line(Text(f"Resumed: round {self.game.round_number} of {self.game.rules.rounds}."))
        self.refresh_view()
        self.call_after_refresh(self.advance)

    def _make_bots(self) -> None:
        from ...bots import make_bot
        from ..setup import bots_for

        missing = set()
        preset = self.game.rules.preset
        playing = bots_for(preset)
        for seat, info in enumerate(self.game.seats):
            if seat in self.humans:
                continue
            try:
                if info.player not in playing:  # it would not know these rules
                    raise ValueError(info.player)
                self.bots[seat] = make_bot(info.player, seed=self.game.seed * 16 + seat)
            except ValueError:
                missing.add(info.player)
                self.bots[seat] = make_bot("easy", seed=self.game.seed * 16 + seat)
        if missing:
            what = f" for {preset}" if preset != "oh-seven" else ""
            self.notify(f"{', '.join(sorted(missing))} bots are not available{what} yet; easy bots play those seats.",
                        severity="warning")

    @property
    def number_bids(self) -> bool:
        return self.game.rules.bid_style is not BidStyle.CARD

    def bids_so_far(self) -> dict[int, int]:
        """Classic (H4): the bids made so far this round, in turn; every seat hears
        them, so the observation carries them."""
        return dict(self.public().bids_made)

    # -- reading the game -----------------------------------------------------
    def public(self) -> Observation:
        """The viewer's observation (seat 0's in watch mode, for public fields only)."""
        return self.game.observation(self.viewer if self.viewer is not None else 0)

    def seat_name(self, seat: int) -> str:
        return printable(self.game.seats[seat].name)  # names are shown, never parsed: no markup, no escapes

    @property
    def ascii(self) -> bool:
        return getattr(self.app, "ascii_cards", False)

    def card(self, card, dim: bool = False) -> Text:
        return card_text(card, ascii=self.ascii, dark=self.app.current_theme.dark, dim=dim)

    def cards(self, cards) -> Text:
        return cards_text(cards, ascii=self.ascii, dark=self.app.current_theme.dark)

    def plain(self, message: str) -> str:
        return ascii_suits(message) if self.ascii else message

    # -- drawing --------------------------------------------------------------
    def refresh_view(self) -> None:
        obs = self.public()
        dark = self.app.current_theme.dark
        self.query_one(SeatsView).show(obs, self.viewer, ascii=self.ascii, dark=dark, humans=len(self.humans),
                                       number_bids=self.bids_so_far())
        self.query_one("#status", Static).update(self._status(obs), layout=False)
        hand = self.query_one(HandView)
        if self.viewer is None:
            hand.set_hand((), title="Watching the bots play; their hands stay hidden. After the game, "
                                    "Saved games → replay (r) shows every deal.")
        else:
            acting = self.acting == self.viewer and obs.phase is Phase.PLAY
            # Hot-seat: face up only while its owner plays, after their hand-off.
            face_up = self.lookout.may_show(self.viewer) and (acting or not self.lookout.hot_seat)
            legal = [a.card for a in obs.legal_actions if isinstance(a, Play)] if acting else []
            who = f"{self.seat_name(self.viewer)}, your" if len(self.humans) > 1 else "Your"
            count = len(obs.hand)
            if acting and face_up:
                title = f"{who} turn: bright cards are legal. Enter or a click plays one."
            elif face_up:
                title = f"{self.seat_name(self.viewer)}'s hand"
            elif count:
                title = (f"{self.seat_name(self.viewer)}'s hand, face down ({count} card{'s' if count != 1 else ''}):"
                         " it shows after the hand-off")
            else:
                title = f"{self.seat_name(self.viewer)}'s hand is empty"
            hand.set_hand(obs.hand, legal, title=title, active=acting and face_up, face_up=face_up)
        state = (self.acting, self.paused, self.delay)
        if state != self._bindings_state:  # the footer recomposes: only when it changes
            self._bindings_state = state
            self.refresh_bindings()

    def _status(self, obs: Observation) -> Text:
        game = self.game
        t = Text()
        if not obs.round_number:
            t.append("Shuffling…")
            return t
        t.append(f"Round {obs.round_number}/{game.rules.rounds}", style="bold")
        if obs.phase is not Phase.PLAY:
            t.append(f" · dealer {self.seat_name(obs.dealer)}")
        if obs.deal_number > 1:
            t.append(f" · deal {obs.deal_number}")
        if obs.phase is Phase.PASS:
            word = "card" if obs.pass_count == 1 else "cards"
            side = "left" if obs.pass_direction > 0 else "right"
            t.append(f" · passing {obs.pass_count} {word} to the {side}")
        elif obs.phase is Phase.BID:
            if self.number_bids:
                t.append(f" · {obs.hand_size} card{'s' if obs.hand_size != 1 else ''} · {self._trump_words(obs)}")
            t.append(" · bidding")
            if obs.rebid_count:
                t.append(f" (rebid {obs.rebid_count})")
            if obs.rules.bid_style is BidStyle.NUMBER_IN_TURN and obs.to_act:
                t.append(f" · {self.seat_name(obs.to_act[0])} to bid", style="bold")
        elif self.number_bids and obs.phase is Phase.PLAY:
            trick_no = min(len(obs.tricks) + 1, obs.hand_size)
            t.append(f" · trick {trick_no}/{obs.hand_size} · {self._trump_words(obs)}")
        elif obs.trump is not None:
            trick_no = min(len(obs.tricks) + 1, obs.hand_size)
            t.append(f" · trick {trick_no}/{obs.hand_size} · trump ")
            t.append_text(suit_text(obs.trump, ascii=self.ascii, dark=self.app.current_theme.dark))
            if obs.bid_cards is not None and obs.leader is not None:
                t.append(f" ({self.seat_name(obs.leader)}'s ")
                t.append_text(self.card(obs.bid_cards[obs.leader]))
                t.append(")")
        if obs.phase is Phase.PLAY and obs.to_act:
            seat = obs.to_act[0]
            leading = not obs.trick
            if not leading:
                t.append(f" · {self.seat_name(obs.trick[0][0])} led")
            t.append(" · ")
            if seat == self.acting and seat == self.viewer:
                you = "you" if len(self.humans) == 1 else self.seat_name(seat)
                t.append(f"{you} to lead" if leading else f"{you} to play", style="bold reverse")
            else:
                t.append(f"{self.seat_name(seat)} {'leads' if leading else 'to play'}", style="bold")
        if self.watch and self.paused:
            t.append(" · PAUSED", style="bold reverse")
        return t

    def _trump_words(self, obs: Observation) -> str:
        from .number_bid import trump_words

        return trump_words(obs, self.ascii)

    def say(self, message: str, *, error: bool = False) -> None:
        if error:
            message = sentence(message)
        widget = self.query_one("#message", Static)
        widget.set_class(error, "error")
        widget.update(Text(self.plain(message)), layout=False)

    def log_line(self, text) -> None:
        if isinstance(text, str):
            text = Text(self.plain(text))
        self.query_one(TableLog).write(text)

    def _retell_round(self) -> None:
        """A resumed game's log: this round so far, told again from its history
        (replayed on a fresh game with the same rules, seats, seed and deals)."""
        game = self.game
        replay = Game(game.rules, seed=game.seed, seats=game.seats, stacked_deals=game.stacked_deals)
        seat = self.viewer if self.viewer is not None else 0
        for action in game.history:
            before = replay.observation(seat)
            replay.apply(action)
            if replay.round_number == game.round_number:
                self._narrate(action, before, replay.observation(seat))

    # -- the flow ---------------------------------------------------------------
    def advance(self) -> None:
        """Decide who acts next. The one place that moves the game along."""
        if self.blocked or not self._on_stack():
            return
        game = self.game
        if game.is_over:
            self._show_game_over()
            return
        seats = game.to_act()
        if not seats:  # the table deals: first deal, next round, or an R13 redeal
            self.apply(DEAL)
            return
        bot_seats = [s for s in seats if s not in self.humans]
        if bot_seats:
            self._bot_step()
            return
        if game.phase is Phase.PLAY:
            self._human_turn(seats[0])
            return
        # Simultaneous phase: each human in turn, the one at the keyboard first.
        n = game.players
        start = self.last_human if self.last_human is not None else 0
        self._human_turn(min(seats, key=lambda s: (s - start) % n))

    def _on_stack(self) -> bool:
        """Still the live table? (Not once the app is closing: a bot's move landing
        then would find the widgets gone.)"""
        return self in self.app.screen_stack and self.is_attached and not self._closing

    def _human_turn(self, seat: int) -> None:
        self.skipping = False
        if self.lookout.needs_handoff(seat):
            self._hand_off(seat)
            return
        self._begin_turn(seat)

    def _hand_off(self, seat: int) -> None:
        """Cover the table (every hand face down) until ``seat`` is at the screen."""
        from .handoff import HandoffScreen

        self.acting = None
        self.blocked = True
        self.viewer = seat
        self.app.push_screen(HandoffScreen(self.seat_name(seat)), lambda _: self._after_handoff(seat))

    def _after_handoff(self, seat: int) -> None:
        self.blocked = False
        self.last_human = seat
        self.lookout.open(seat)
        self._begin_turn(seat)

    def cover(self) -> None:
        """A shared screen is opening (or another seat acts): end the window and
        draw every hand face down now, before that screen's first frame."""
        if self.lookout.window is None:
            return
        self.lookout.close()
        self.say("")  # a hint or an error is about that hand
        self.refresh_view()
        for screen in self.app.screen_stack:
            if isinstance(screen, ChooseScreen):
                screen.cover()

    def on_screen_resume(self) -> None:
        # After the closing screen's own callback, which may leave the game.
        self.call_later(self._check_window)

    def _check_window(self) -> None:
        """Back from a shared screen in the middle of a human's card play: that
        human confirms the hand-off again before the hand turns face up."""
        seat = self.acting
        if (seat is not None and self.is_current and not self.blocked
                and self.lookout.needs_handoff(seat)):
            self._hand_off(seat)

    def _begin_turn(self, seat: int) -> None:
        self.viewer = seat
        game = self.game
        if game.phase is Phase.PASS:
            from .passing import PassScreen

            self.blocked = True
            screen = PassScreen(game.observation(seat), check=self.check, hint=self.hint_text, humans=len(self.humans))
            self.app.push_screen(screen, lambda cards: self._human_acted(Pass(seat, cards)))
        elif game.phase is Phase.BID and self.number_bids:
            from .number_bid import NumberBidScreen

            self.blocked = True
            screen = NumberBidScreen(game.observation(seat), bids_so_far=self.bids_so_far(), check=self.check,
                                     hint=self.hint_text, humans=len(self.humans))
            self.app.push_screen(screen, lambda number: self._human_acted(BidNumber(seat, number)))
        elif game.phase is Phase.BID:
            from .bidding import BidScreen

            self.blocked = True
            screen = BidScreen(game.observation(seat), check=self.check, hint=self.hint_text, humans=len(self.humans))
            self.app.push_screen(screen, lambda card: self._human_acted(Bid(seat, card)))
        else:
            self.acting = seat
            self.refresh_view()
            self.say("")

    def _human_acted(self, action) -> None:
        self.blocked = False
        if not self.apply(action):
            self.advance()  # the engine said no: ask again, showing its message

    def apply(self, action, *, then_advance: bool = True) -> bool:
        """Apply one action; on IllegalAction show the engine's reason and change nothing."""
        before = self.public()
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            self.say(str(exc), error=True)
            if self.acting is not None:
                self.app.bell()
            return False
        if action.seat is not None and action.seat in self.humans:
            self.last_human = action.seat
        self.lookout.close()  # the end of that human's action, or another seat acted
        if self.acting is not None and isinstance(action, Play) and action.seat == self.acting:
            self.acting = None
            self.say("")
        self.app.after_action(self.game)
        after = self.public()
        self._narrate(action, before, after)
        self.refresh_view()
        if not self._announce(before, after) and then_advance:
            self.advance()
        return True

    def check(self, action) -> Optional[str]:
        """Ask the engine, on a copy, whether ``action`` is legal; its reason if not."""
        try:
            self.game.clone().apply(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    # -- bots -------------------------------------------------------------------
    @work(group="bots", exit_on_error=True)
    async def _bot_step(self) -> None:
        """Bot moves (and every bot's face-down pass or bid) until a person must
        act or a reveal or scoresheet opens. Each choice runs in a thread, so a
        slow bot never blocks the screen, and each move is drawn as it lands."""
        game = self.game
        self.blocked = True
        self.cover()  # a bot's turn ends any human's window
        while not game.is_over:
            seats = [s for s in game.to_act() if s not in self.humans]
            if not seats:
                break
            await self._resume.wait()
            if game.phase is Phase.PLAY or game.current_seat is not None:  # in turn: one at a time, paced
                seats = seats[:1]
                await self._pace()
            for seat in seats:
                await self._resume.wait()
                obs = game.observation(seat)
                try:
                    action = await asyncio.to_thread(self.bots[seat].choose, obs)
                except Exception as exc:  # a broken bot must not end the game
                    action = None
                    self.notify(f"{self.seat_name(seat)}'s bot failed ({exc!r}); it plays its first legal move.",
                                severity="error", timeout=8)
                if not self._on_stack() or seat not in game.to_act():
                    return
                self.blocked = False
                if action is None or not self.apply(action, then_advance=False):
                    self.apply(obs.legal_actions[0], then_advance=False)
                if self.blocked:  # a reveal or a scoresheet is open; it resumes the flow
                    return
                self.blocked = True
        self.blocked = False
        self.call_later(self.advance)

    async def _pace(self) -> None:
        if self.delay <= 0 or self.skipping:
            return
        self._wake.clear()
        try:
            await asyncio.wait_for(self._wake.wait(), self.delay)
        except asyncio.TimeoutError:
            pass

    # -- telling what happened ------------------------------------------------
    def _narrate(self, action, before: Observation, after: Observation) -> None:
        if action is DEAL:
            self.query_one(TableLog).clear()
            self.say("")  # "Skipping…" was about the round before
            if after.deal_number > 1 and after.round_number == before.round_number:
                self.log_line(f"Round {after.round_number} is dealt again (deal {after.deal_number}).")
            else:
                self.log_line(Text(f"Round {after.round_number}: {self.seat_name(after.dealer)} deals.", style="bold"))
            if after.phase is Phase.PASS:
                side = "left" if after.pass_direction > 0 else "right"
                word = "card" if after.pass_count == 1 else "cards"
                self.log_line(f"Everyone passes {after.pass_count} {word} face down to the {side}.")
            if self.number_bids and after.round_number:
                self.log_line(f"{after.hand_size} card{'s' if after.hand_size != 1 else ''} each; "
                              f"{self._trump_words(after)}.")
            return
        if isinstance(action, BidNumber) and after.rules.bid_style is BidStyle.NUMBER_IN_TURN:
            self.log_line(f"{self.seat_name(action.seat)} bids {action.number}.")  # classic: bids are public
        if isinstance(action, Play):
            line = Text(f"{self.seat_name(action.seat)} plays ")
            line.append_text(self.card(action.card))
            self.log_line(line)
            if len(after.tricks) > len(before.tricks):
                winner = after.tricks[-1].winner
                self.log_line(Text(f"{self.seat_name(winner)} takes trick {len(after.tricks)} "
                                   f"(has {after.taken[winner]}, bid {after.bids[winner]}).", style="bold"))
            return
        if isinstance(action, Pass) and after.phase is not Phase.PASS and before.phase is Phase.PASS:
            self.log_line("The passed cards are revealed to their receivers.")
        if len(after.bid_attempts) > len(before.bid_attempts):
            _, attempt = after.bid_attempts[-1]
            line = Text("Bids: ")
            for seat, card in enumerate(attempt.bids):
                if seat:
                    line.append(", ")
                line.append(f"{self.seat_name(seat)} ")
                line.append_text(Text(str(card)) if self.number_bids else self.card(card))
            self.log_line(line)
            self.log_line(self.plain(outcome_text(attempt, after, self.seat_name)))

    def _announce(self, before: Observation, after: Observation) -> bool:
        """Open the reveal or the scoresheet when one is due; True if one opened."""
        if len(after.results) > len(before.results):
            result = after.results[-1]
            line = Text(f"Round {result.number} over. ")
            line.append(", ".join(f"{self.seat_name(s)} {p:+d}" for s, p in enumerate(result.round_points)))
            self.log_line(line)
            if after.phase is Phase.GAME_OVER:
                self._show_game_over()
                return True
            from .scoresheet import ScoresheetScreen

            if self.watch:
                self.skipping = False  # skipped to the end of the round: this is it, let it be read
            self.blocked = True
            self.app.push_screen(ScoresheetScreen(after, final=False, auto=self._auto_close()),
                                 lambda _: self._resume_flow())
            return True
        if len(after.bid_attempts) > len(before.bid_attempts):
            from .reveal import RevealScreen

            show_unbid = len(self.humans) == 1 and after.phase is Phase.BID
            self.blocked = True
            self.app.push_screen(RevealScreen(after, show_unbid=show_unbid, auto=self._auto_close()),
                                 lambda _: self._resume_flow())
            return True
        return False

    def _auto_close(self) -> Optional[float]:
        """In watch mode the reveals and scoresheets close themselves."""
        if not self.watch:
            return None
        return 0.0 if self.delay <= 0 or self.skipping else max(1.5, 6 * self.delay)

    def _resume_flow(self) -> None:
        self.blocked = False
        if self.watch and self.skipping and self.game.phase is Phase.ROUND_OVER:
            self.skipping = False
        self.refresh_view()
        self.advance()

    def _show_game_over(self) -> None:
        if self._finished:
            return
        self._finished = True
        self.blocked = True
        self.acting = None
        if not self._over_at_start:
            self.app.game_finished(self.game)
        from .gameover import GameOverScreen

        self.app.push_screen(GameOverScreen(self.game.observation(self.viewer if self.viewer is not None else 0)))

    # -- hints ----------------------------------------------------------------
    def hint_text(self, obs: Observation) -> str:
        try:
            from ...bots import hint
        except ImportError:
            return "Hints are not available in this version (the hint bot is missing)."
        try:
            suggestion = hint(obs)
        except Exception as exc:  # a hint must never break the game
            return f"No hint this time ({exc})."
        action = suggestion.action
        what = ""
        if isinstance(action, BidNumber):
            what = f"bid {action.number}"
        elif isinstance(action, (Play, Bid)):
            what = action.card.pretty()
        elif isinstance(action, Pass):
            what = " ".join(c.pretty() for c in action.cards)
        if what.lower() in suggestion.reason.lower():  # the reason names the move already
            what = ""
        return self.plain(f"Hint: {what}: {suggestion.reason}" if what else f"Hint: {suggestion.reason}")

    # -- keys -----------------------------------------------------------------
    def check_action(self, action: str, parameters) -> Optional[bool]:
        """Only the keys that apply now (Textual 8: False hides a binding)."""
        if action in ("act", "move", "select", "hint"):
            return self.acting is not None
        # At a human's turn the footer keeps to what that turn needs (it must fit
        # in 80 columns); skip and speed are for while the bots move (see F1).
        if action == "skip":
            return self.acting is None and (bool(self.bots) and self.delay > 0 or self.watch)
        if action == "pause":
            return self.watch and not self.paused
        if action == "resume":
            return self.watch and self.paused
        if action == "speed":
            return bool(self.bots) and self.acting is None
        return True

    def action_act(self) -> None:
        seat = self.acting
        card = self.query_one(HandView).current
        if seat is None or card is None:
            return
        self.apply(Play(seat, card))

    def action_move(self, step: int) -> None:
        if self.acting is not None:
            self.query_one(HandView).move(step)

    def action_select(self, index: int) -> None:
        if self.acting is not None:
            self.query_one(HandView).select(index)

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        """A click on a card plays it."""
        if self.acting is None:
            return
        self.query_one(HandView).select(message.index)
        self.apply(Play(self.acting, message.card))

    def action_hint(self) -> None:
        if self.acting is not None:
            self.say(self.hint_text(self.game.observation(self.acting)))

    def action_last_trick(self) -> None:
        from .last_trick import LastTrickScreen

        self.app.push_screen(LastTrickScreen(self.public()))

    def action_scoresheet(self) -> None:
        from .scoresheet import ScoresheetScreen

        self.app.push_screen(ScoresheetScreen(self.public(), final=False, review=True))

    def action_skip(self) -> None:
        self.skipping = True
        self._wake.set()
        self.say("Skipping ahead…" if not self.watch else "Skipping to the end of the round…")

    def action_resume(self) -> None:
        self.action_pause()

    def action_pause(self) -> None:
        if not self.watch:
            return
        self.paused = not self.paused
        if self.paused:
            self._resume.clear()
        else:
            self._resume.set()
        self.refresh_view()

    def action_speed(self, step: int) -> None:
        """Bot pacing: instant, fast, normal, slow (+ faster, - slower)."""
        from ..setup import BOT_SPEEDS

        speeds = sorted(set(BOT_SPEEDS.values()) | {self.delay})
        index = min(max(speeds.index(self.delay) + step, 0), len(speeds) - 1)
        self.delay = speeds[index]
        self.app.bot_delay = self.delay
        self.refresh_view()
        self._wake.set()
        message = f"Bot speed: {'instant' if not self.delay else f'{self.delay:g} s a move'}"
        if self.is_current:
            self.say(message)
        else:
            self.notify(message, timeout=2)

    def action_leave(self) -> None:
        from .confirm import ConfirmScreen

        def leave(yes: Optional[bool]) -> None:
            if yes:
                self.workers.cancel_group(self, "bots")
                self.app.back_to_menu()

        saved = " It is saved; Continue on the menu resumes it." if self.app.storage() else ""
        self.app.push_screen(ConfirmScreen(f"Leave this game?{saved}"), leave)


def number_outcome_text(attempt, obs: Observation, name) -> str:
    """Oh Hell: the trump (turned card or none), the bids' total against the
    tricks, and who leads (H3-H5, U3-U5)."""
    from .number_bid import trump_words

    total = sum(attempt.bids)
    size = obs.hand_size
    if total > size:
        fit = f"The bids add up to {total}, {total - size} more than the {size} tricks: someone will miss."
    elif total < size:
        fit = f"The bids add up to {total}, {size - total} fewer than the {size} tricks: someone must take more."
    else:
        fit = f"The bids add up to {size}, the number of tricks."
    leader = obs.leader if obs.leader is not None else (obs.dealer + 1) % obs.players
    words = trump_words(obs)
    return f"{words[0].upper()}{words[1:]}. {fit} {name(leader)} leads."


def outcome_text(attempt, obs: Observation, name) -> str:
    """What a revealed set of bids leads to, in words (R9-R13)."""
    from ...games.ohhell import IDENTICAL_TOP, SUM_IS_HAND

    if attempt.bids and not hasattr(attempt.bids[0], "suit"):  # number bids (Oh Hell)
        return number_outcome_text(attempt, obs, name)

    top = max(attempt.bids)
    holders = [s for s, c in enumerate(attempt.bids) if c == top]
    if attempt.outcome == SUM_IS_HAND:
        gained = [name(s) for s, b in enumerate(attempt.bonus) if b]
        who = " and ".join(gained)
        text = f"The bids add up to {obs.hand_size}: rebid. {who} {'gains' if len(gained) == 1 else 'each gain'} 1 point for the top bid."
    elif attempt.outcome == IDENTICAL_TOP:
        text = (f"Identical top cards ({top.pretty()} from {' and '.join(name(s) for s in holders)}): "
                "nobody is top bidder, rebid.")
    else:
        return (f"Trump is {top.suit.symbol} {top.suit.label}: {name(holders[0])}'s {top.pretty()} is the top bid, "
                f"and {name(holders[0])} leads.")
    if obs.phase is Phase.DEAL:
        text += " Nobody has an unbid card left: the round is dealt again (points scored stay)."
    return text
