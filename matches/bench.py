"""Bench cases of the matches app (`make bench`): the engines' own cases."""

from matches.engine.zwei_tuerme import benchcases as zwei_tuerme


def cases():
    yield from zwei_tuerme.cases()
