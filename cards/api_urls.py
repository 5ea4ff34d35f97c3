from rest_framework.routers import SimpleRouter

from .api import CardViewSet

app_name = "cards-api"

router = SimpleRouter()
# Registered at the include's root: /api/cards/, /api/cards/autocomplete/, /api/cards/<code>/
router.register("", CardViewSet, basename="card")

urlpatterns = router.urls
