"""The table companion: keeps physical board games honest, scores them and keeps their history.

Four games are supported (7 Wonders with Leaders, Roma, PAX, Sylla). The package is layered as
``core`` (game-agnostic protocol), ``games`` (one package per game), ``store`` (the history
database), ``service`` (one transaction per command) and ``cli`` (the ``assistant`` command).
"""

__version__ = "0.1.0"
