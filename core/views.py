from django.contrib import messages
from django.contrib.auth import login
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import features, health, legal, services
from .forms import SignupForm
from .site_search import search_everything


def home(request):
    return render(request, "core/home.html", {"play_by_post": features.PLAY_BY_POST})


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
        login(request, user, backend="core.backends.UsernameOrEmailBackend")
        messages.success(request, _("Willkommen, %(name)s! Dein Konto ist angelegt.") % {"name": user.username})
        return redirect("home")
    return render(request, "core/signup.html", {"form": form})


@require_GET
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says; point them at the SVG icon."""
    return redirect(static("favicon.svg"), permanent=True)


def impressum(request):
    return render(request, "core/impressum.html", {"operator": legal.operator()})


def privacy(request):
    context = {"operator": legal.operator(), "scans_remote": legal.remote_scan_host()}
    return render(request, "core/privacy.html", context)


@require_GET
def site_search(request):
    """The header's search: cards first, then rules."""
    query = request.GET.get("q", "").strip()[:500]
    return render(request, "core/search.html", {"query": query, "results": search_everything(query)})
