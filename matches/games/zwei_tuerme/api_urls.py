from django.urls import path

from .api import AnalyseView

urlpatterns = [
    path("zwei-tuerme/analyse/", AnalyseView.as_view(), name="zwei-tuerme-analyse"),
]
