"""A question that names no game, answered by several books: the answer grouped by game.

"gibt es ein handkartenlimit" is asked of five rulebooks at once: Die Zwei Türme (three cards on the hand), Schatten
der Macht (six) and Abenteuer in Mittelerde ("Es gibt kein Handkartenlimit") each answer it, and the best of them is
no better an answer than the others for a player who did not say which game they play. When the first hits come
from different books and the best hit of another book covers as much of the question as the first, the page shows
one answer per game (its best section with its parent heading and snippet, and a link that searches that game
only) and asks "Für welches Spiel?"; the API returns the same groups as ``by_game``. A question that names a game,
or searched with a game chosen, is never grouped.
"""

from dataclasses import dataclass, field

DEPTH = 3  # the first hits that decide whether the question is answered by several books
MAX_GAMES = 4  # groups shown at most (hits among the first MAX_HITS)
MAX_HITS = 6
PER_GAME = 2  # sections shown per game: its best, and the next if it is among the first hits too


@dataclass
class GameGroup:
    game: object  # cards.models.Game
    hits: list = field(default_factory=list)  # rules.search.SectionHit, best first

    @property
    def best(self):
        return self.hits[0]


def by_game(results) -> list[GameGroup]:
    """The answer per game when the first hits come from several books and compete; [] otherwise."""
    if results.game is not None or len(results.sections) < 2:
        return []
    first = results.sections[0]
    top = results.sections[:DEPTH]
    rivals = [hit for hit in top[1:] if _game(hit) != _game(first) and hit.covered >= first.covered]
    if not rivals:
        return []
    groups: dict[int, GameGroup] = {}
    for hit in results.sections[:MAX_HITS]:
        game = hit.section.rulebook.game
        if game.pk not in groups:
            if len(groups) == MAX_GAMES or hit.covered < first.covered:
                continue
            groups[game.pk] = GameGroup(game)
        if len(groups[game.pk].hits) < PER_GAME:
            groups[game.pk].hits.append(hit)
    return list(groups.values()) if len(groups) > 1 else []


def _game(hit) -> int:
    return hit.section.rulebook.game_id
