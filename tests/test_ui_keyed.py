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


def test_panel_parts_are_keyed_by_tag_and_group():
    from game.ui.logic import part_keys
    parts = ['<div class="done-bar"><button>Done</button></div>',
             '<div data-group="selected" class="selinfo">x</div>',
             '<section data-group="move" class="grp"><h3>Move</h3></section>',
             '<section data-group="entries" class="entries"></section>',
             '<p class="muted">a</p>', '<p class="muted">b</p>']
    keys = part_keys(parts)
    assert keys[1:4] == ['<div data-group="selected', '<section data-group="move', '<section data-group="entries']
    assert keys[0] == '<div class="done-bar"'
    assert keys[4:] == ['<p class="muted"', '<p class="muted"#2']  # the same opening tag twice: told apart
    assert len(set(keys)) == len(keys)
    # a section's key is the same whatever it holds (its markup is patched, the element kept)
    assert part_keys(['<section data-group="move" class="grp"><h3>Move (3)</h3></section>']) == [keys[2]]
