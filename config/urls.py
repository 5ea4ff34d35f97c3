from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core import api as core_api
from core import views as core_views
from matches import plugins

# Swagger UI (third party) injects its own style elements: only there do inline styles pass
# (scripts stay 'self'). Redoc is not offered: it loads its logo from a CDN, which the CSP forbids.
_docs_csp = csp_update({"style-src": ["'unsafe-inline'"]})

api_patterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: the CSP allows no inline script.
    path("docs/", _docs_csp(SpectacularSwaggerSplitView.as_view(url_name="schema")), name="api-docs"),
    path("auth/token/", core_api.TokenView.as_view(), name="api-token"),
    path("auth/logout-everywhere/", core_api.LogoutEverywhereView.as_view(), name="api-logout-everywhere"),
    path("cards/", include("cards.api_urls")),
    path("rules/", include("rules.api_urls")),
    path("decks/", include("decks.api_urls")),
    path("matches/", include("matches.api_urls")),
    # Each game's own API (matches/games/<game>/api_urls.py), registered through its AppConfig.
    *plugins.api_urlpatterns(),
]

urlpatterns = [
    path("", core_views.home, name="home"),
    path("healthz", core_views.healthz, name="healthz"),
    path("livez", core_views.livez, name="livez"),
    path("impressum/", core_views.impressum, name="impressum"),
    path("datenschutz/", core_views.privacy, name="privacy"),
    path("suche/", core_views.site_search, name="search"),
    path("favicon.ico", core_views.favicon),
    path("konto/", include("core.urls")),
    path("karten/", include("cards.urls")),
    path("regeln/", include("rules.urls")),
    path("decks/", include("decks.urls")),
    *plugins.page_urlpatterns(),
    path("partien/", include("matches.urls")),
    path("api/", include(api_patterns)),
    path("i18n/", include("django.conf.urls.i18n")),
    # Before admin.site.urls: the admin's log-in gets the failed-attempt throttles too.
    path("admin/login/", core_views.AdminLoginView.as_view(), name="admin-login"),
    path("admin/", admin.site.urls),
]

handler400 = "core.errors.bad_request"
handler403 = "core.errors.permission_denied"
handler404 = "core.errors.page_not_found"
handler500 = "core.errors.server_error"

admin.site.site_header = _("Bruchtal – Redaktion")
admin.site.site_title = "Bruchtal"
admin.site.index_title = _("Inhalte bearbeiten")
