"""The one error services raise: a machine code, a German message, details for the API."""


class MatchError(Exception):
    # Codes that mean "not allowed" (HTTP 403) rather than "bad input" (HTTP 400).
    FORBIDDEN = {"not_participant", "not_creator", "not_allowed", "not_invited"}
    # Codes that mean "this clashes with what is already there" (HTTP 409).
    CONFLICT = {"idempotency_conflict"}

    def __init__(self, code: str, message: str, details=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    @property
    def status_code(self) -> int:
        if self.code in self.CONFLICT:
            return 409
        return 403 if self.code in self.FORBIDDEN else 400
