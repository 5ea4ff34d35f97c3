from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.index, name="index"),
    path("suche/", views.search_page, name="search"),
    path("glossar/", views.glossary, name="glossary"),
    path("<slug:game_slug>/", views.table_of_contents, name="toc"),
    path("<slug:game_slug>/glossar/", views.glossary, name="game_glossary"),
    path("<slug:game_slug>/begriff/<slug:term_slug>/", views.term_detail, name="term"),
    path("<slug:game_slug>/<slug:section_slug>/", views.section_detail, name="section"),
]
