"""Log-in with the user name or the e-mail address (both case-insensitive)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class UsernameOrEmailBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None or password is None:
            return None
        User = get_user_model()
        username = username.strip()
        if "@" in username:
            users = list(User.objects.filter(email__iexact=username)[:2])
        else:
            users = list(User.objects.filter(username=username)[:1]) or list(
                User.objects.filter(username__iexact=username)[:2]
            )
        if len(users) != 1:
            # Unknown, or (for data from before e-mails were unique) ambiguous: run the hasher anyway
            # so the answer takes as long as for a real user (no user enumeration by timing).
            User().set_password(password)
            return None
        user = users[0]
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
