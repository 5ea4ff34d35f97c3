from django.core.management.base import BaseCommand

from matches import services


class Command(BaseCommand):
    help = (
        "Erinnert bei 80 % der Bedenkzeit, wendet bei Fristablauf die gewählte Regel an und reicht "
        "liegengebliebene Züge erneut ein (was Celery beat sonst regelmäßig tut). Mehrfach ausführbar."
    )

    def handle(self, *args, **options):
        counts = services.check_deadlines()
        swept = services.sweep_pending_moves()
        self.stdout.write(
            f"Erinnerungen: {counts['reminders']}, abgelaufene Fristen: {counts['expired']}, "
            f"erneut eingereihte Züge: {swept}"
        )
