"""The curated data of the "Abenteuer in Mittelerde" parser (mittelerde_quest.py): the book's outline, the
fixes of its text, where index entries and glossary terms point, synonyms and definitions."""

import re

from .base import EXAMPLE, RULE, SUMMARY

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
