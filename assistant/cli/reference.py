"""What a table looks up: ``cards`` (the component catalogue) and ``rules`` (rule texts by
id, card name or words)."""

from typing import Annotated, Optional

import typer

from assistant.cli import render
from assistant.cli.base import GameArg, JsonOpt, app, examples


@app.command(epilog=examples("assistant cards 7wonders", "assistant cards roma --json"))
def cards(game: GameArg, json_out: JsonOpt = False) -> None:
    """The component catalogue of a game (cards, leaders, boards...)."""
    from assistant.games import get_ruleset
    from assistant.service.views import CardsView

    view = CardsView(tuple(get_ruleset(game).catalogue()))
    if json_out:
        render.print_json(view.to_json())
        return
    from assistant.cli.cards import tables

    width = render.text_width()
    lines: list[str] = []
    for title, header, rows, align in tables(view.items):
        wraps = [i for i, h in enumerate(header) if h in ("cost", "what it does")]
        lines += ([""] if lines else []) + [title, *render.grid(header, rows, align, width=width, wrap=wraps)]
    render.plain("\n".join(lines))


@app.command(
    epilog=examples(
        "assistant rules roma",
        "assistant rules 7w 7w.build.cost",
        "assistant rules 7w Library",
        "assistant rules sylla famine",
        "assistant rules pax notation",
    )
)
def rules(
    game: GameArg,
    topic: Annotated[Optional[list[str]], typer.Argument(help="A rule id (or id prefix), a card or other name, 'notation', or words.")] = None,
    json_out: JsonOpt = False,
) -> None:
    """Rule texts for settling disputes: by id, by card or component name, or by word."""
    from assistant.cli.rules import find_rules
    from assistant.games import game_title, resolve_game

    name = resolve_game(game)
    query = " ".join(topic or []).strip()
    if query.lower() == "notation":
        from assistant.resources import notation_dir

        path = notation_dir() / f"{name}.md"
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if json_out:
            from assistant.service.views import NotationView

            render.print_json(NotationView(name, text).to_json())
        elif text:
            from rich.markdown import Markdown

            render.out().print(Markdown(text))
        else:
            render.message(f"no notation guide for {game_title(name)} yet")
        return
    found = find_rules(name, query)
    if json_out:
        from assistant.service.views import RulesView

        render.print_json(RulesView(tuple(found)).to_json())
        return
    render.rule_texts(found, full=bool(query) and len(found) <= 6)
    if not query:
        render.message(f"{len(found)} rules; read one with: assistant rules {name} ID (or a card name, or a word)")
    elif len(found) > 6:
        render.message(f"{len(found)} rules match; name one by its id")
