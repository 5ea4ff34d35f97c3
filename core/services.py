"""Writes for accounts: sign-up in one transaction, the welcome mail after commit."""

from django.db import transaction

from .tasks import send_welcome_mail


@transaction.atomic
def register_user(form):
    user = form.save()
    # The task reads the user row, so it must only be queued once the row is committed.
    send_welcome_mail.delay_on_commit(user.pk)
    return user
