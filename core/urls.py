from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import views
from .forms import LoginForm

app_name = "core"

urlpatterns = [
    path("registrieren/", views.signup, name="signup"),
    path(
        "anmelden/",
        auth_views.LoginView.as_view(template_name="core/login.html", authentication_form=LoginForm),
        name="login",
    ),
    path("abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "passwort/",
        auth_views.PasswordChangeView.as_view(
            template_name="core/password_change.html",
            success_url=reverse_lazy("core:password_change_done"),
        ),
        name="password_change",
    ),
    path(
        "passwort/geaendert/",
        auth_views.PasswordChangeDoneView.as_view(template_name="core/password_change_done.html"),
        name="password_change_done",
    ),
]
