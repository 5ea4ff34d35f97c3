from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import views
from .forms import NewPasswordForm, ResetRequestForm

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
    path(
        "passwort/vergessen/",
        auth_views.PasswordResetView.as_view(
            template_name="core/password_reset_form.html",
            form_class=ResetRequestForm,
            email_template_name="core/password_reset_email.txt",
            subject_template_name="core/password_reset_subject.txt",
            success_url=reverse_lazy("core:password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "passwort/vergessen/gesendet/",
        auth_views.PasswordResetDoneView.as_view(template_name="core/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "passwort/neu/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="core/password_reset_confirm.html",
            form_class=NewPasswordForm,
            success_url=reverse_lazy("core:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "passwort/neu/fertig/",
        auth_views.PasswordResetCompleteView.as_view(template_name="core/password_reset_complete.html"),
        name="password_reset_complete",
    ),
]
