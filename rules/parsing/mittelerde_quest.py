"""Parser for "Abenteuer in Mittelerde" (Middle-earth Quest, Kosmos 2009), seed ``000_…``.

Headings are ALL-CAPS lines without levels; the book's outline is spelled out in OUTLINE below
(in reading order, checked heading by heading, so a changed seed fails loudly). Decisions:

- Lines 5 and 9 (a Dungeons & Dragons description), the credits ("Mitwirkende"), and the two
  advertisements between INDEX and KURZÜBERSICHT are not rules text: left out, listed in ``omitted``.
- The INDEX is not a section: it fills ``page_index`` and ``ParsedSection.pages`` and yields
  glossary terms. Pages between two index anchors on the same page are inferred; others stay unknown.
- The second "SPIELAUFBAU" heading only captions the set-up picture; its legend joins the first.
- The two-column extraction interleaves "Gewandtheit"/"Weisheit" (hero attributes) with the card
  pools; they are put back under "4) Eigenschaften". A sentence cut by the box "Bestimmung der
  führenden Seite" is rejoined with its beginning.
- Short captions of pictures that are not there ("Symbol Fernkampf") are dropped (listed in ``omitted``).
- Chapter epigraphs (Tolkien quotes) are kept as block quotes at the top of their section.
- Misprints in headings and obvious typos are repaired and recorded; the spelling variants
  "Fertigkeitkarten"/"Fertigkeitskarten" are left as printed and become synonyms.
"""

import re
from itertools import pairwise
from urllib.parse import quote, unquote

from .base import EXAMPLE, RULE, SUMMARY, ParsedBook, ParsedSection, ParsedTerm, Repair
from .notes import heading_note
from .text import (
    Block,
    Outline,
    apply_fixes,
    block_markdown,
    bold_labels,
    build_lexicon,
    definition_from,
    first_index,
    german_heading,
    not_this_book,
    require_lines,
    rewrite_refs,
    shorten,
    split_blocks,
)

TITLE = "Abenteuer in Mittelerde"

# level, kind (r = rule, e = example, s = summary, = merges into the previous section), heading as printed
OUTLINE = """
1 r EINFÜHRUNG
1 r SPIELABLAUF
1 r SPIELMATERIAL
1 r ÜBERSICHT SPIELMATERIAL
2 r DER SPIELPLAN
2 r EREIGNISSE
2 r SCHATTENKARTEN
2 r ANFANGS- UND FORTGESCHRITTENEN-QUESTEN
2 r PLOTS
2 r BEGEGNUNGSKARTEN
2 r BEDROHUNGEN
2 r MONSTER-ÜBERSICHTSKARTEN
2 r MONSTER-KAMPFKARTEN
2 r HELDENKARTEN
2 r FERTIGKEITSKARTEN
2 r VERDERBNISKARTEN
2 r GEGENSTÄNDE
2 r AUFTRÄGE
2 r HELDENBÖGEN
2 r MONSTERPLÄTTCHEN
2 r EINFLUSSMARKER
2 r GUNSTMARKER
2 r MARKER FÜR DEN AKTIVEN SPIELER
2 r STUFENMARKER
2 r SCHADENSMARKER
2 r FORTSCHRITTSMARKER
2 r AKTIONSMARKER SAURON
2 r PLOTMARKER
2 r EREIGNISMARKER
2 r ANFÜHRERMARKER
2 r SCHERGENFIGUREN
2 r HELDENFIGUREN
1 r ÜBERSICHT SPIELPLAN
1 r EINFÜHRUNG
2 r SPIELZIEL
2 r SPIELERANZAHL
2 r ÜBER DIESES REGELWERK
1 r SPIELAUFBAU
1 = SPIELAUFBAU
1 r ÜBERSICHT ÜBER DEN SPIELABLAUF
2 r SPIELRUNDEN
2 r SAURONS ZUG
2 r HELDENZUG
1 r SPIELREGELN SAURON
2 r SAURONS ZUG IM DETAIL
2 r DIE WIDERSTANDSPHASE
2 r WICHTIGE BEGRIFFE
2 r FORTSCHRITTSPHASE
3 r FUNKTION DER FORTSCHRITTSLEISTE
3 r FUNKTION DER SPIELABSCHNITTE
3 e BEWEGEN DER FORTSCHRITTSMARKER
3 r EINSETZEN VON SCHERGEN
2 r DIE PLOTPHASE
3 r PLOTS
4 r AUSSPIELEN VON PLOTS
4 r BETROFFENE ORTE AUF PLOTS
4 r ABWERFEN AKTIVER PLOTS
4 r MEHRERE AKTIVE PLOTS
4 r BESCHAFFENHEIT EINES PLOTS
2 r ENTSCHEIDUNGEN DER HELDEN
2 r DIE EREIGNISPHASE
3 r BESTIMMUNG DER FÜHRENDEN SEITE
3 r BETROFFENE ORTE AUF EREIGNISKARTEN
3 r BESCHAFFENHEIT EINES EREIGNISSES
3 r EDELSTEINE ZUR REGIONEN-ZUORDNUNG
2 r DIE AKTIONSPHASE
3 r AKTION: EINFLUSSMARKER LEGEN
3 r AKTIONSLEISTEN
3 r EINFLUSSMARKER
4 r EINFLUSS IM SCHATTENPOOL
4 r EINFLUSSMARKER AUF ORTEN
3 e BEISPIEL FÜR DAS SETZEN VON EINFLUSS
3 r AKTION: SCHATTENKARTEN UND PLOTS ZIEHEN
4 r SCHATTENKARTEN
4 r SCHATTENKARTEN SPIELEN
4 r BESCHAFFENHEIT EINER SCHATTENKARTE
3 r AKTION: MONSTER UND SCHERGEN BEFEHLIGEN
4 r SCHERGEN
3 e BEISPIEL FÜR SAURONS AKTIONSPHASE
3 r MONSTERPLÄTTCHEN
2 r HELDENKARTEN-PHASE
1 r SPIELREGELN HELDEN
2 r HELDENZUG IM DETAIL
2 r ERHOLUNGSPHASE
3 r ABWERFEN EINER VERDERBNISKARTE
3 r HEILEN
2 r FUNKTION DES HELDENBOGENS
3 r 1) KAMPFAUSRICHTUNG
3 r 2) BESONDERES TALENT
3 r 3) STARTORT
3 r 4) EIGENSCHAFTEN
2 r DIE KARTENPOOLS DER HELDEN
3 r 1) DER LEBENSPOOL
3 r 2) DER REGENERATIONSPOOL
3 r 3) DER SCHADENSPOOL
2 r HINTERHALTSPHASE
2 r REISEPHASE
3 r A) BEWEGUNG
3 r B) KAMPF ODER BEDROHUNG
3 e BEISPIEL REISEPHASE
3 r BEDROHUNGEN
3 r C) FORSCHEN
4 r GUNSTMARKER
4 r ANFÜHRERMARKER
4 r MIT EINEM ANFÜHRER KRIEGSRAT HALTEN
2 r BEGEGNUNGSPHASE
3 e BEISPIEL BEGEGNUNGSPHASE
3 r BESCHAFFENHEIT EINER BEGEGNUNGSKARTE
3 r QUESTEN
4 r QUESTEN VOLLENDEN
1 r WEITERE SPIELELEMENTE
2 r STUFENMARKER
2 r FERTIGKEITSKARTEN
3 r TRAINING
2 r GEGENSTÄNDE
2 r VERDERBNISKARTEN
1 r KAMPF
2 r BESCHAFFENHEIT EINER MONSTER-ÜBERSICHTSKARTE
2 r BESCHAFFENHEIT EINER KAMPFKARTE
2 r MONSTER-KAMPFKARTEN
2 r KAMPFPHASEN
2 r WICHTIGE BEGRIFFE ZUM KAMPF
2 e BEISPIEL KAMPFRUNDE 1
2 e BEISPIEL KAMPFRUNDE 2
2 r ZEITLICHER ABLAUF IM KAMPF
2 r ERSCHÖPFTE KÄMPFER
2 r SCHADEN ERLEIDEN UND BESIEGT WERDEN
3 r MONSTER
3 r SCHERGEN
3 r HELDEN ERLEIDEN SCHADEN
3 r BESIEGTE HELDEN
1 r SPIELENDE UND SIEG
2 r BESCHAFFENHEIT EINES AUFTRAGS
2 r SPIELENDE
2 e BEISPIEL SPIELENDE
1 r WEITERE REGELN
2 r DAS SPIEL ZU ZWEIT
2 r NEU MISCHEN
2 r BESCHRÄNKUNGEN DES SPIELMATERIALS
2 r OPTIONALE REGELN
3 r BESTIMMUNG DER FÜHRENDEN SEITE FÜR FORTGESCHRITTENE
3 r HÖHERER EINSATZ IN SPIELABSCHNITT III
1 r HINWEISE ZUR STRATEGIE
2 r STRATEGIE DER HELDEN
2 r STRATEGIE SAURONS
1 r ÜBERSICHT ÜBER DIE REGIONEN
1 r OFT ÜBERSEHENE REGELN
1 s KURZÜBERSICHT
2 s ÜBERSICHT DER AUFTRÄGE
3 s AUFTRÄGE SAURONS
3 s AUFTRÄGE DER HELDEN
2 s KAMPFABLAUF
2 s SAURONS ZUG
2 s HELDENZUG
"""
KINDS = {"r": RULE, "e": EXAMPLE, "s": SUMMARY}
# words the running text does not settle: "NEU MISCHEN", "OFT ÜBERSEHENE REGELN", "… FÜR FORTGESCHRITTENE"
HEADING_WORDS = {"mischen": "mischen", "übersehene": "übersehene", "fortgeschrittene": "Fortgeschrittene"}

# Title-case sub-headings (the caps outline does not list them): heading -> caps heading of the parent
# they belong to ("Gewandtheit" and "Weisheit" are printed in the next column, among the card pools).
SUBHEADINGS = {
    "Tapferkeit": "4) EIGENSCHAFTEN",
    "Stärke": "4) EIGENSCHAFTEN",
    "Gewandtheit": "4) EIGENSCHAFTEN",
    "Weisheit": "4) EIGENSCHAFTEN",
    "Einflussmarker auf Orte legen": "EINFLUSSMARKER AUF ORTEN",
    "Maximaler Einfluss": "EINFLUSSMARKER AUF ORTEN",
    "Reisen auf Wasserwegen": "A) BEWEGUNG",
    "Das Symbol „beliebige Karte“": "A) BEWEGUNG",
}

RELOCATED = {"Gewandtheit", "Weisheit"}

HEADING_FIXES = [
    ("LEBENSPPOOL", "LEBENSPOOL", "Druckfehler in der Überschrift"),
    ("REGENERATIONSPPOOL", "REGENERATIONSPOOL", "Druckfehler in der Überschrift"),
    ("SCHADENSPPOOL", "SCHADENSPOOL", "Druckfehler in der Überschrift"),
    ("AKTIONSLAISTEN", "AKTIONSLEISTEN", "Druckfehler in der Überschrift"),
    ("KAMPFFHASEN", "KAMPFPHASEN", "Druckfehler in der Überschrift"),
    ("SPIELENDEN UND SIEG", "SPIELENDE UND SIEG", "Druckfehler in der Überschrift (vgl. Index „Spielende“)"),
    ("HELDEN- BÖGEN", "HELDENBÖGEN", "Zeilenumbruch im Wort"),
    ("MONSTER- PLÄTTCHEN", "MONSTERPLÄTTCHEN", "Zeilenumbruch im Wort"),
    ("FORTSCHRITTS- MARKER", "FORTSCHRITTSMARKER", "Zeilenumbruch im Wort"),
    ("MONSTER- KAMPFKARTEN", "MONSTER-KAMPFKARTEN", "Zeilenumbruch im Wort"),
]
TEXT_FIXES = [
    ("Kampfunde", "Kampfrunde", "Tippfehler"),
    ("Mittelirdes", "Mittelerdes", "Tippfehler"),
    ("Mittelherdes", "Mittelerdes", "Tippfehler"),
    ("Mitteleerde", "Mittelerde", "Tippfehler"),
    ("Abenteurer in Mittelerde", "Abenteuer in Mittelerde", "Tippfehler im Spieltitel"),
    ("Fortschrittseiste", "Fortschrittsleiste", "Tippfehler"),
    ("finsterner", "finsterer", "Tippfehler"),
    ("Späber", "Späher", "Tippfehler"),
    ("StraÙe", "Straße", "Zeichensatzfehler der Extraktion"),
    ("Treu los ist", "Treulos ist", "Tippfehler im Zitat"),
    ("Kampfarm", "Kampfart", "Tippfehler"),
    ("errahnen", "erahnen", "Tippfehler"),
    ("Schwertfeldern", "Schwertelfeldern", "Ortsname wie im übrigen Text"),
]
# In the section "Fertigkeitskarten" (p. 26) the translation wrote "Fertigkeitssymbole" for the cards.
SKILL_CARD_FIXES = [
    ("Fertigkeitssymbole-Karten-Stapels", "Fertigkeitskarten-Stapels", "gemeint sind die Fertigkeitskarten"),
    ("Fertigkeitssymbole-Karten-Stapel", "Fertigkeitskarten-Stapel", "gemeint sind die Fertigkeitskarten"),
    ("Fertigkeitssymbole-Karte", "Fertigkeitskarte", "gemeint sind die Fertigkeitskarten"),
    ("Fertigkeitssymbole", "Fertigkeitskarten", "gemeint sind die Fertigkeitskarten"),
]
BROKEN_BOLD_RE = re.compile(r"^(\s*)- (?!\*\*)(?!\.\.\.)([^*\n]{2,70}?):\*\*")

# Index entries whose section is not the one with the same heading: entry -> (heading, occurrence)
INDEX_SECTIONS = {
    "Aktion Einflussmarker legen": ("Aktion: Einflussmarker legen", 0),
    "Aktionsphase": ("Die Aktionsphase", 0),
    "Aktionsmarker": ("Die Aktionsphase", 0),
    "Anführermarker": ("Anführermarker", 1),
    "Aufträge, Beschaffenheit": ("Beschaffenheit eines Auftrags", 0),
    "Bedrohliche Orte": ("B) Kampf oder Bedrohung", 0),
    "Bedrohungen": ("Bedrohungen", 1),
    "Begegnungskarten, Beschaffenheit": ("Beschaffenheit einer Begegnungskarte", 0),
    "Besiegte Helden, Monster und Schergen": ("Schaden erleiden und besiegt werden", 0),
    "Betroffene Orte auf Ereignissen": ("Betroffene Orte auf Ereigniskarten", 0),
    "Bewegung Helden": ("A) Bewegung", 0),
    "Bewegung Monster und Schergen": ("Aktion: Monster und Schergen befehligen", 0),
    "Bewegungssymbole": ("A) Bewegung", 0),
    "Eigenschaften von Helden": ("4) Eigenschaften", 0),
    "Einflussbereich": ("Einflussmarker auf Orten", 0),
    "Eigenschaften von Monstern": ("Beschaffenheit einer Monster-Übersichtskarte", 0),
    "Einflussmarker legen": ("Einflussmarker auf Orte legen", 0),
    "Einflussstärke": ("Maximaler Einfluss", 0),
    "Ereignisphase": ("Die Ereignisphase", 0),
    "Ereignisse, Beschaffenheit": ("Beschaffenheit eines Ereignisses", 0),
    "Fertigkeitskarten": ("Fertigkeitskarten", 1),
    "Forschen": ("C) Forschen", 0),
    "Fortschrittsleiste": ("Funktion der Fortschrittsleiste", 0),
    "Führende Seite, Bestimmung": ("Bestimmung der führenden Seite", 0),
    "Gegenstände": ("Gegenstände", 1),
    "Gunstmarker": ("Gunstmarker", 1),
    "Heilung Helden": ("Heilen", 0),
    "Heilung Schergen": ("Aktion: Monster und Schergen befehligen", 0),
    "Helden- und Fertigkeitskarten, Beschaffenheit": ("Beschaffenheit einer Kampfkarte", 0),
    "Heldenbögen, Beschaffenheit": ("Funktion des Heldenbogens", 0),
    "Widerstandsphase": ("Die Widerstandsphase", 0),
    "Heldenzug Übersicht": ("Heldenzug", 0),
    "Innerhalb von X Feldern": ("Wichtige Begriffe", 0),
    "Kampf, wichtige Begriffe": ("Wichtige Begriffe zum Kampf", 0),
    "Kampfbeispiel": ("Beispiel Kampfrunde 1", 0),
    "Kartenpools": ("Die Kartenpools der Helden", 0),
    "Kriegsrat halten, mit Anführern": ("Mit einem Anführer Kriegsrat halten", 0),
    "Lebenspool": ("1) Der Lebenspool", 0),
    "Monster und Schergen befehligen": ("Aktion: Monster und Schergen befehligen", 0),
    "Monster-Kampfkarten": ("Monster-Kampfkarten", 1),
    "Monster-Übersichtskarten": ("Beschaffenheit einer Monster-Übersichtskarte", 0),
    "Monsterplättchen": ("Monsterplättchen", 1),
    "Monsterplättchen ins Spiel bringen": ("Aktion: Monster und Schergen befehligen", 0),
    "Plots": ("Plots", 1),
    "Plotphase": ("Die Plotphase", 0),
    "Regenerationspool": ("2) Der Regenerationspool", 0),
    "Region": ("Wichtige Begriffe", 0),
    "Saurons Zug Übersicht": ("Saurons Zug", 0),
    "Schaden erleiden": ("Schaden erleiden und besiegt werden", 0),
    "Schadenspool": ("3) Der Schadenspool", 0),
    "Schattenfestungen": ("Wichtige Begriffe", 0),
    "Schattenkarten, Beschaffenheit": ("Beschaffenheit einer Schattenkarte", 0),
    "Schattenkarten und Plots ziehen": ("Aktion: Schattenkarten und Plots ziehen", 0),
    "Schattenpool": ("Einfluss im Schattenpool", 0),
    "Schergen": ("Schergen", 0),
    "Spielabschnitt, aktueller": ("Funktion der Spielabschnitte", 0),
    "Spielabschnitte": ("Funktion der Spielabschnitte", 0),
    "Spielmaterial Übersicht": ("Übersicht Spielmaterial", 0),
    "Spielplan, Übersicht": ("Übersicht Spielplan", 0),
    "Spielsieg": ("Spielende und Sieg", 0),
    "Stärke Helden": ("Stärke", 0),
    "Stärke Monster": ("Beschaffenheit einer Monster-Übersichtskarte", 0),
    "Stufenmarker": ("Stufenmarker", 1),
    "Tapferkeit Helden": ("Tapferkeit", 0),
    "Tapferkeit Monster": ("Beschaffenheit einer Monster-Übersichtskarte", 0),
    "Unwirksam": ("Wichtige Begriffe zum Kampf", 0),
    "Verderbniskarten": ("Verderbniskarten", 1),
    "Wege, Bewegung": ("A) Bewegung", 0),
    "Weisheit Helden": ("Weisheit", 0),
    "Weisheit Monster und Schergen": ("Beschaffenheit einer Monster-Übersichtskarte", 0),
    "Zufluchtsorte": ("Wichtige Begriffe", 0),
    "Zwei-Personen-Spiel": ("Das Spiel zu zweit", 0),
}
# Pages the index does not name, taken from the book's own references ("Übersichtskarte ... auf S. 36").
EXTRA_PAGES = {7: ("Spielziel", 0), 9: ("Spielaufbau", 0), 36: ("Übersicht über die Regionen", 0)}

# Index entry -> glossary term it belongs to (None: a page pointer, not a term).
INDEX_TERMS = {
    "Aktion Einflussmarker legen": "Einflussmarker legen",
    "Aufträge, Beschaffenheit": "Auftrag",
    "Bedrohliche Orte": "Bedrohlicher Ort",
    "Bedrohungen": "Bedrohung",
    "Begegnungskarten, Beschaffenheit": "Begegnungskarte",
    "Besiegte Helden, Monster und Schergen": "Besiegt",
    "Betroffene Orte auf Ereignissen": "Betroffener Ort",
    "Betroffene Orte auf Plots": "Betroffener Ort",
    "Bewegung Helden": "Bewegung",
    "Bewegung Monster und Schergen": "Bewegung",
    "Eigenschaften von Helden": "Eigenschaften",
    "Eigenschaften von Monstern": "Eigenschaften",
    "Ereignisse, Beschaffenheit": "Ereignis",
    "Erschöpfte Kämpfer": "Erschöpft",
    "Führende Seite, Bestimmung": "Führend",
    "Heilung Helden": "Heilen",
    "Heilung Schergen": "Heilen",
    "Helden- und Fertigkeitskarten, Beschaffenheit": "Kampfkarten",
    "Heldenbögen, Beschaffenheit": "Heldenbogen",
    "Heldenzug im Detail": "Heldenzug",
    "Heldenzug Übersicht": "Heldenzug",
    "Innerhalb von X Feldern": "Innerhalb von X Feldern",
    "Kampf, wichtige Begriffe": None,
    "Kampfbeispiel": None,
    "Kriegsrat halten, mit Anführern": "Kriegsrat halten",
    "Monsterplättchen ins Spiel bringen": "Monsterplättchen",
    "Saurons Zug im Detail": "Saurons Zug",
    "Saurons Zug Übersicht": "Saurons Zug",
    "Schaden erleiden": "Schaden",
    "Schattenfestungen": "Schattenfestung",
    "Schattenkarten, Beschaffenheit": "Schattenkarte",
    "Schattenkarten und Plots ziehen": "Schattenkarten und Plots ziehen",
    "Spielabschnitt, aktueller": "Aktueller Spielabschnitt",
    "Spielmaterial Übersicht": "Spielmaterial",
    "Spielplan, Übersicht": "Spielplan",
    "Stärke Helden": "Stärke",
    "Stärke Monster": "Stärke",
    "Tapferkeit Helden": "Tapferkeit",
    "Tapferkeit Monster": "Tapferkeit",
    "Wege, Bewegung": "Weg",
    "Weisheit Helden": "Weisheit",
    "Weisheit Monster und Schergen": "Weisheit",
    "Wichtige Begriffe": None,
    "Zufluchtsorte": "Zufluchtsort",
    "Zwei-Personen-Spiel": "Spiel zu zweit",
}
# Spelling variants and inflected forms found in the text, per term.
SYNONYMS = {
    "Fertigkeitskarten": ["Fertigkeitkarten", "Fertigkeitskarte", "Fertigkeitkarte"],
    "Reisephase": ["Bewegungsphase"],
    "Feind": ["feindlich"],
    "Freund": ["freundlich"],
    "Innerhalb von X Feldern": ["Innerhalb von [X] Feldern"],
    "Füge X Schaden zu": ["Füge [X] Schaden zu"],
    "Schadensmarker": ["Schadenmarker"],
    "Orte": ["Ort"],
    "Weg": ["Wege"],
    "Zufluchtsort": ["Zufluchtsorte"],
    "Schattenfestung": ["Schattenfestungen"],
    "Bedrohlicher Ort": ["bedrohliche Orte", "bedrohlich"],
    "Auftrag": ["Aufträge"],
    "Bedrohung": ["Bedrohungen"],
    "Begegnungskarte": ["Begegnungskarten"],
    "Ereignis": ["Ereignisse", "Ereigniskarte", "Ereigniskarten"],
    "Heilen": ["Heilung"],
    "Heldenbogen": ["Heldenbögen"],
    "Kampfkarten": ["Kampfkarte"],
    "Schattenkarte": ["Schattenkarten"],
    "Plots": ["Plot"],
    "Questen": ["Queste"],
    "Spielabschnitte": ["Spielabschnitt"],
    "Lebenspool": ["Lebenspools"],
    "Saurons Zug": ["Sauron-Zug"],
    "Heldenzug": ["Heldenzugs"],
    "Gegenstände": ["Gegenstand"],
    "Verderbniskarten": ["Verderbniskarte"],
    "Monster-Übersichtskarten": ["Monster-Übersichtskarte"],
    "Monster-Kampfkarten": ["Monster-Kampfkarte"],
}


# Where the first sentence of the defining section is not a definition, the book's own words from
# elsewhere (or a summary of the section) are used.
DEFINITIONS = {
    "Besiegt": "Ein Kämpfer ist besiegt, wenn er so viel Schaden erlitten hat wie er Lebenspunkte hat; ein Held, "
    "wenn er weder Karten in seinem Lebenspool noch auf der Hand hat.",
    "Schaden": "Für jeden Schadenspunkt erhält ein Monster oder Scherge einen Schadensmarker; ein Held wirft je "
    "Schadenspunkt eine Karte aus Lebenspool oder Hand verdeckt in seinen Schadenspool.",
    "Spielmaterial": "Das im Spiel enthaltene Material: Spielplan, große und kleine Karten, Heldenbögen, Marker "
    "und Plättchen sowie Figuren.",
    "Spielplan": "Zeigt die Orte Mittelerdes, die die Helden bereisen können, dazu Saurons Aktionsmöglichkeiten, "
    "seine Schergen und Ablageflächen für Karten und Spielmarker.",
    "Spielsieg": "Erfüllt bei Spielende eine Seite ihren Auftrag, gewinnt sie direkt; sonst entscheidet ein "
    "Schlusskampf eines Helden gegen die Ringgeister.",
    "Kampfkarten": "Sammelbegriff für Monster-Kampfkarten und Heldenkarten (einschließlich Fertigkeitskarten); "
    "jede ist entweder eine (blaue) Fernkampfkarte oder eine (rote) Nahkampfkarte.",
    "Begegnungskarte": "Karte, die eine Situation auf den Reisen der Helden zeigt; in der Begegnungsphase führt "
    "der Held von drei gezogenen Karten die mit dem niedrigsten Kartenrang aus, die seinen Ort betrifft.",
    "Ereignis": "Ereigniskarten haben einmalige oder länger währende Auswirkungen auf den Spielverlauf und bringen "
    "Gunstmarker und Anführer an bestimmten Orten ins Spiel.",
    "Schattenkarte": "Karte, die Sauron unterschiedlichste, mächtige Fähigkeiten verschafft; er darf sie spielen, "
    "wenn im Schattenpool mindestens so viele Einflussmarker liegen wie links oben auf der Karte angegeben.",
    "Schattenpool": "Ablage für Saurons Einflussmarker, die ihm erlauben, mächtigere Schattenkarten und Plots "
    "auszuspielen.",
    "Aktionsmarker": "Marker, die Sauron in seiner Aktionsphase auf die Aktionsleisten legt, um anzuzeigen, welche "
    "Aktionen er gewählt hat.",
    "Spielaufbau": "Die Vorbereitungen vor Spielbeginn, in fester Reihenfolge: Seitenwahl, Spielplan, Aufbau der "
    "Helden und Saurons, Aufträge ziehen.",
    "Kriegsrat halten": "Ein Held, der am Ort eines Anführers forscht, kann mit ihm Kriegsrat halten und entweder "
    "dessen Fähigkeit nutzen oder Gunst von ihm erhalten.",
    "Plotphase": "Phase in Saurons Zug, in der er einen Plot ausspielen, einen aktiven Plot abwerfen oder nichts "
    "tun kann.",
    "Bedrohlicher Ort": "Ein bedrohlicher Ort ist entweder einer der dauerhaft bedrohlichen Orte (gekennzeichnet "
    "durch das Bedrohungssymbol) oder ein Ort, an dem mehr Einflussmarker liegen als der Held Weisheit besitzt.",
    "Bewegung": "Ein Held bewegt sich zu einem benachbarten Ort, indem er eine Karte mit dem Bewegungssymbol des "
    "Weges oder so viele beliebige Karten abwirft, wie die Zahl auf dem Symbol angibt.",
}
# Key terms the index does not list: term -> (heading, occurrence)
EXTRA_TERMS = {
    "Einflussmarker": ("Einflussmarker", 0),
    "Heldenkarten": ("Heldenkarten", 0),
    "Kartenrang": ("Beschaffenheit eines Ereignisses", 0),
    "Plotmarker": ("Plotmarker", 0),
}


def _outline():
    for line in OUTLINE.strip().splitlines():
        level, kind, heading = line.split(" ", 2)
        yield int(level), kind, heading


def is_caps_heading(block: Block) -> bool:
    text = block.first
    letters = [c for c in text if c.isalpha()]
    return len(block.lines) == 1 and len(letters) >= 3 and all(c.isupper() for c in letters) and text[0] != "-"


def parse(text: str) -> ParsedBook:
    repairs: list[Repair] = []
    omitted: list[str] = []
    # lines the parser cuts the book at; their absence means this is another text
    require_lines(text, TITLE, ["EINFÜHRUNG", "WEITERE SPIELELEMENTE", "INDEX", "MITWIRKENDE", "KURZÜBERSICHT"])
    lines = text.split("\n")

    # --- clean the source lines (each change recorded) ------------------------------------
    _drop_dnd(lines, omitted)
    apply_fixes(lines, HEADING_FIXES, repairs)
    apply_fixes(lines, TEXT_FIXES, repairs, mark=True)
    skills = _find(lines, "FERTIGKEITSKARTEN", start=_find(lines, "WEITERE SPIELELEMENTE"))
    apply_fixes(lines, SKILL_CARD_FIXES, repairs, skills, _find(lines, "GEGENSTÄNDE", start=skills), mark=True)
    _repair_list_lines(lines, repairs)
    _rejoin_cut_sentence(lines, repairs)

    blocks = split_blocks("\n".join(lines))
    index_start = _block(blocks, "INDEX")
    credits_start = _block(blocks, "MITWIRKENDE")
    ads_start = first_index(
        blocks,
        lambda b: b.first.startswith("Spiel und Spaß für die ganze Familie"),
        TITLE,
        "die Werbeseite „Spiel und Spaß für die ganze Familie“",
    )
    summary_start = _block(blocks, "KURZÜBERSICHT")
    omitted.append(
        f"Mitwirkende und Impressum (Zeilen {blocks[credits_start].lineno}–{blocks[index_start].lineno - 1})"
    )
    omitted.append(
        f"Werbung für andere Spiele: „Die Säulen der Erde“ und „Die Tore der Welt“ "
        f"(Zeilen {blocks[ads_start].lineno}–{blocks[summary_start].lineno - 1})"
    )
    omitted.append(f"Index (ab Zeile {blocks[index_start].lineno}): als Seitenzuordnung und Glossar übernommen")
    first = _block(blocks, "EINFÜHRUNG")
    omitted.append(f"Titelzeilen (Zeilen {blocks[0].lineno}–{blocks[first - 1].lineno})")
    body_blocks = blocks[first:credits_start] + blocks[summary_start:]
    index_blocks = blocks[index_start:ads_start]

    lexicon = build_lexicon("\n".join(b.text for b in body_blocks if not is_caps_heading(b)))
    sections = _build_tree(body_blocks, lexicon, omitted)

    # --- index: pages, page index, glossary ----------------------------------------------
    entries = _index_entries(index_blocks)
    by_heading = _occurrences(sections)
    page_index = _assign_pages(sections, entries, by_heading)
    for top in sections:
        for section, _ in top.walk():
            section.body, _count = rewrite_refs(section.body)
            section.body = _point_fragments_at_headings(section.body, sections)
            if section.pages:
                # "(s. nächste Seite)": the page after the one the section starts on
                section.body = section.body.replace(
                    "(s. nächste Seite)", f"([s. nächste Seite](ref:p{section.pages[0] + 1}))"
                )
    _note_heading_fixes(sections, repairs)
    terms = _glossary(sections, by_heading, entries)
    return ParsedBook(
        title=TITLE, sections=sections, terms=terms, repairs=repairs, omitted=omitted, page_index=page_index
    )


def _note_heading_fixes(sections: list[ParsedSection], repairs: list[Repair]) -> None:
    """A misprinted heading word corrected by HEADING_FIXES is noted under the heading (a rejoined line break
    changes no wording and gets no note)."""
    misprints = {(wrong, right): reason for wrong, right, reason in HEADING_FIXES if reason.startswith("Druckfehler")}
    done: set[tuple[str, str]] = set()
    for repair in repairs:
        key = (repair.before, repair.after)
        if key not in misprints or key in done:
            continue
        done.add(key)
        word = repair.after.casefold()
        for top in sections:
            for section, _ in top.walk():
                if word in section.heading.casefold():
                    text = f"Überschrift korrigiert aus „{repair.before}“ ({misprints[key]})"
                    section.body = heading_note(text) + "\n\n" + section.body


def _point_fragments_at_headings(markdown: str, sections: list[ParsedSection]) -> str:
    """ "siehe „Vorbereitung“ S. 28" names a bold step, not a heading: point at the section on that page
    that explains it (here "Kampfphasen"), so the link can be resolved by its heading."""
    headings = [s.heading.casefold() for top in sections for s, _ in top.walk()]

    def replace(match: re.Match) -> str:
        page, fragment = int(match["page"]), unquote(match["fragment"])
        if any(fragment.casefold() in heading for heading in headings):
            return match[0]
        for top in sections:
            for section, _ in top.walk():
                if page in section.pages and f"**{fragment}" in section.body:
                    return match[0].replace(match["fragment"], quote(section.heading, safe=""))
        return match[0]

    return re.sub(r"\(ref:p(?P<page>\d+)(?:-\d+)?#(?P<fragment>[^)]+)\)", replace, markdown)


# --- source clean-up ----------------------------------------------------------------------


def _block(blocks: list[Block], first_line: str) -> int:
    return first_index(blocks, lambda b: b.first == first_line, TITLE, f"die Überschrift „{first_line}“")


def _find(lines: list[str], exact: str, start: int = 1) -> int:
    """1-based number of the first line equal to ``exact`` at or after ``start``."""
    for number in range(start, len(lines) + 1):
        if lines[number - 1].strip() == exact:
            return number
    raise not_this_book(TITLE, f"die Zeile „{exact}“ (ab Zeile {start})")


def _drop_dnd(lines: list[str], omitted: list[str]) -> None:
    for number, line in enumerate(lines, start=1):
        if "Dungeons & Dragons" in line:
            lines[number - 1] = ""
            omitted.append(
                f"Zeile {number}: irreführende Beschreibung als Dungeons-&-Dragons-Rollenspiel (kein Regeltext)"
            )


def _repair_list_lines(lines: list[str], repairs: list[Repair]) -> None:
    for index, line in enumerate(lines):
        match = BROKEN_BOLD_RE.match(line)
        if match:
            fixed = BROKEN_BOLD_RE.sub(r"\1- **\2:**", line, count=1)
            repairs.append(Repair(index + 1, line[: match.end()], fixed[: match.end() + 2], "Fettdruck-Beginn fehlte"))
            lines[index] = fixed
        if line.strip() == "- | | |":
            lines[index] = "| | |"
            repairs.append(Repair(index + 1, "- | | |", "| | |", "Tabellenkopf als Listenpunkt extrahiert"))
    # "... mit einer ..." / "- ... Bedrohung": one list item split in two by the extraction
    for index in range(len(lines) - 1):
        if lines[index].rstrip().endswith(" ...") and lines[index + 1].startswith("- ... "):
            before = lines[index + 1]
            lines[index] = lines[index].rstrip()[:-4] + " " + before[len("- ... ") :]
            lines[index + 1] = ""
            repairs.append(Repair(index + 2, before, "", "Listenpunkt war auf zwei Punkte verteilt"))


def _rejoin_cut_sentence(lines: list[str], repairs: list[Repair]) -> None:
    """The box "Bestimmung der führenden Seite" cuts a sentence of "Die Ereignisphase" in two."""
    head = first_index(
        lines,
        lambda line: line.rstrip().endswith("Ablage für die aktuelle Ereigniskarte"),
        TITLE,
        "der Satz „… Ablage für die aktuelle Ereigniskarte“",
    )
    tail = first_index(
        lines,
        lambda line: line.startswith("auf dem Spielplan gelegt. Liegt dort bereits"),
        TITLE,
        "der Satz „auf dem Spielplan gelegt. Liegt dort bereits …“",
    )
    repairs.append(Repair(tail + 1, lines[tail], "", f"Satzfortsetzung an Zeile {head + 1} angefügt (Spaltenumbruch)"))
    lines[head] = lines[head].rstrip() + " " + lines[tail].strip()
    lines[tail] = ""


# --- tree ---------------------------------------------------------------------------------


def _is_caption(block: Block) -> bool:
    text = block.text
    return (
        len(block.lines) == 1
        and len(text) < 90
        and not re.search(r"[.!?:“)]$", text.rstrip("*"))
        and not text.startswith(("-", "|", "„", "–", "*–"))
        and not re.match(r"\d+\.", text)
    )


def _build_tree(blocks: list[Block], lexicon, omitted: list[str]) -> list[ParsedSection]:
    outline = Outline()
    expected = list(_outline())
    caps_of: dict[int, str] = {}  # id(section) -> caps heading
    opened: dict[str, ParsedSection] = {}  # caps heading -> latest section
    captions: list[str] = []
    epigraph = False
    for block in blocks:
        if is_caps_heading(block):
            if not expected:
                raise ValueError(
                    f"Zeile {block.lineno}: unerwartete Überschrift „{block.first}“ nach dem Ende der Gliederung."
                )
            level, kind, caps = expected.pop(0)
            if caps != block.first:
                raise ValueError(
                    f"Zeile {block.lineno}: erwartet war die Überschrift „{caps}“, gefunden „{block.first}“."
                )
            if kind == "=":
                outline.resume()
                epigraph = False
                continue
            shown = german_heading(caps, lexicon, HEADING_WORDS)
            section = outline.open(level, shown, KINDS[kind])
            caps_of[id(section)] = caps
            opened[caps] = section
            epigraph = True
            continue
        text = block.text
        if text in SUBHEADINGS:
            parent = opened[SUBHEADINGS[text]]
            outline.open_under(parent, text)
            epigraph = False
            continue
        if epigraph and text.startswith("„") and not is_list_markdown_line(text):
            outline.add("> " + _quote_text(block))
            continue
        if epigraph and text.lstrip("*").startswith(("–", "Der Herr der Ringe")):
            _extend_quote(outline, block)
            continue
        epigraph = False
        if _is_caption(block):
            captions.append(f"{text.strip('*')} (Zeile {block.lineno})")
            continue
        markdown = _body(block)
        if caps_of.get(id(outline.current())) == "WICHTIGE BEGRIFFE":
            markdown = re.sub(r"^([A-ZÄÖÜ][^:]{1,40}):\s", r"**\1:** ", markdown)  # glossary entry labels
        outline.add(markdown)
    if expected:
        missing = ", ".join(f"„{caps}“" for _, _, caps in expected)
        raise not_this_book(TITLE, f"die Überschriften {missing}")
    if captions:
        omitted.append("Bildunterschriften ohne Bild: " + "; ".join(captions))
    return outline.finish()


def is_list_markdown_line(text: str) -> bool:
    return text.startswith(("- ", "1. "))


def _quote_text(block: Block) -> str:
    return " ".join(line.strip() for line in block.lines)


def _extend_quote(outline: Outline, block: Block) -> None:
    """Attribution lines of an epigraph ("– Aus dem Kapitel …", "Der Herr der Ringe – …")."""
    target = outline.current()
    parts = outline.parts.setdefault(id(target), [])
    source = ""
    for line in (line.strip().strip("*").strip() for line in block.lines):
        separator = ", " if line.startswith("Der Herr der Ringe") else " "
        source = f"{source}{separator}{line}" if source else line
    source = (
        source.replace("Der Herr der Ringe", "*Der Herr der Ringe", 1) + "*"
        if "Der Herr der Ringe" in source
        else source
    )
    if parts and parts[-1].startswith(">"):
        last_line = parts[-1].split("\n")[-1]
        parts[-1] += (", " if last_line.startswith("> –") else "\n>\n> ") + source
    else:
        parts.append("> " + source)


def _body(block: Block) -> str:
    return bold_labels(block_markdown(block))


# --- index and pages ----------------------------------------------------------------------

INDEX_RE = re.compile(r"^-?\s*(?P<name>[^:]+):\s*Seiten?\s+(?P<pages>[\d–\-, ]+)$")


def _index_entries(blocks: list[Block]) -> list[tuple[str, list[int]]]:
    entries = []
    for block in blocks:
        for line in block.lines:
            match = INDEX_RE.match(line.strip())
            if not match:
                continue
            pages: list[int] = []
            for part in match["pages"].split(","):
                bounds = [int(p) for p in re.split(r"[–-]", part.strip()) if p]
                pages.extend(range(bounds[0], bounds[-1] + 1))
            entries.append((match["name"].strip(), pages))
    return entries


def _occurrences(sections: list[ParsedSection]) -> dict[str, list[ParsedSection]]:
    found: dict[str, list[ParsedSection]] = {}
    for top in sections:
        for section, _ in top.walk():
            found.setdefault(section.heading, []).append(section)
    return found


def _index_section(name: str, by_heading) -> ParsedSection:
    heading, nth = INDEX_SECTIONS.get(name, (name, 0))
    if heading not in by_heading:
        raise ValueError(f"Indexeintrag „{name}“: Es gibt keinen Abschnitt „{heading}“.")
    return by_heading[heading][nth]


def _assign_pages(sections, entries, by_heading) -> dict[int, str]:
    order = {id(s): n for n, (s, _) in enumerate(s for top in sections for s in top.walk())}
    anchors: dict[int, set[int]] = {}  # id(section) -> pages
    owners: dict[int, ParsedSection] = {}
    for name, pages in entries:
        section = _index_section(name, by_heading)
        anchors.setdefault(id(section), set()).update(pages)
        owners[id(section)] = section
    for page, (heading, nth) in EXTRA_PAGES.items():
        section = by_heading[heading][nth]
        anchors.setdefault(id(section), set()).add(page)
        owners[id(section)] = section
    for key, pages in anchors.items():
        owners[key].pages = sorted(pages)
    # sections between two anchors that start on the same page lie on that page
    walk = [s for top in sections for s, _ in top.walk() if s.kind != SUMMARY]
    known = [(n, min(s.pages)) for n, s in enumerate(walk) if s.pages]
    for (a, page_a), (b, page_b) in pairwise(known):
        if page_a == page_b:
            for section in walk[a + 1 : b]:
                section.pages = [page_a]
    # printed page -> heading of the earliest section (in reading order) that starts there
    page_index: dict[int, str] = {}
    starts: dict[int, ParsedSection] = {}
    for section in walk:
        if section.heading in RELOCATED:
            continue  # printed further down the page, next to the card pools
        for page in section.pages[:1]:
            if page not in starts or order[id(section)] < order[id(starts[page])]:
                starts[page] = section
    # pages no section starts on belong to the earliest section covering them ("Spielaufbau", pp. 8–9)
    for section in walk:
        for page in section.pages:
            if page not in starts:
                starts[page] = section
    for page in sorted(starts):
        page_index[page] = starts[page].heading
    return page_index


# --- glossary -----------------------------------------------------------------------------

ENTRY_RE = re.compile(r"^(?:- )?\*\*(?P<name>[^*]{2,90}?):\*\*\s*(?P<text>.+)$", re.S)


def _glossary(sections, by_heading, entries) -> list[ParsedTerm]:
    terms: dict[str, ParsedTerm] = {}

    def add(name: str, definition: str, heading: str, pages: list[int]) -> None:
        key = name.casefold()
        if key in terms:
            term = terms[key]
            term.pages = sorted(set(term.pages) | set(pages))
            return
        synonyms = [s for s in SYNONYMS.get(name, []) if s.casefold() != key]
        terms[key] = ParsedTerm(name, definition, heading, synonyms, sorted(set(pages)))

    # 1. the two "Wichtige Begriffe" lists define their terms
    for heading in ("Wichtige Begriffe", "Wichtige Begriffe zum Kampf"):
        section = by_heading[heading][0]
        for paragraph in re.split(r"\n\s*\n|\n(?=- \*\*)", section.body):
            match = ENTRY_RE.match(paragraph.strip())
            if not match:
                continue
            name = match["name"].split(" / ")[0].replace("[X]", "X").strip()
            if name.startswith("Wenn der aufgedruckte"):
                name = "Aufgedruckter Angriffs- oder Verteidigungswert"
            definition = shorten(" ".join(_first_sentences(match["text"], 2)), 320)
            add(name, definition, heading, [])
    # 2. the index: every entry is a term (grouped, see INDEX_TERMS) defined by the section it points to
    for name, pages in entries:
        term = INDEX_TERMS.get(name, name)
        if term is None:
            continue
        section = _index_section(name, by_heading)
        forms = [term, *SYNONYMS.get(term, []), name.split(",")[0]]
        add(term, definition_from(section.body, forms) or shorten(section.heading), section.heading, pages)
    for term, (heading, nth) in EXTRA_TERMS.items():
        section = by_heading[heading][nth]
        add(term, definition_from(section.body, [term, *SYNONYMS.get(term, [])]), heading, section.pages)
    for term in terms.values():
        term.definition = DEFINITIONS.get(term.term, term.definition)
    # a synonym must not also be a term of its own
    names = set(terms)
    for term in terms.values():
        term.synonyms = [s for s in term.synonyms if s.casefold() not in names or s.casefold() == term.term.casefold()]
    return list(terms.values())


def _first_sentences(markdown: str, count: int) -> list[str]:
    from .text import sentences

    return sentences(markdown)[:count]
