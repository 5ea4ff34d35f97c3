"""Filter classes shared by the API's filter sets."""

import django_filters
from django import forms

# Keeps ids and counts inside what every database column can hold (no overflow, no 500).
MAX_INT = 2**31 - 1


class IntegerFilter(django_filters.NumberFilter):
    """A whole-number filter with bounds; anything else is a German 400 from django-filter."""

    field_class = forms.IntegerField

    def __init__(self, *args, min_value: int = 0, max_value: int = MAX_INT, **kwargs):
        super().__init__(*args, min_value=min_value, max_value=max_value, **kwargs)
