"""Positions of the rulebook's worked examples, in the position notation (8 rows, 10 columns)."""

# "Spieler Rot hat die Aragorn-9-Karte gelegt": red (seat 1, "2") on 5/3, an orc beside it on 5/2,
# one diagonally next to it on 6/2; diagonally up-right an empty field, then the orc on 3/5 and
# more orcs to its right (3/6, 3/7 and 3/8, which the last point cannot reach).
ARAGORN = "/".join(
    [
        "..........",
        "..........",
        "....oooo..",
        "..........",
        ".o2.......",
        ".o........",
        "..........",
        "..........",
    ]
)
ARAGORN_FROM = [5, 3]
ARAGORN_PATH = [[4, 4], [3, 5], [3, 6], [3, 7]]

# "Spieler Blau hat die Eomer-8-Karte gelegt": blue (seat 2, "3") on 6/3 with orcs on two sides
# (6/2 and 7/3); one up to 5/3, right over 5/4, taking the orcs on 5/5 and 5/6; on 5/6 it closes
# a pincer with red on 1/6 around the three orcs 2/6, 3/6, 4/6.
EOMER = "/".join(
    [
        ".....2....",
        ".....o....",
        ".....o....",
        ".....o....",
        "....oo....",
        ".o3.......",
        "..o.......",
        "..........",
    ]
)
EOMER_FROM = [6, 3]
EOMER_PATH = [[5, 3], [5, 4], [5, 5], [5, 6]]
EOMER_PINCERED = [[4, 6], [3, 6], [2, 6]]
