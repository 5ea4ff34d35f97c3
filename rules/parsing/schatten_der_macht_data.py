"""The curated data of the "Schatten der Macht" parser (schatten_der_macht.py): the book's outline, the
resources of the actions, the boxes and the glossary terms."""

import re
from pathlib import Path

from .base import EXAMPLE, RULE, SUMMARY

TITLE = "Schatten der Macht"
REPAIRS_FILE = Path(__file__).parent / "data" / "schatten_der_macht_repairs.json"

# level, kind (r rule, e example, s summary box holding one list), heading as printed (after word repairs)
OUTLINE = """
1 r Spielziel
1 r Spielmaterial
2 r Spielplan
2 r 4 Fraktionstableaus
2 r 59 Ressourcenkarten
2 r 30 Organisationskarten
2 r 62 Organisationsmarken
2 r 24 Heldenquesten
2 r 8 Einsteiger-Heldenquesten
2 r 21 Geheimpläne
2 r 20 Konflikt-/ **Missionsmarken**
2 r Startspieler-Marke
2 r Spielfiguren
2 r Trophäen und Besondere Einheiten
1 r Vorbereitung
2 r Die Heldenquesten
2 r Die Fraktionen
2 r Die Startregionen wählen
2 r Startvorteile ausführen
2 r Restlichen Spielbereich aufbauen
2 r Startspieler ermitteln
2 r Im Spiel verwendete Symbole
1 r Die Spielrunde
2 r Rundenablauf
2 r Phase 1: Nachschubphase
3 r Neue Heldenquesten aufdecken
3 r Handkarten nachziehen
3 r Graue Eminenzen aufwerten oder Einheiten erhalten
2 r Phase 2: Aktionsphase
3 r Übersicht
3 r Bezahlen von Aktionen
4 r Bezahlen mithilfe von Ressourcenorganisationen
3 r Aktionen
4 r Abenteurer anheuern
5 s Aktion: Abenteurer anheuern
4 r Schiffe bauen
5 s Aktion: Schiffe bauen
4 r Abenteurer/Schiffe bewegen
5 r Bewegung von Schiffen
5 r Bewegung über Schiffe
5 s Aktion: Abenteurer / Schiffe bewegen
4 r Organisationen erwerben
5 s Aktion: Organisationen erwerben
4 r Organisationen stärken
5 s Aktion: Organisationen stärken
4 r Typen von Organisationen
4 r helden nutzen
5 s Aktion: Helden nutzen
4 r Passen
5 s Aktion: Passen
2 r Phase 3: Entscheidungsphase
3 r Konflikte
4 r Schiffsunterstützung?
4 r Konflikt abhandeln
5 r a) Es gibt eine stärkste Konfliktpartei:
5 r b) Es gibt keine stärkste Konfliktpartei:
4 r Konfliktmarken
4 r Kampflose Eroberung
4 r Konflikte auf Meeren
3 r heldenquesten auswerten
1 r Ende des Spiels & Wertung
2 r Kontrollierte Regionen
2 r Kontrollierte Organisationen
2 r Kontrollierte Trophäen
2 r Gewonnene Heldenquesten
2 r Geheimplan
2 r Gesamt
2 e Beispielwertung
1 r Sonderregeln
2 r Trophäen
3 r Schwarze Augen
3 r Magische Artefakte
2 r Besondere Einheiten
3 r Dämonenarchen
3 r Drachen
3 r Dschinn
3 r Zauberschiff
1 r Erläuterung von Kartentexten
2 r Vorteilsorganisationen
2 r Heldenquesten
"""
KINDS = {"r": RULE, "e": EXAMPLE, "s": SUMMARY}
DISPLAY = {
    "20 Konflikt-/ **Missionsmarken**": "20 Konflikt-/Missionsmarken",
    "helden nutzen": "Helden nutzen",
    "heldenquesten auswerten": "Heldenquesten auswerten",
    "a) Es gibt eine stärkste Konfliktpartei:": "a) Es gibt eine stärkste Konfliktpartei",
    "b) Es gibt keine stärkste Konfliktpartei:": "b) Es gibt keine stärkste Konfliktpartei",
}
END = "Impressum Schatten der Macht"

# Resource of each action; a lost icon in its description can only be that resource.
ACTION_RESOURCE = {
    "Abenteurer anheuern": "Schwert & Stab",
    "Aktion: Abenteurer anheuern": "Schwert & Stab",
    "Schiffe bauen": "Anker",
    "Aktion: Schiffe bauen": "Anker",
    "Abenteurer/Schiffe bewegen": "Stiefel",
    "Bewegung von Schiffen": "Stiefel",
    "Bewegung über Schiffe": "Stiefel",
    "Aktion: Abenteurer / Schiffe bewegen": "Stiefel",
    "Organisationen erwerben": "Gold",
    "Aktion: Organisationen erwerben": "Gold",
    "Organisationen stärken": "Gold",
    "Aktion: Organisationen stärken": "Gold",
}
OVERVIEW_RESOURCES = {
    "Abenteurer anheuern": "Schwert & Stab",
    "Schiffe kaufen": "Anker",
    "Abenteurer / Schiffe bewegen": "Stiefel",
    "Organisationen erwerben": "Gold",
    "Organisationen stärken": "Gold",
}
ICON_RE = re.compile(
    r"<table-cell-columns>|<equation-block>|\\chi|"
    r"[\U0001F000-\U0001FAFF\u2460-\u24FF\u25A0-\u25FF\u2600-\u27BF\u4E00-\u9FFF]+"
)
# A resource amount whose icon vanished without a trace: "1 bezahlen", "(2 , einer davon verfällt)".
BARE_AMOUNT_RE = re.compile(r"(?<![\w.])(\d{1,2})(?= ?(?:,|\)| bezahlen| spielen| \(|, sodass))")
EXAMPLE_RE = re.compile(r"^(?:Alrike|Bedrik|Cedrik|Cedrike|Dedrik|Edrik)\b")
# Labelled rules printed as boxes: label -> sub-section heading
SIDEBARS = {
    "Unwegsame Regionen": "Unwegsame Regionen",
    "Rückzug von Abenteurern": "Rückzug von Abenteurern",
    "Ressourcenorganisationen": "Ressourcenorganisationen",
    "Vorteilsorganisationen": "Vorteilsorganisationen",
    "Überlebende Schiffe": "Überlebende Schiffe",
}
SIDEBAR_RE = re.compile(r"^(?P<label>[A-ZÄÖÜ][\wäöüß ]{3,40}?)(?P<note> \([^)]*\))?:\s")
CARD_RE = re.compile(r"^(?P<name>[A-ZÄÖÜ][\w'’. -]{2,40}?):\s")
LIST_SECTIONS = {"Im Spiel verwendete Symbole", "Übersicht"}
BOARD_CAPTIONS = ("Beispiel-Spielfeld-Aufbau", "Spieler 3:")  # captions of the set-up picture
# Cost tables placed by the layout before the heading of the action they belong to.
DEFERRED_TABLES = {
    "Zu platzierende Schiffe": "Schiffe bauen",
    "Zur Verfügung stehende Bewegungen": "Abenteurer/Schiffe bewegen",
    "Stärkungen": "Organisationen stärken",
}

TERMS = [
    ("Region", "Spielplan", ["Regionen"]),
    ("Meer", "Spielplan", ["Meere"]),
    ("Trophäe", "Trophäen", ["Trophäen"]),
    ("Heldenqueste", "24 Heldenquesten", ["Heldenquesten", "Heldenquesten-Karte", "Heldenquesten-Karten"]),
    ("Geheimplan", "21 Geheimpläne", ["Geheimpläne"]),
    ("Vorrat", "Die Fraktionen", []),
    ("Reserve", "Die Fraktionen", []),
    ("Fraktion", "Die Fraktionen", ["Fraktionen"]),
    ("Spielerfarbe", "Die Fraktionen", []),
    ("Graue-Eminenz-Karte", "59 Ressourcenkarten", ["Graue-Eminenz-Karten", "Graue Eminenz", "Graue Eminenzen"]),
    (
        "Verbesserte Graue-Eminenz-Karte",
        "Graue Eminenzen aufwerten oder Einheiten erhalten",
        ["Verbesserten Graue-Eminenz-Karten"],
    ),
    ("Regionskarte", "Die Startregionen wählen", ["Regionskarten"]),
    ("Startregion", "Die Startregionen wählen", ["Startregionen"]),
    ("Neutraler Abenteurer", "Die Startregionen wählen", ["neutrale Abenteurer", "neutraler Abenteurer (schwarz)"]),
    ("Ressourcenkarte", "59 Ressourcenkarten", ["Ressourcenkarten"]),
    ("Organisationskarte", "30 Organisationskarten", ["Organisationskarten", "Organisation", "Organisationen"]),
    ("Startspieler-Marker", "Startspieler-Marke", ["Startspieler-Marke"]),
    ("Kurzes Spiel", "Die Heldenquesten", ["langes Spiel"]),
    (
        "Bewegung",
        "Abenteurer/Schiffe bewegen",
        ["Bewegungen"],
        "Jede einzelne Bewegung erlaubt es, eine beliebige Menge eigener Abenteurer aus einer Region in eine "
        "angrenzende Region zu bewegen (Schiffe entsprechend von Meer zu Meer).",
    ),
    ("Unwegsame Region", "Unwegsame Regionen", ["unwegsame Regionen", "unwegsam"]),
    ("Rückzug von Abenteurern", "Rückzug von Abenteurern", ["Rückzug"]),
    ("Bewegung über Schiffe", "Bewegung über Schiffe", []),
    ("Ressourcenorganisation", "Ressourcenorganisationen", ["Ressourcenorganisationen"]),
    ("Vorteilsorganisation", "Vorteilsorganisationen", ["Vorteilsorganisationen"]),
    ("Stärkung", "Organisationen stärken", ["Stärkungen", "stärken"]),
    (
        "Überboten",
        "helden nutzen",
        ["überbieten"],
        "Wer eine Heldenquesten-Karte nutzt, legt einen Abenteurer mehr darauf, als dort liegen; die bisherigen "
        "Abenteurer sind überboten und wandern in den Vorrat ihres Besitzers zurück.",
    ),
    ("Heldenaktion", "Helden nutzen", ["Heldenaktionen"]),
    ("Entscheidungsphase", "Phase 3: Entscheidungsphase", []),
    ("Konflikt", "Konflikte", ["Konflikte"]),
    ("Schiffsunterstützung", "Schiffsunterstützung?", []),
    ("Kampflose Eroberung", "Kampflose Eroberung", []),
    ("Bedingung", "Heldenquesten auswerten", ["Bedingungen"]),
    ("Stufe-3-Queste", "Heldenquesten auswerten", ["Stufe-3-Questen", "Stufe-3-Heldenquesten"]),
    ("Wertung", "Ende des Spiels & Wertung", ["Mehrheiten"]),
    ("Schwarzes Auge", "Schwarze Augen", ["Schwarze Augen", "Schwarzes-Auge-Marke"]),
    ("Besondere Einheit", "Besondere Einheiten", ["Besondere Einheiten"]),
    ("Dämonenarche", "Dämonenarchen", ["Dämonenarchen", "Splitter"]),
    ("Drache", "Drachen", ["Drachen", "Karfunkel"]),
    ("Dschinn", "Dschinn", []),
    ("Zauberschiff", "Zauberschiff", []),
]
