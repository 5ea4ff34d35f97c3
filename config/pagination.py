"""Page-number pagination for the whole API, with German errors in the shared error shape.

DRF answers ``?page=abc`` and ``?page=99999`` alike with an English 404 ("Invalid page."). Here a page
that is not a whole number from 1 is the client's mistake (400 ``invalid_page``); a page past the end
stays a 404 (``page_not_found``) but says how many pages there are.
"""

import re

from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination

from config.api_errors import ApiError


class Pagination(PageNumberPagination):
    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param) or "1"
        self._pages = paginator.num_pages  # for the message if the page is past the end
        if raw in self.last_page_strings:
            self._number = paginator.num_pages
            return self._number
        if not re.fullmatch(r"[0-9]{1,18}", raw) or int(raw) < 1:
            raise ApiError(
                "invalid_page",
                _("Ungültige Seitenzahl „%(page)s“: erwartet wird eine ganze Zahl ab 1.") % {"page": raw},
                {"param": self.page_query_param, "value": raw},
            )
        self._number = int(raw)
        return self._number

    def paginate_queryset(self, queryset, request, view=None):
        self._pages = None
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            if self._pages is None:  # not ours: raised before the page number was read
                raise
            raise ApiError(
                "page_not_found",
                _("Seite %(page)d gibt es nicht; die Liste hat %(pages)d Seite(n).")
                % {"page": self._number, "pages": self._pages},
                {"param": self.page_query_param, "value": self._number, "pages": self._pages},
                status_code=404,
            ) from None


class EventPagination(Pagination):
    """A match's events (``GET /api/matches/<id>/events/``): 100 a page, up to 1000 with ``page_size``
    (``limit`` is read as its other name). ``count`` is every event after ``since``; ``next`` keeps
    ``since``, so a client follows ``next`` until it is null."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param) or request.query_params.get("limit")
        if raw is None or raw == "":
            return self.page_size
        if not re.fullmatch(r"[0-9]{1,9}", raw) or int(raw) < 1:
            raise ApiError(
                "invalid_page_size",
                _("Ungültige Seitengröße „%(value)s“: erwartet wird eine ganze Zahl von 1 bis %(max)d.")
                % {"value": raw[:20], "max": self.max_page_size},
                {"param": self.page_size_query_param, "value": raw[:20]},
            )
        return min(int(raw), self.max_page_size)
