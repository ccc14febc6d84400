"""dom.Keyed's plan (logic.child_moves, issue 14): the children end in the wanted order, and no
more of them move than must (a moved counter is laid out and painted again)."""
import itertools
import random

from game.ui.logic import child_moves, unmoved


def apply_moves(cur, new):
    removes, inserts = child_moves(cur, new)
    kids = [k for k in cur if k not in removes]
    for k, before in inserts:
        if k in kids:
            kids.remove(k)
        kids.insert(kids.index(before) if before is not None else len(kids), k)
    return kids, len(inserts)


def longest_increasing(seq):
    vals = [v for v in seq if v >= 0]
    return max((n for n in range(len(vals) + 1) for c in itertools.combinations(vals, n)
                if all(a < b for a, b in zip(c, c[1:]))), default=0)


def test_the_children_end_in_order_with_the_fewest_moves():
    rng = random.Random(14)
    for _ in range(3000):
        pool = list(range(rng.randint(0, 9)))
        cur = rng.sample(pool, rng.randint(0, len(pool)))
        new = rng.sample(pool, rng.randint(0, len(pool)))
        kids, moved = apply_moves(cur, new)
        assert kids == new, (cur, new)
        kept = [k for k in new if k in cur]
        # every new child is inserted; of the kept ones, all but a longest run in the old order move
        assert moved == len(new) - longest_increasing([cur.index(k) for k in kept]), (cur, new)


def test_typical_box_changes_move_one_counter():
    an_khe = list(range(60))
    assert apply_moves(an_khe, an_khe[:30] + an_khe[31:])[1] == 0  # one leaves: only removed
    assert apply_moves(an_khe, an_khe[:30] + [99] + an_khe[30:])[1] == 1  # one arrives
    assert apply_moves(an_khe, an_khe[1:] + an_khe[:1])[1] == 1  # one goes to the end


def test_unmoved_is_an_increasing_run():
    seq = [5, -1, 1, 2, 9, 3, -1, 4, 0]
    run = sorted(unmoved(seq))
    assert [seq[j] for j in run] == [1, 2, 3, 4]
