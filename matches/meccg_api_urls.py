from django.urls import path

from . import meccg_api

urlpatterns = [
    path("punkte/", meccg_api.PunkteView.as_view(), name="meccg-punkte"),
]
