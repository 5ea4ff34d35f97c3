"""The five games the site covers. Written by the project (facts from the rulebooks)."""

GAMES = [
    {
        "slug": "meccg",
        "name": "Mittelerde-Sammelkartenspiel (MECCG)",
        "publisher": "Iron Crown Enterprises / Council of Elrond",
        "players": "2",
        "order": 1,
    },
    {
        "slug": "zwei-tuerme",
        "name": "Der Herr der Ringe – Die Zwei Türme",
        "publisher": "Kosmos",
        "players": "2–4",
        "order": 2,
    },
    {
        "slug": "sauron",
        "name": "Der Herr der Ringe – Sauron-Erweiterung",
        "publisher": "Kosmos",
        "players": "3–6",
        "order": 3,
    },
    {
        "slug": "abenteuer-in-mittelerde",
        "name": "Abenteuer in Mittelerde",
        "publisher": "Heidelberger Spieleverlag / Fantasy Flight Games",
        "players": "2–4",
        "order": 4,
    },
    {
        "slug": "schatten-der-macht",
        "name": "Schatten der Macht",
        "publisher": "Ulisses Spiele (Aventurien)",
        "players": "2",
        "order": 5,
    },
]
