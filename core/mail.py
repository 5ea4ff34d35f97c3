from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from . import features, kept_mail


def send_welcome(user_id: int) -> str:
    """Send the welcome mail; fails loudly if the user row is not (yet) visible."""
    user = get_user_model().objects.get(pk=user_id)
    body = render_to_string("core/welcome_mail.txt", {"user": user, "play_by_post": features.PLAY_BY_POST})
    kept_mail.send_mail(_("Willkommen in Bruchtal"), body, [user.email])
    return user.email
