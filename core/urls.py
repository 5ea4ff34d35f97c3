from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import views

app_name = "core"

urlpatterns = [
    path("registrieren/", views.signup, name="signup"),
    path("anmelden/", views.LoginView.as_view(), name="login"),
    path("abmelden/", views.LogoutView.as_view(), name="logout"),
    path("ueberall-abmelden/", views.logout_everywhere, name="logout_everywhere"),
    path(
        "passwort/",
        views.PasswordChangeView.as_view(success_url=reverse_lazy("core:password_change_done")),
        name="password_change",
    ),
    path(
        "passwort/geaendert/",
        auth_views.PasswordChangeDoneView.as_view(template_name="core/password_change_done.html"),
        name="password_change_done",
    ),
]
