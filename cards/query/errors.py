class QuerySyntaxError(ValueError):
    """A malformed query. ``position`` is the 0-based offset of the problem in the query string."""

    def __init__(self, position: int, message_de: str):
        super().__init__(message_de)
        self.position = position
        self.message_de = message_de

    def __str__(self):
        return self.message_de
