"""Language choice: Bruchtal is German unless the visitor picks English in the footer."""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers


class ChosenLanguageMiddleware:
    """Like LocaleMiddleware, but ignores the browser's Accept-Language.

    A German-language site should not switch to English because a browser happens to be set
    up in English; only the explicit choice (the ``set_language`` cookie) does.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.available = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if language not in self.available:
            language = settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie",))
        return response
