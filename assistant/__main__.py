"""``python -m assistant`` runs the same command line as ``assistant``."""

from assistant.cli.main import run

if __name__ == "__main__":  # pragma: no cover - exercised through subprocess tests
    run()
