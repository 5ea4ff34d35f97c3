from django.contrib import messages
from django.contrib.auth import login
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import health, services
from .forms import SignupForm


def home(request):
    return render(request, "core/home.html")


@require_GET
@never_cache
def healthz(request):
    checks = {"database": health.database_status(), "broker": health.broker_status()}
    ok = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if ok else "error", **checks}, status=200 if ok else 503)


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = services.register_user(form)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Willkommen, %(name)s! Dein Konto ist angelegt.") % {"name": user.username})
        return redirect("home")
    return render(request, "core/signup.html", {"form": form})
