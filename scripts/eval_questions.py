"""Measure the rules search on a question set (a TOML file like tests/rules/data/questions.toml).

Each ``[[q]]`` entry has ``game`` (a game slug), ``text`` (what the player types) and ``accept`` (the slugs of
the sections that answer it); an optional ``form`` list (q, en, typo, nodia, …) groups the figures, an optional
``answer`` list holds phrases of the answering sentence, written from the book (any one of them answers).
Every question is asked within its book (``search(text, game)``) and across all books (``search(text, None)``);
the script prints the share with an accepted section first and within the first three, per book and per
form, every miss with the top three it got, and – for questions with ``answer`` – "snippet answers": of the
questions whose first hit is an accepted section, the share whose snippet (the sentence(s) the page shows under
the best answer) holds an answer phrase (case and spacing aside), with each snippet that does not.  It searches
whatever database the settings point at (SQLite by default, PostgreSQL with ``DATABASE_URL``); the rulebooks
must be imported (``manage.py import_content``).

    .venv/bin/python scripts/eval_questions.py tests/rules/data/questions_holdout.toml
    .venv/bin/python scripts/eval_questions.py FILE --scope book --misses-only --json out.json

Exit status 0, or 2 when an accepted slug does not exist in its book (the set is wrong, not the search).
"""

import argparse
import html
import json
import os
import re
import sys
import tomllib
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCOPES = ("book", "all")


@dataclass
class Outcome:
    game: str
    text: str
    accept: list[str]
    form: list[str]
    scope: str
    top: list[str] = field(default_factory=list)  # "game/slug" of the first three hits
    answer: list[str] = field(default_factory=list)  # phrases of the answering sentence (any one answers)
    snippet: str = ""  # the first hit's snippet as plain text

    @property
    def answered(self) -> bool | None:
        """Whether the first hit's snippet holds an answer phrase; None without phrases or a right first hit."""
        if not self.answer or self.rank != 1:
            return None
        shown = _plain(self.snippet)
        return any(_plain(phrase) in shown for phrase in self.answer)

    @property
    def rank(self) -> int | None:
        """1-based place of the first accepted section among the first three, None if none is there."""
        wanted = {f"{self.game}/{slug}" for slug in self.accept}
        for place, hit in enumerate(self.top, start=1):
            if hit in wanted:
                return place
        return None


def _plain(text: str) -> str:
    """Marks and escapes off, case folded, white space single: how a phrase is looked for in a snippet."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).casefold().split())


def setup_django():
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def load_questions(path: Path) -> list[dict]:
    questions = tomllib.loads(path.read_text(encoding="utf-8"))["q"]
    for number, question in enumerate(questions, start=1):
        missing = {"game", "text", "accept"} - set(question)
        if missing:
            raise SystemExit(f"{path}: Frage {number} fehlt {', '.join(sorted(missing))}")
    return questions


def unknown_slugs(questions: list[dict]) -> list[str]:
    from rules.models import Section

    known = defaultdict(set)
    for game, slug in Section.objects.values_list("rulebook__game__slug", "slug"):
        known[game].add(slug)
    return [
        f"{q['game']}: {slug!r} ({q['text']})"
        for q in questions
        for slug in q["accept"]
        if slug not in known[q["game"]]
    ]


def evaluate(questions: list[dict], scopes=SCOPES) -> list[Outcome]:
    from rules.search import search

    outcomes = []
    for question in questions:
        for scope in scopes:
            results = search(question["text"], question["game"] if scope == "book" else None)
            top = [f"{hit.section.rulebook.game.slug}/{hit.section.slug}" for hit in results.sections[:3]]
            snippet = _plain(results.sections[0].snippet) if results.sections else ""
            outcomes.append(
                Outcome(
                    question["game"],
                    question["text"],
                    question["accept"],
                    question.get("form", []),
                    scope,
                    top,
                    question.get("answer", []),
                    snippet,
                )
            )
    return outcomes


def _rate(outcomes: list[Outcome]) -> str:
    n = len(outcomes)
    if not n:
        return "–"
    first = sum(o.rank == 1 for o in outcomes)
    top3 = sum(o.rank is not None for o in outcomes)
    judged = [o for o in outcomes if o.answered is not None]
    answers = "–"
    if judged:
        right = sum(o.answered for o in judged)
        length = sum(len(o.snippet) for o in judged) / len(judged)
        answers = f"{right}/{len(judged)} = {right / len(judged):6.1%} (snippets {length:.0f} characters on average)"
    return f"first {first}/{n} = {first / n:6.1%}   top-3 {top3}/{n} = {top3 / n:6.1%}   snippet answers {answers}"


def snippet_score(outcomes: list[Outcome]) -> tuple[int, int]:
    """(first hits whose snippet answers, first hits judged) over the outcomes with answer phrases."""
    judged = [o.answered for o in outcomes if o.answered is not None]
    return sum(judged), len(judged)


def report(outcomes: list[Outcome], misses_only: bool = False) -> str:
    from django.db import connection

    lines = [f"database: {connection.vendor}"]
    for scope in sorted({o.scope for o in outcomes}, key=SCOPES.index):
        mine = [o for o in outcomes if o.scope == scope]
        label = "within the book" if scope == "book" else "across all books"
        lines.append(f"\n== {label}: {_rate(mine)}")
        if not misses_only:
            for game in sorted({o.game for o in mine}):
                lines.append(f"   {game:26} {_rate([o for o in mine if o.game == game])}")
            for form in sorted({f for o in mine for f in o.form}):
                lines.append(f"   form={form:21} {_rate([o for o in mine if form in o.form])}")
        not_first = [o for o in mine if o.rank != 1]
        lines.append(f"-- not first ({len(not_first)}; '!' = not in the top 3):")
        for o in not_first:
            mark = "!" if o.rank is None else str(o.rank)
            lines.append(f" {mark} [{o.game}] {o.text!r}  want {o.accept}")
            lines.append(f"      got {o.top or ['(nothing)']}")
        unanswered = [o for o in mine if o.answered is False]
        if unanswered:
            lines.append(f"-- first, but the snippet does not answer ({len(unanswered)}):")
            for o in unanswered:
                lines.append(f"   [{o.game}] {o.text!r}  want {o.answer[0]!r}")
                lines.append(f"      shows {o.snippet[:300]!r}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("toml", type=Path, help="question set, e.g. tests/rules/data/questions_holdout.toml")
    parser.add_argument("--scope", choices=(*SCOPES, "both"), default="both")
    parser.add_argument("--misses-only", action="store_true", help="only the totals and the misses")
    parser.add_argument("--json", type=Path, help="also write every outcome to this file")
    args = parser.parse_args(argv)

    setup_django()
    questions = load_questions(args.toml)
    unknown = unknown_slugs(questions)
    if unknown:
        print("Unbekannte Abschnitte in accept (Fragenkatalog prüfen, Regelhefte importiert?):", *unknown, sep="\n  ")
        return 2
    scopes = SCOPES if args.scope == "both" else (args.scope,)
    outcomes = evaluate(questions, scopes)
    print(report(outcomes, args.misses_only))
    if args.json:
        rows = [asdict(o) | {"rank": o.rank, "answered": o.answered} for o in outcomes]
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
