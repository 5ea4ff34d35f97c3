"""Outbox messages handed to the broker from a background thread in worker processes (core/handover.py)."""

import threading

import pytest

from core import handover, outbox


@pytest.fixture
def handed(monkeypatch):
    """Each outbox.dispatch_many call as (ids, marked, thread name); the fixture leaves the hand-over disabled."""
    calls = []

    def dispatch_many(message_ids, marked=False):
        if message_ids == ["boom"]:
            raise RuntimeError("unforeseen")
        calls.append((message_ids, marked, threading.current_thread().name))
        return len(message_ids)

    monkeypatch.setattr(outbox, "dispatch_many", dispatch_many)
    yield calls
    handover.flush()


def _submit(message_ids, marked):
    return handover.submit(outbox.dispatch_many, message_ids, marked)


def test_without_enable_the_caller_hands_over_itself(handed):
    assert _submit([1, 2], marked=True) is False
    assert handed == []


def test_enabled_the_thread_hands_over_in_order_and_flush_waits_for_it(handed):
    handover.enable()
    assert _submit([1], marked=True) is True
    assert _submit([2, 3], marked=False) is True
    handover.flush()
    assert [(ids, marked) for ids, marked, _name in handed] == [([1], True), ([2, 3], False)]
    assert {name for *_rest, name in handed} == {"bruchtal-handover"}  # not the caller's thread
    assert _submit([4], marked=True) is False  # flushed: this process hands over itself again


def test_an_unforeseen_error_does_not_stop_the_thread(handed):
    handover.enable()
    _submit(["boom"], marked=True)
    _submit([5], marked=True)
    handover.flush()
    assert [ids for ids, *_rest in handed] == [[5]]


@pytest.mark.django_db(transaction=True)
def test_after_commit_the_messages_go_to_the_thread(handed):
    from django.db import transaction

    handover.enable()
    with transaction.atomic():
        messages = outbox.enqueue_many("welcome_mail", [{"user_id": 1}], handed_over_at_commit=True)
        assert handed == []  # nothing before the commit
    handover.flush()
    assert handed == [([m.pk for m in messages], True, "bruchtal-handover")]
