"""The arena's figures: shares and mean differences with 95 % intervals, think-time percentiles."""

from __future__ import annotations

from math import sqrt
from statistics import NormalDist, mean, stdev

from .arena import Pairing, percentile

Z95 = NormalDist().inv_cdf(0.975)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share (ties count half, as in ``outscore_share``)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# Student's t, two-sided 95 %, for 1 … 30 degrees of freedom
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
T95 += (2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95 % interval: the table to 30, then Cornish-Fisher."""
    if df <= 0:
        return float("inf")
    if df <= len(T95):
        return T95[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95 % t interval of the mean."""
    if not values:
        return 0.0, 0.0, 0.0
    m = mean(values)
    if len(values) < 2:
        return m, m, m
    half = t95(len(values) - 1) * stdev(values) / sqrt(len(values))
    return m, m - half, m + half


def deal_differences(result: Pairing) -> list[float]:
    """The point difference per deal: both games of a deal (seats swapped) averaged, so the luck of the
    deal cancels and the interval counts deals, the independent unit."""
    per_deal: dict[int, list[float]] = {}
    for game, diff in zip(result.games, result.differences(), strict=True):
        per_deal.setdefault(game.seed, []).append(diff)
    return [mean(d) for _seed, d in sorted(per_deal.items())]


def outscore_share(result: Pairing) -> float:
    """Games the player ended with more points than the opponent; a tie counts half."""
    diffs = result.differences()
    return (sum(d > 0 for d in diffs) + 0.5 * sum(d == 0 for d in diffs)) / (len(diffs) or 1)


def summary(result: Pairing, first_seed: int) -> list[str]:
    """The arena's lines (German, like the bench): share, points, intervals, thinking times."""
    n = len(result.games)
    share = outscore_share(result)
    low, high = wilson(share * n, n)
    m, m_low, m_high = mean_interval(deal_differences(result))
    deals = len({g.seed for g in result.games})
    lines = [
        f"Arena {result.player} gegen {result.opponent}: {n} Partien zu zweit auf {deals} Verteilungen "
        f"(Seeds {first_seed}–{first_seed + deals - 1}, jede zweimal mit getauschten Plätzen)",
        f"  mehr Punkte: {share * n:g} von {n} = {100 * share:.1f} % [95 %: {100 * low:.1f}, {100 * high:.1f}]",
        f"  Punkte je Partie {result.player} − {result.opponent}: {m:+.2f} [95 %: {m_low:+.2f}, {m_high:+.2f}]"
        f"  (Ø {result.points()[0]:.1f} : {result.points()[1]:.1f}; Orkkette {result.chains}, Ent {n - result.chains})",
    ]
    for who in dict.fromkeys((result.player, result.opponent)):
        ms = [t * 1000 for t in result.thinking(who)]
        if ms:
            lines.append(
                f"  Bedenkzeit {who}: p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
                f"max {max(ms):.1f} ms ({len(ms)} Züge)"
            )
    return lines
