"""Issue 14: engine/listing.Listing, legal actions listed by blocks and built only when read."""

import pytest

from game.engine.listing import Listing


def _listing():
    out = Listing()
    out.add("lift", 3, lambda i: {"t": "lift", "to": "abc"[i]})
    out.add("lift", 0, lambda i: {"t": "never"})  # an empty block is left out
    out.one({"t": "hold", "unit": "x"})
    out.add("move", 2, lambda i: {"t": "move", "to": i})
    out.one({"t": "done"})
    return out


def test_a_listing_reads_like_the_list_of_its_actions():
    L = _listing()
    want = [{"t": "lift", "to": "a"}, {"t": "lift", "to": "b"}, {"t": "lift", "to": "c"}, {"t": "hold", "unit": "x"},
            {"t": "move", "to": 0}, {"t": "move", "to": 1}, {"t": "done"}]
    assert list(L) == want and len(L) == 7
    assert [L[i] for i in range(7)] == want and L[-1] == {"t": "done"} and L[-7] == want[0]
    for bad in (7, -8):
        with pytest.raises(IndexError):
            L[bad]
    assert L.types() == {"lift", "hold", "move", "done"}
    assert list(L.only("done")) == [{"t": "done"}]
    assert list(L.without("done")) == want[:-1]
    assert len(L.without("lift")) == 4 and L.without("lift")[0] == {"t": "hold", "unit": "x"}


def test_a_listing_knows_the_actions_it_handed_out():
    """The engine takes an action read from the listing as legal without comparing (match._apply);
    an equal action built elsewhere is not one of them (the engine then compares)."""
    L = _listing()
    a = L.without("hold")[3]
    assert a == {"t": "move", "to": 0} and L.gave(a)
    assert not L.gave({"t": "move", "to": 0})


def test_the_actions_of_a_type_anywhere_or_at_the_end():
    """only / without give the same actions whether the type's blocks end the listing (read as a
    slice) or lie among the others."""
    L = _listing()
    L.one({"t": "done", "second": True})
    assert list(L.only("done")) == [{"t": "done"}, {"t": "done", "second": True}]
    assert len(L.without("done")) == 6 and L.without("done")[-1] == {"t": "move", "to": 1}
    assert L.without("done").count == {"lift": 3, "hold": 1, "move": 2} and L.only("done").count == {"done": 2}
    M = Listing()
    M.one({"t": "done"})
    M.add("move", 2, lambda i: {"t": "move", "to": i})
    assert list(M.without("done")) == [{"t": "move", "to": 0}, {"t": "move", "to": 1}]
    assert list(M.only("done")) == [{"t": "done"}] and M.only("done")[0] == {"t": "done"}
    assert list(L.only("hold")) == [{"t": "hold", "unit": "x"}] and list(L.only("nothing")) == []
    assert len(L.without("nothing")) == len(L)


def test_a_head_is_listed_only_when_what_is_read_needs_it():
    """Listing.first: the blocks before the others are listed when the listing is read, not for its
    'done' (a type the head has none of), nor to tell that there is more than the 'done' when the
    head is sure to add some; read, the listing is the same as one listed whole."""
    read = []

    def fill(out):
        read.append(1)
        out.add("move", 2, lambda i: {"t": "move", "to": i})
        out.one({"t": "hold", "unit": "x"})

    def lazy(sure):
        L = Listing()
        L.first(fill, {"move", "hold"}, sure)
        L.one({"t": "done"})
        return L

    L = lazy(True)
    assert L.count_of("done") == 1 and L.has_other("done") and L.few() == 2 and L
    assert list(L.only("done")) == [{"t": "done"}] and L.only("done")[0] == {"t": "done"} and not read
    assert list(L.without("done")) == [{"t": "move", "to": 0}, {"t": "move", "to": 1}, {"t": "hold", "unit": "x"}]
    assert read == [1] and len(L) == 4 and L[3] == {"t": "done"} and L.count == {"move": 2, "hold": 1, "done": 1}
    L = lazy(False)
    assert L.has_other("done") and read == [1, 1]  # not sure: listed to tell
    L = lazy(False)
    assert L.count_of("move") == 2 and read == [1, 1, 1]
    E = Listing()
    E.first(lambda out: None, {"move"})
    E.one({"t": "done"})
    assert not E.has_other("done") and E.few() == 1 and list(E) == [{"t": "done"}]
