"""The decks app's error: what services, limits and the pages raise and show."""


class DeckError(ValueError):
    """A German message for the user, with a machine code and details for the API."""

    def __init__(self, code: str, message: str, details=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}
