"""Writes outside the importer: an editor's change to a section or term in the admin."""

from django.db import transaction

from . import search
from .importer import ReferenceResolver, render_section
from .models import GlossaryTerm, Rulebook, Section, UnresolvedReference


@transaction.atomic
def save_edited_section(section: Section) -> Section:
    """Mark a section as edited by staff, re-render its HTML (references resolved) and refresh search.

    A later import keeps this section's content unless it runs with --force.
    """
    section.edited_by_staff = True
    section.save()
    rulebook = section.rulebook
    # Printed pages are kept on the sections, so page references resolve without the parser's page index.
    resolver = ReferenceResolver(list(rulebook.sections.select_related("rulebook__game")), {})
    found = render_section(section, resolver)
    UnresolvedReference.objects.filter(section=section).delete()
    UnresolvedReference.objects.bulk_create(
        UnresolvedReference(rulebook=rulebook, section=section, text=label[:300], target=target[:300])
        for label, target in found["unresolved"]
    )
    search.refresh_vectors(rulebook)
    return section


@transaction.atomic
def save_edited_term(term: GlossaryTerm) -> GlossaryTerm:
    term.edited_by_staff = True
    term.save()
    rulebook = Rulebook.objects.filter(game_id=term.game_id).first()
    if rulebook is not None:
        search.refresh_vectors(rulebook)  # the term's names count as heading words of its section
    return term
