"""10,000+ hostile messages (and 2,000 from a watcher) against one real table server (``ohseven host`` in its
own process), sent while the table waits for another seat: random JSON, wrong
types, huge numbers, deep nesting, oversized and binary frames, text that is not
JSON, actions for other seats, stale or illegal. Every message gets exactly one
error line back and changes nothing; the other client hears none of it; frames
that break the websocket itself (invalid UTF-8, past the frame cap, cut short)
close only their own connection. Asking for another game before this one is over,
or from a watcher, is refused like the rest (issue 34, section 2, item 7). Then
the game plays on to its end."""

from __future__ import annotations

import asyncio
import json
import random
import socket

from net_helpers import TIMEOUT, Host, Seen, join, play_randomly
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from ohseven_tui.net import protocol as p
from ohseven_tui.net.client import ChatLine, Error, Status, Update

FLAGS = ["--game", "classic", "--players", "3", "--bots", "easy"]  # bids in turn: one seat acts at a time
MESSAGES = 10_000
WATCHER_MESSAGES = 2_000  # the same, from a watcher's connection (issue 34: watch)


def random_json(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, -1, 1, 2**31, -(2**63), 10**18, rng.randrange(-1000, 1000)])
    if kind == 3:
        return rng.choice([0.5, -1e300, 1e-300, 3.14])
    if kind == 4:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x2FF), 0x202E, 0x1B, 0x7F]))
                       for _ in range(rng.randrange(0, 20)))
    if kind == 5:
        return rng.choice(["hello", "action", "chat", "bye", "welcome", "update", "$", "type", "Card"])
    if kind == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    keys = ["type", "v", "code", "name", "action", "seq", "text", "$", "x"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


def hostile(rng: random.Random, me: int, other: int, seq: int):
    """One hostile frame (text or bytes) for an authenticated connection, which the
    table must refuse with exactly one error line."""
    kind = rng.randrange(14)
    if kind == 0:
        return json.dumps(random_json(rng))
    if kind == 1:  # a known type with fields of the wrong types
        return json.dumps({"type": rng.choice(["hello", "action", "chat"]),
                           **{k: random_json(rng) for k in rng.sample(["v", "code", "name", "action", "seq", "text"], 2)}})
    if kind == 2:  # huge numbers
        return rng.choice(['{"type":"action","action":"1 bid 2","seq":' + "9" * rng.randrange(20, 5000) + "}",
                           '{"type":"action","action":"1 bid 2","seq":1e999}',
                           '{"type":"action","action":"1 bid 2","seq":-1}',
                           '{"type":"action","action":"1 bid 2","seq":true}',
                           '{"type":"action","action":"1 bid 99999999999999999999","seq":0}'])
    if kind == 3:  # deep nesting, within the size cap
        n = rng.randrange(30, 8000)
        return rng.choice(["[" * n + "]" * n, '{"a":' * n + "1" + "}" * n, '{"type":"action","action":' + "[" * n])
    if kind == 4:  # oversized, under the frame cap: one error line, the connection stays
        return '{"type":"chat","text":"' + "x" * rng.randrange(p.MAX_INBOUND, 200_000) + '"}'
    if kind == 5:  # binary frames, random or UTF-8 JSON
        return rng.choice([rng.randbytes(rng.randrange(0, 64)), b'{"type":"bye"}'])
    if kind == 6:  # not JSON
        return rng.choice(["", "{", "nul", "\x00\x01", "'single'", '{"type":"chat","text":"x"', "\ud800"[:0] + "]"])
    if kind == 7:  # an action for another seat, or a table action
        return json.dumps({"type": "action", "action": rng.choice([f"{other} bid 1", f"{other} play 5S", "deal",
                                                                   f"{other} pass"]), "seq": seq})
    if kind == 8:  # this seat, out of turn (the table waits for another seat)
        return json.dumps({"type": "action", "action": rng.choice([f"{me} bid 1", f"{me} bid 0", f"{me} play 5S",
                                                                   f"{me} play AS", f"{me} pass 5S"]), "seq": seq})
    if kind == 9:  # garbage action text, stale or future seq
        return json.dumps({"type": "action", "action": "".join(chr(rng.randrange(0, 0x3000)) for _ in range(20)),
                           "seq": rng.choice([seq + 1, seq + 10**9, 0])})
    if kind == 10:  # a second hello, a wrong version, unknown types
        return json.dumps(rng.choice([{"type": "hello", "v": 1, "code": "x", "name": "y"},
                                      {"type": "hello", "v": 99, "code": "", "name": ""},
                                      {"type": "welcome"}, {"type": "BYE"}, {"type": "chat", "text": 5},
                                      {"type": "bye", "x": 1}, {"type": "chat"}]))
    if kind == 11:  # a seat chosen once the game is on, or no seat at all (issue 34: seat choice)
        return json.dumps({"type": "sit", **rng.choice([{"seat": rng.randrange(-5, 70)}, {"seat": other},
                                                          {"seat": "1"}, {"seat": None}, {}, {"seat": 1, "x": 2}])})
    if kind == 12:  # another game asked for while this one is on, or malformed (issue 34: rematch)
        return json.dumps({"type": "rematch", **rng.choice([{}, {}, {"seat": me}, {"x": None}, {"v": 1}])})
    return json.dumps({"type": "chat", "text": "x" * rng.randrange(1001, 4000)})  # over the chat line's length


async def test_ten_thousand_hostile_messages_change_nothing_and_reach_nobody(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        watch_code = host.wait_line(lambda line: line.startswith("watch: ")).rsplit("/", 1)[1]
        seens = [Seen(), Seen()]
        a, b = [await join(host.address, codes[s], f"P{s}", seens[s]) for s in range(2)]
        a_turn = lambda u: u.observation.to_act == (a.seat,)  # public: both stop at the same update
        await asyncio.gather(*(play_randomly(c, random.Random(i), seens[i], stop=a_turn)
                               for i, c in enumerate((a, b))))
        seq, picture = a.seq, a.observation
        assert b.seq == seq
        await b.chat("ready")  # both read what the table said so far, up to this line
        for c in (a, b):
            while not isinstance(msg := await asyncio.wait_for(c.next_message(), TIMEOUT), ChatLine):
                assert not isinstance(msg, Update)
        rng = random.Random(2026)
        for n in range(MESSAGES):
            await b.send_raw(hostile(rng, b.seat, a.seat, seq))
            reply = await asyncio.wait_for(b.next_message(), TIMEOUT)
            assert isinstance(reply, Error), (n, reply)  # exactly one error line each
            assert "\n" not in reply.text and 0 < len(reply.text) <= 300
        watcher = await join(host.address, watch_code, "Wes")
        while not isinstance(await asyncio.wait_for(watcher.next_message(), TIMEOUT), Update):
            pass  # the table as it is, then the status
        for n in range(WATCHER_MESSAGES):  # a watcher's every message: one error line, never an action or a line
            await watcher.send_raw(hostile(rng, b.seat, a.seat, seq) if n % 3 else
                                   json.dumps(rng.choice([{"type": "action", "action": f"{a.seat} bid 1", "seq": seq},
                                                          {"type": "chat", "text": "hi"},
                                                          {"type": "sit", "seat": 0}, {"type": "rematch"}])))
            reply = await asyncio.wait_for(watcher.next_message(), TIMEOUT)
            while isinstance(reply, Status):
                reply = await asyncio.wait_for(watcher.next_message(), TIMEOUT)
            assert isinstance(reply, Error), (n, reply)
            assert "\n" not in reply.text and 0 < len(reply.text) <= 300
        await watcher.close()
        # frames that break the websocket close their own connection, and only it
        for _ in range(20):
            async with connect(host.address, max_size=None, compression=None) as ws:
                frame = rng.choice([b"\xff\xfe{}", "x" * 300_000])
                try:
                    if isinstance(frame, bytes):  # invalid UTF-8 in a text frame (send() will not make one)
                        ws.protocol.send_text(frame)
                        ws.send_data()
                    else:
                        await ws.send(frame)
                    await asyncio.wait_for(ws.recv(), TIMEOUT)
                except ConnectionClosed:
                    pass
        for _ in range(20):  # cut short: a partial handshake or frame, then gone
            with socket.create_connection(("127.0.0.1", int(host.address.rsplit(":", 1)[1]))) as raw:
                raw.sendall(rng.choice([b"GET / HTTP/1.1\r\nHost: x\r\n", b"\x81\xfe\x40\x00abc", rng.randbytes(100)]))
        # nothing changed: the table is where it was, and the other client heard nothing
        await a.chat("after")
        heard = []
        while True:
            msg = await asyncio.wait_for(a.next_message(), TIMEOUT)
            if isinstance(msg, ChatLine) and msg.text == "after":
                break
            heard.append(msg)
        assert not any(isinstance(m, (Update, Error, ChatLine)) for m in heard), heard
        assert a.seq == seq and a.observation == picture
        action = a.observation.legal_actions[0]
        await a.act(action)
        update = await asyncio.wait_for(a.next_message(), TIMEOUT)
        while not isinstance(update, Update):
            update = await asyncio.wait_for(a.next_message(), TIMEOUT)
        assert update.seq == seq + 1 and update.actor == a.seat  # the first change is the real one
        # and the game plays on to its end
        await asyncio.gather(*(play_randomly(c, random.Random(i), seens[i]) for i, c in enumerate((a, b))))
        assert seens[0].record is not None and seens[1].record is not None
        for c in (a, b):
            await c.close()
        assert host.proc.wait(timeout=TIMEOUT) == 0
    finally:
        host.stop()
