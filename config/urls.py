from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from core import views as core_views

api_patterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("cards/", include("cards.api_urls")),
    path("rules/", include("rules.api_urls")),
    path("decks/", include("decks.api_urls")),
    path("matches/", include("matches.api_urls")),
    path("meccg/", include("matches.meccg_api_urls")),
]

urlpatterns = [
    path("", core_views.home, name="home"),
    path("healthz", core_views.healthz, name="healthz"),
    path("konto/", include("core.urls")),
    path("karten/", include("cards.urls")),
    path("regeln/", include("rules.urls")),
    path("decks/", include("decks.urls")),
    path("partien/meccg/", include("matches.meccg_urls")),
    path("partien/", include("matches.urls")),
    path("api/", include(api_patterns)),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

admin.site.site_header = _("Bruchtal – Redaktion")
admin.site.site_title = "Bruchtal"
admin.site.index_title = _("Inhalte bearbeiten")
