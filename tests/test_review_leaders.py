"""Every family's saved-game replay says who led each trick (issue 19): the trick
step's summary names the leader, and the leader's own note says "leads". The
leader is read from the game's actions (the first card of each trick), not from
the family's logs."""

from __future__ import annotations

import pytest

from ohseven_tui import conformance
from ohseven_tui.engine import registry

REVIEWED = [spec.name for spec in registry.games() if spec.review is not None]


@pytest.mark.parametrize("name", REVIEWED)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_review_says_who_led_each_trick(name, seed):
    """The family kit's check (ohseven_tui.conformance), on more deals than its own."""
    conformance.review_says_who_led(registry.game_spec(name), seed)
