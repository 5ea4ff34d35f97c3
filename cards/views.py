from django.shortcuts import get_object_or_404, render

from .models import Card


def index(request):
    return render(request, "cards/index.html", {"cards": Card.objects.select_related("card_set")[:50]})


def detail(request, code):
    card = get_object_or_404(Card.objects.select_related("card_set", "game"), code=code)
    return render(request, "cards/detail.html", {"card": card})
