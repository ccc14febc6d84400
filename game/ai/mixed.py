"""Mixed strategies for the decisions where the rules hide something (issue 46 item 2): a small
zero-sum game between the computer's candidates (rows) and what the other side may have chosen or
may do (columns: a hidden set-up, the target of its next operation), solved for the mix that does
best against the worst column (maximin), then sampled. A pure best answer to one guess is what a
player learns to beat: the standard US searched 5320 first in 300 of 300 Starlite games and won
exactly when the regiment was there.

Game-agnostic: payoffs in, a mix out (multiplicative weights, as many rounds as the matrix needs to
settle to within a hundredth)."""

import math


def maximin(payoff, rounds=400):
    """The row mix (probabilities) that maximises the worst column's expected payoff, and that
    value. `payoff[i][j]`: the row player's payoff (0..1) for row i against column j."""
    n = len(payoff)
    m = len(payoff[0]) if n else 0
    if n == 0:
        return [], 0.0
    if m <= 1 or n == 1:
        best = max(range(n), key=lambda i: (payoff[i][0] if m else 0, -i))
        return [1.0 if i == best else 0.0 for i in range(n)], (payoff[best][0] if m else 0.0)
    # the column player's multiplicative weights, the row player's best answers averaged
    eta = math.sqrt(8 * math.log(m) / rounds)
    w = [1.0] * m
    counts = [0] * n
    for _ in range(rounds):
        tot = sum(w)
        q = [x / tot for x in w]
        i = max(range(n), key=lambda r: (sum(payoff[r][j] * q[j] for j in range(m)), -r))
        counts[i] += 1
        for j in range(m):
            w[j] *= math.exp(-eta * payoff[i][j])  # the columns that hurt the row player gain weight
    x = [c / rounds for c in counts]
    x = [p if p >= 0.02 else 0.0 for p in x]  # drop the noise of the first rounds
    tot = sum(x)
    x = [p / tot for p in x]
    value = min(sum(x[i] * payoff[i][j] for i in range(n)) for j in range(m))
    return x, value


def contested(payoff, floor=0.05):
    """The columns where some row scores above `floor` (all of them if there are none): against a
    column every row loses, no mix does better than another, and keeping it would make the maximin
    indifferent to every other column (each row's worst would be that 0)."""
    cols = [j for j in range(len(payoff[0]) if payoff else 0) if any(r[j] > floor for r in payoff)]
    if not cols or len(cols) == len(payoff[0]):
        return payoff
    return [[r[j] for j in cols] for r in payoff]


def sample(mix, rng):
    """An index drawn with the mix's probabilities (the argmax when one row has them all)."""
    r = rng.random()
    acc = 0.0
    for i, p in enumerate(mix):
        acc += p
        if r < acc:
            return i
    return max(range(len(mix)), key=lambda i: mix[i])
