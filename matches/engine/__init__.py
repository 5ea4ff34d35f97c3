"""Pure-Python rules engines. Nothing below this package imports Django.

``registry`` maps an engine's slug to its instance; the match framework looks engines up there.
"""
