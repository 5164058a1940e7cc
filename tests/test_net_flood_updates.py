"""Issue 34 §1 against a real server process, the part tests/test_net_flood.py leaves
out: while a player joins again and again, flooding the chat and acting each time
it is their turn, and wrong codes are tried beside it, the honest players keep
getting every update (docs/network.md, "Security": limits belong to a seat or an
address, and a flood slows nobody). Each honest client's updates run 0, 1, 2, ...
without a gap (an update's ``seq`` counts the actions applied), the game goes on to
its end, and nobody honest is sent an error or a goodbye.

Wrong codes stay under the lockout (MAX_WRONG_CODES): a locked-out address would
shut out the flooder's seat too, and the table would wait for it for a minute."""

from __future__ import annotations

import asyncio
import random

from net_helpers import TIMEOUT, Host, Seen, join, play_randomly

from ohseven_tui.net.client import Goodbye, JoinError, Record, TableClient, Update
from ohseven_tui.net.server import MAX_WRONG_CODES

TABLE = ["--game", "oh-seven", "--players", "3", "--humans", "3"]
ROUNDS = 20  # the flooder's joins: within the address's burst of connections
LINES = 6  # chat lines each time: one past the seat's burst


async def flood(address: str, code: str, rng: random.Random) -> tuple[int, int, int]:
    """Join ROUNDS times: wait for this seat's turn (the others play while it is
    here), act, say LINES lines, leave. (joined, acted, refused)"""
    joined = acted = refused = 0
    for n in range(ROUNDS):
        try:
            client = await TableClient.connect(address, code, "Mallory", timeout=TIMEOUT)
        except JoinError:
            refused += 1
            continue
        joined += 1
        while True:
            msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
            if isinstance(msg, (Record, Goodbye)):  # the game ended under the flood: too short a game
                return joined, acted, refused
            obs = client.observation
            if isinstance(msg, Update) and obs is not None and client.seat in obs.to_act and obs.legal_actions:
                await client.act(rng.choice(obs.legal_actions))
                acted += 1
                break
        for k in range(LINES):
            await client.chat(f"flood {n}.{k} " + "x" * 180)
        await client.close()
    return joined, acted, refused


WAITING = "the table waits for a player to come back"  # an action while the flooder is away


async def wrong_codes(address: str) -> int:
    refused = 0
    for _ in range(MAX_WRONG_CODES - 1):
        try:
            client = await TableClient.connect(address, "A" * 17, "Eve", timeout=TIMEOUT)
        except JoinError:
            refused += 1
        else:
            await client.close()
    return refused


async def test_honest_players_get_every_update_through_a_flood(tmp_path):
    host = Host(TABLE, tmp_path / "host")
    try:
        codes = host.read_codes(3)
        ann, bea = await join(host.address, codes[0], "Ann"), await join(host.address, codes[1], "Bea")
        first = await join(host.address, codes[2], "Mallory")
        await first.close()  # every seat has joined: the game starts, Mallory away
        seen = [Seen(), Seen()]
        honest = [asyncio.ensure_future(play_randomly(c, random.Random(s), seen[s], patient=True))
                  for s, c in enumerate((ann, bea))]
        (joined, acted, refused), wrong = await asyncio.gather(
            flood(host.address, codes[2], random.Random(2)), wrong_codes(host.address))
        assert joined == acted == ROUNDS, (joined, acted, refused)  # the flood joined and played each time
        assert wrong == MAX_WRONG_CODES - 1  # no wrong code joined
        # Mallory sits down for good and plays on: the game runs to its end.
        last = await join(host.address, codes[2], "Mallory")
        mine = await play_randomly(last, random.Random(3), Seen())
        for task in honest:
            await asyncio.wait_for(task, TIMEOUT)
        for s in seen:
            assert s.bye is None and set(s.errors) <= {WAITING}, (s.bye, s.errors)
            assert s.record is not None  # the game ended and they were told
            seqs = [u.seq for _, u in s.updates]
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), seqs  # no update missed
            assert seqs[0] == 0  # from the deal on
        assert [u.seq for _, u in seen[0].updates] == [u.seq for _, u in seen[1].updates]
        assert mine.updates[-1][1].seq == seen[0].updates[-1][1].seq  # the same last action
        for c in (ann, bea, last):
            await c.close()
    finally:
        host.stop()
