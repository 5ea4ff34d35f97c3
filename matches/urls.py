from django.urls import path

from . import views, views_live

app_name = "matches"

urlpatterns = [
    path("", views.index, name="index"),
    path("neu/", views.create, name="create"),
    path("einstellungen/", views.settings_view, name="settings"),
    path("nachrichten/", views.notices, name="notices"),
    path("am-zug/", views.my_turn, name="my_turn"),
    path("rangliste/", views.leaderboard, name="leaderboard"),
    path("rangliste/<slug:engine>/", views.leaderboard, name="leaderboard_game"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/beitreten/", views.join, name="join"),
    path("<int:pk>/verlassen/", views.leave, name="leave"),
    path("<int:pk>/einladung/annehmen/", views.accept_invitation, name="accept"),
    path("<int:pk>/einladung/ablehnen/", views.decline_invitation, name="decline"),
    path("<int:pk>/starten/", views.start, name="start"),
    path("<int:pk>/aufgeben/", views.resign, name="resign"),
    path("<int:pk>/abbrechen/", views.abandon, name="abandon"),
    path("<int:pk>/zug/", views.move, name="move"),
    path("<int:pk>/beitrag/", views.post, name="post"),
    path("<int:pk>/wiederholung/", views.replay, name="replay"),
    path("<int:pk>/ruecknahme/", views.takeback_request, name="takeback"),
    path("<int:pk>/ruecknahme/antwort/", views.takeback_answer, name="takeback_answer"),
    path("<int:pk>/revanche/", views.rematch_view, name="rematch"),
    # the live channel of the match page (views_live.py): the event stream and the poll's revision
    path("<int:pk>/live/", views_live.stream, name="live"),
    path("<int:pk>/stand/", views_live.revision_view, name="revision"),
]
