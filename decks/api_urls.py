from rest_framework.routers import DefaultRouter

from .api import DeckViewSet

router = DefaultRouter()
router.register("", DeckViewSet, basename="deck")

urlpatterns = router.urls
