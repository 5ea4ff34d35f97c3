from celery import shared_task

from . import mail


@shared_task(acks_late=True)
def send_welcome_mail(user_id: int) -> str:
    return mail.send_welcome(user_id)
