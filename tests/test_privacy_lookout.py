"""The one owner of "who may look" (hot-seat privacy), on its own."""

from ohseven_tui.table.privacy import Lookout


class Screen:
    def __init__(self, private_to=None):
        self.private_to = private_to


def test_with_one_human_that_hand_may_always_show():
    lookout = Lookout([2])
    assert not lookout.hot_seat
    assert lookout.may_show(2) and not lookout.needs_handoff(2)
    lookout.close()
    assert lookout.may_show(2)
    assert not lookout.may_show(0)  # a bot's hand never shows


def test_in_hot_seat_a_hand_shows_only_in_its_owners_window():
    lookout = Lookout([0, 1])
    assert not lookout.may_show(0) and not lookout.may_show(1)
    assert lookout.needs_handoff(0)
    lookout.open(0)
    assert lookout.may_show(0) and not lookout.may_show(1) and not lookout.needs_handoff(0)
    assert lookout.needs_handoff(1)
    lookout.close()
    assert not lookout.may_show(0) and lookout.needs_handoff(0)


def test_only_the_owners_own_screen_keeps_the_window():
    lookout = Lookout([0, 1])
    lookout.open(1)
    assert lookout.keeps_window(Screen(private_to=1))
    assert not lookout.keeps_window(Screen(private_to=0))
    assert not lookout.keeps_window(Screen())  # a shared screen
    assert not lookout.keeps_window("help")
