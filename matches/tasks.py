"""Celery tasks: each one line calling a service with ids (acks_late: a dead worker's task is redelivered)."""

from celery import shared_task

from . import bots, mail, notifications, services


@shared_task(acks_late=True)
def resolve_move(move_id: int) -> str:
    return services.resolve_move(move_id)


@shared_task(acks_late=True)
def play_computer_turn(match_id: int, version: int) -> str:
    return bots.play_computer_turn(match_id, version)


@shared_task(acks_late=True)
def send_notice_mail(notice_id: int) -> str:
    return notifications.send_notice_mail(notice_id)


@shared_task
def check_deadlines() -> dict:
    return services.check_deadlines()


@shared_task
def sweep_pending_moves() -> int:
    return services.sweep_pending_moves() + bots.sweep_computer_turns()


@shared_task
def send_mail_digests() -> int:
    return mail.send_daily_digests()
