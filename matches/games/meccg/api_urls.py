from django.urls import path

from . import api, kartentext_views, keying_views

urlpatterns = [
    path("meccg/punkte/", api.PunkteView.as_view(), name="meccg-punkte"),
    path("meccg/zuordnung/", keying_views.KeyingView.as_view(), name="meccg-zuordnung"),
    path("meccg/kartentext/", kartentext_views.KartentextView.as_view(), name="meccg-kartentext"),
    path("meccg/partien/<int:pk>/deck/", api.DeckChoiceView.as_view(), name="meccg-deck"),
]
