"""The table companion: keeps physical board games honest, scores them and keeps their history.

Four games are supported (7 Wonders with Leaders, Roma, PAX, Sylla). The package is layered as
``core`` (game-agnostic protocol), ``games`` (one package per game), ``store`` (the history
database and every query of it), ``service`` (what each command does, one transaction each, by
concern; every ``--json`` shape in ``service.views``) and ``cli`` (the ``assistant`` command).
Each layer imports only the layers before it in this list, and no module imports itself back
through others (``tests/test_imports.py``).
"""

__version__ = "0.1.0"
