from django.contrib import messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from . import features, health, legal, services, throttles
from .forms import ChangePasswordForm, LoginForm, SignupForm
from .site_search import search_everything


def home(request):
    return render(request, "core/home.html", {"play_by_post": features.PLAY_BY_POST})


@require_GET
@never_cache
def healthz(request):
    """Readiness: 503 unless the database, the broker, a moves worker and the moves queue are all fine."""
    checks = health.run_checks()
    ok = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if ok else "error", **checks}, status=200 if ok else 503)


@require_GET
@never_cache
def livez(request):
    """Liveness: the process answers. Touches no database, cache or broker (restart only if this fails)."""
    return JsonResponse({"status": "ok"})


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


class LoginView(auth_views.LoginView):
    """Django's log-in, with failed attempts throttled per account and per address (429 + Retry-After)."""

    template_name = "core/login.html"
    authentication_form = LoginForm

    def post(self, request, *args, **kwargs):
        wait, self.throttles = throttles.check_login(request, request.POST.get("username", ""))
        if wait is not None:
            seconds = max(1, int(wait + 0.999))
            message = _(
                "Zu viele fehlgeschlagene Anmeldungen. Bitte warte %(seconds)s Sekunden "
                "und versuche es dann noch einmal."
            ) % {"seconds": seconds}
            # An unbound form: a throttled attempt must not even try the password.
            context = self.get_context_data(form=self.authentication_form(request), throttled=message)
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(seconds)
            return response
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        throttles.release(self.throttles)
        return super().form_valid(form)

    def form_invalid(self, form):
        if form.data.get("username") and form.data.get("password"):
            throttles.record_failure(self.throttles)
        else:  # no password was tried
            throttles.release(self.throttles)
        return super().form_invalid(form)


class AdminLoginView(LoginView):
    """The admin's log-in page with the same failed-attempt throttles (staff accounts are the prize)."""

    template_name = "admin/login.html"
    authentication_form = AdminAuthenticationForm

    def get_context_data(self, **kwargs):
        from django.contrib import admin

        context = {**admin.site.each_context(self.request), **super().get_context_data(**kwargs)}
        if context.get("throttled"):
            # The admin's template knows no "throttled"; it shows the messages.
            messages.error(self.request, context["throttled"])
        return context

    def get_default_redirect_url(self):
        return reverse("admin:index")


class LogoutView(auth_views.LogoutView):
    """Log-out also revokes the user's API tokens (a token must not outlive the session that made it)."""

    def post(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            services.revoke_tokens(request.user)
        return super().post(request, *args, **kwargs)


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "core/password_change.html"
    form_class = ChangePasswordForm

    def form_valid(self, form):
        response = super().form_valid(form)
        # The new password already invalidates old tokens (core.tokens); delete them outright too.
        services.revoke_tokens(self.request.user)
        return response


@require_POST
@login_required
def logout_everywhere(request):
    services.log_out_everywhere(request.user)
    logout(request)
    messages.success(request, _("Du bist jetzt überall abgemeldet, auf allen Geräten und für die API."))
    return redirect("home")


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
