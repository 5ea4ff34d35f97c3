from django.urls import path

from . import kartentext_views, keying_views, views

app_name = "meccg"

urlpatterns = [
    path("meccg/punkte/", views.punkte, name="punkte"),
    path("meccg/zuordnung/", keying_views.zuordnung, name="zuordnung"),
    path("meccg/kartentext/", kartentext_views.kartentext, name="kartentext"),
    path("meccg/<int:pk>/deck/", views.choose_deck, name="deck"),
]
