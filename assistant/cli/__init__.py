"""The command line (typer + rich). Only this package prints."""
