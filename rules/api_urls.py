from django.urls import path
from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
router.register("rulebooks", api.RulebookViewSet, basename="rulebook")
router.register("sections", api.SectionViewSet, basename="section")
router.register("terms", api.GlossaryTermViewSet, basename="term")

urlpatterns = [path("search/", api.SearchView.as_view(), name="rules-search"), *router.urls]
