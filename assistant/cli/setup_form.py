"""The guided first-game set-up of Sylla's printed components (issue 23): a short form at the
``play`` prompt (``setup``) for what the program cannot know of a box and the table reads off
it once: the Res Publica ladder (values, start space, crisis zone), the colours of the 6
building spaces, and, if the table wishes, the famine icons, fighters and token of each of
the 10 event cards and the type, fish and hexagons of each of the 40 character cards (rule
``sylla.components.hidden``).

Why a form: the one-line entry ``board ladder=... crisis=N start=N spaces=...`` is exact but
hard to type right the first time. The form asks one thing at a time, says what is legal
with each question, checks each answer as it is given (with the same checks the game makes,
``sylla.data.ladder``, ``sylla.data.building-slots``, ``sylla.data.events``), and then

* enters the board as the game's set-up entry (the record keeps the full ``board ...`` text);
* saves it in the table's local catalogue (``assistant/service/catalogue.py``) under a key
  (``@board`` unless another is given), each event card under its id (``@famine``) and each
  character card under its set and number (``@I.1``: ``senator fish ry I``), so that the next
  game's set-up is one short entry, ``@board``, or ``setup`` again, which then offers the
  saved board as its default, and a card is written ``Blue keeps @I.1, @I.2``.

The characters are asked a set at a time (10 cards: two of each of the five types, checked as
each card is answered, sylla.data.characters); a set stopped half-way is not saved, the sets
answered before it are.

The form itself (:func:`run_form`) only asks, checks and collects; reading a line and printing
are handed in, so that it runs the same at a terminal and in a test.

>>> answers = iter(["0 1 1 2 x", "0 1 1 2 2 3 3 4 5", "", "9", "2", "r y g r y g", ""])
>>> said = []
>>> form = run_form(board_questions(), lambda prompt: next(answers), said.append)
>>> board_entry(form)
'board ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g'
>>> form["key"]
'board'
>>> [line for line in said if line.startswith("✗")][0]
"✗ 'x' is not a whole number   [sylla.data.ladder]"
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from assistant.core.errors import AssistantError, IllegalMove, InvalidEntry
from assistant.core.inputs import signed
from assistant.games.sylla.components import (
    ROMAN_OF,
    BoardSpec,
    CharacterSpec,
    check_character,
    check_set_counts,
    check_board,
    check_event,
    check_icons_total,
    event_data,
    events_by_id,
    facts,
    parse_board,
    parse_character,
    parse_event,
    parse_hexes,
)

if TYPE_CHECKING:
    from assistant.service.play import PlaySession
    from assistant.service.views import CatalogueValue
    from assistant.store.db import Store

Ask = Callable[[str], str]
"""Reads one answer after showing its prompt (``input``, a prompt_toolkit session, a test's list)."""
Say = Callable[[str], None]
"""Shows one line to the table."""

STOP = "Enter on a question without a default, Ctrl-C or Ctrl-D stops the form: nothing is entered or saved"


@dataclass(frozen=True)
class Question:
    """One question of a form: ``name`` keys its answer; ``text`` asks it; ``legal`` says what
    may be answered now (it may depend on the answers before); ``check`` reads an answer and
    returns it as stored, or raises :class:`AssistantError` saying why it cannot be;
    ``default`` is what an empty answer means (``None``: an empty answer stops the form)."""

    name: str
    text: str
    legal: Callable[[Mapping[str, str]], str]
    check: Callable[[str, Mapping[str, str]], str]
    default: Callable[[Mapping[str, str]], str | None] = field(default=lambda answers: None)


def run_form(questions: Sequence[Question], ask: Ask, say: Say, answers: Mapping[str, str] | None = None) -> dict[str, str] | None:
    """Ask ``questions`` one at a time: each with what is legal, each answer checked as it is
    given and the question asked again, with the reason, until it passes. Returns the answers
    as stored (with ``answers`` given before), or ``None`` when the form was stopped (an empty
    answer where there is no default, Ctrl-C, Ctrl-D)."""
    got: dict[str, str] = dict(answers or {})
    for n, question in enumerate(questions, 1):
        while True:
            default = question.default(got)
            say(f"({n}/{len(questions)}) {question.text}")
            prompt = f"  {question.legal(got)}" + (f" [Enter: {default}]" if default is not None else "") + "> "
            try:
                answer = ask(prompt).strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if not answer:
                if default is None:
                    return None
                answer = default
            try:
                got[question.name] = question.check(answer, got)
            except AssistantError as exc:
                for line in _fit(f"✗ {exc.message}" + (f"   [{exc.rule}]" if exc.rule else "")):
                    say(line)
                if exc.hint:
                    for line in _fit(f"  → {exc.hint}"):
                        say(line)
                continue
            break
    return got


def _fit(text: str) -> list[str]:
    """A message in lines of at most 80 columns, broken between words, continued indented."""
    return textwrap.wrap(text, 80, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False) or [text]


# -- the Sylla board ----------------------------------------------------------------------------
def _words(answer: str) -> list[str]:
    """An answer's items, split at spaces and commas."""
    return [w for w in re.split(r"[\s,;]+", answer.strip()) if w]


def _ladder(answers: Mapping[str, str]) -> list[int]:
    """The ladder values answered so far."""
    return [int(v) for v in answers["ladder"].split(",")]


def _check_ladder(answer: str, answers: Mapping[str, str]) -> str:
    """The ladder's printed values left to right: whole numbers, at least 3 spaces, within the
    sanity range (sylla.data.ladder); stored as ``0,1,1,2``."""
    values: list[int] = []
    for word in _words(answer):
        value = signed(word)
        if value is None:
            raise InvalidEntry("sylla.data.ladder", f"'{word}' is not a whole number", hint="e.g. 0 1 1 2 2 3 3 4 5")
        values.append(value)
    high = facts()["board"]["ladder_value_sanity_high"]
    if len(values) < 3:
        raise IllegalMove("sylla.data.ladder", f"a ladder of {len(values)} spaces cannot hold a crisis zone, a middle and an ideal end")
    if any(not -high <= v <= high for v in values):
        raise IllegalMove("sylla.data.ladder", f"ladder values lie between -{high} and {high} (a typo?)")
    return ",".join(map(str, values))


def _start_legal(answers: Mapping[str, str]) -> str:
    """The start spaces allowed: not the leftmost (the crisis zone holds it), counted from 1."""
    return f"2 to {len(_ladder(answers))}, counted from 1 at the left"


def _start_default(answers: Mapping[str, str]) -> str | None:
    """The middle space of an odd ladder (the markers start in the middle); none for an even one."""
    size = len(_ladder(answers))
    return str(size // 2 + 1) if size % 2 else None


def _check_start(answer: str, answers: Mapping[str, str]) -> str:
    """The start space, counted from 1: between the crisis zone (at least the leftmost space)
    and the right end (sylla.data.ladder)."""
    value = signed(answer)
    size = len(_ladder(answers))
    if value is None or not 2 <= value <= size:
        raise IllegalMove("sylla.data.ladder", f"the start space is one of spaces 2 to {size}, counted from 1 at the left, not '{answer}'",
                          hint=f"the middle: {_start_default(answers) or f'{size // 2} or {size // 2 + 1}'}")
    return str(value)


def _crisis_legal(answers: Mapping[str, str]) -> str:
    """How many spaces the crisis zone may hold: from the leftmost up to the one before the start."""
    top = int(answers["start"]) - 1
    return "1" if top == 1 else f"1 to {top}"


def _check_crisis(answer: str, answers: Mapping[str, str]) -> str:
    """The crisis zone's size: at least the leftmost space, never the start space (sylla.data.ladder)."""
    value = signed(answer)
    top = int(answers["start"]) - 1
    if value is None or not 1 <= value <= top:
        raise IllegalMove("sylla.data.ladder", f"the crisis zone holds 1 to {top} spaces at the left end (the markers start outside it), not '{answer}'",
                          hint=f"crisis {_crisis_legal(answers)}")
    return str(value)


def _check_spaces(answer: str, answers: Mapping[str, str]) -> str:
    """The sale colour of each of the 6 building spaces, left to right (``r y g r y g`` or
    ``rygryg``; sylla.data.building-slots); stored as ``r,y,g,r,y,g``."""
    words = _words(answer)
    count = facts()["board"]["building_spaces"]
    if len(words) == 1 and len(words[0]) == count:
        words = list(words[0])
    colours = [parse_hexes(w, "sylla.data.building-slots") for w in words]
    if len(colours) != count or any(len(c) != 1 for c in colours):
        raise IllegalMove("sylla.data.building-slots", f"give one colour (r, y or g) for each of the {count} building spaces, left to right",
                          hint="e.g. r y g r y g")
    return ",".join(colours)


def _check_key(answer: str, answers: Mapping[str, str]) -> str:
    """The catalogue key the board is saved under (letters, digits, ``. _ -``)."""
    from assistant.service.catalogue import catalogue_key

    return catalogue_key(answer)


def board_questions() -> list[Question]:
    """The questions of the board: ladder values, start space, crisis zone, building space
    colours, and the catalogue key it is saved under."""
    return [
        Question("ladder", "Res Publica ladder: the value printed on each space, left to right",
                 lambda a: "whole numbers, at least 3, e.g. 0 1 1 2 2 3 3 4 5", _check_ladder),
        Question("start", "the start space of the three markers (the middle of the ladder)", _start_legal, _check_start, _start_default),
        Question("crisis", "the crisis zone: how many spaces at the left end", _crisis_legal, _check_crisis),
        Question("spaces", "the sale colour of the 6 building spaces under the board, left to right",
                 lambda a: "r red, y yellow, g grey, e.g. r y g r y g", _check_spaces),
        Question("key", "save it in the catalogue as", lambda a: "letters, digits, . _ -", _check_key, lambda a: "board"),
    ]


def board_entry(answers: Mapping[str, str]) -> str:
    """The set-up entry the board's answers make, checked as the game checks it."""
    text = (f"board ladder={answers['ladder']} crisis={answers['crisis']} start={answers['start']} "
            f"spaces={answers['spaces']}")
    spec: BoardSpec = parse_board(text.split()[1:])
    check_board(spec)
    return text


# -- the event cards ------------------------------------------------------------------------------
def _yes_no(answer: str, answers: Mapping[str, str]) -> str:
    """``y`` or ``n``."""
    word = answer.strip().lower()
    if word in ("y", "yes", "n", "no"):
        return word[0]
    raise InvalidEntry("core.form", f"answer y or n, not '{answer}'")


def _event_legal(event_id: str) -> Callable[[Mapping[str, str]], str]:
    """What may be answered for one event card, as a question's ``legal``."""
    return lambda answers: _event_facts(event_id)


def _event_facts(event_id: str) -> str:
    """What may be answered for one event card: famine icons, fighters, token, with what the
    rulebook fixes of this card."""
    data = events_by_id()[event_id]
    known = data["known"]
    fighters = "V, L or VL" + (f" (shows {'/'.join(known['fighters_include'])})" if known.get("fighters_include") else "")
    if event_id == "decadence":
        token = "no token"
    elif known.get("token"):
        token = f"token {known['token']}"
    else:
        token = "token civic, health or leisure"
    return f"famine icons 0-{event_data()['icons_high']}, fighters {fighters}, {token}"


def _event_check(event_id: str) -> Callable[[str, Mapping[str, str]], str]:
    """The check of one event card's answer: read as the ``events`` entry reads it, checked as
    the game checks it (sylla.data.events); stored as the entry writes it (``Famine 1 V health``)."""
    name = str(events_by_id()[event_id]["name"])

    def check(answer: str, answers: Mapping[str, str]) -> str:
        spec = parse_event([name, *_words(answer)])
        check_event(spec)
        return spec.text()

    return check


def event_questions(ids: Sequence[str] | None = None) -> list[Question]:
    """One question per event card (all 10 unless ``ids``): its famine icons, fighters, token."""
    chosen = list(ids) if ids is not None else [str(e["id"]) for e in event_data()["events"]]
    return [Question(i, f"event {events_by_id()[i]['name']}: famine icons, fighters, token", _event_legal(i), _event_check(i))
            for i in chosen]


def ask_events(ask: Ask, say: Say) -> dict[str, str] | None:
    """The 10 event cards, then the rulebook's check on four of them together (their famine
    icons add up to 2, sylla.data.events): when it fails, those four are asked again."""
    got = run_form(event_questions(), ask, say)
    while got is not None:
        try:
            check_icons_total({k: parse_event(v.split()) for k, v in got.items()})
        except AssistantError as exc:
            for line in _fit(f"✗ {exc.message}   [{exc.rule}]"):
                say(line)
            four = [str(i) for i in event_data()["icons_total"]["events"]]
            again = run_form(event_questions(four), ask, say)
            if again is None:
                return None
            got.update(again)
            continue
        return got
    return None


def character_key(card_set: int, number: int) -> str:
    """A character card's catalogue key: its set numeral and its number in the set (``I.1``)."""
    return f"{ROMAN_OF[card_set]}.{number}"


def _character_check(card_set: int, number: int) -> Callable[[str, Mapping[str, str]], str]:
    """The check of one character card's answer: read as an entry reads a character, checked
    as the game checks one (type, fish, hexagons) and against the cards of its set answered
    before it (two of each type); stored with its set numeral (``senator fish ry I``)."""
    key = character_key(card_set, number)

    def check(answer: str, answers: Mapping[str, str]) -> str:
        spec = parse_character(_words(answer))
        if spec.set is not None and spec.set != card_set:
            raise InvalidEntry("sylla.data.characters", f"card {key} is of set {ROMAN_OF[card_set]}, not {ROMAN_OF[spec.set]}",
                               hint="leave the numeral out: the form is at set " + ROMAN_OF[card_set])
        spec = CharacterSpec(spec.kind, spec.christian, spec.hexes, card_set)
        check_character(spec, f"card {key}")
        before = [parse_character(answers[character_key(card_set, n)].split()) for n in range(1, number)]
        check_set_counts(before, [spec], f"card {key}")
        return spec.text()

    return check


def character_questions(card_set: int) -> list[Question]:
    """One question per character card of set ``card_set`` (10): its type, fish, hexagons."""
    count = int(facts()["characters"]["cards_per_set"])
    legal = "senator, merchant, legionary, vestal or slave; fish if Christian; r/y/g"
    return [Question(character_key(card_set, n), f"character {character_key(card_set, n)}: type, fish, hexagons",
                     lambda answers: legal, _character_check(card_set, n)) for n in range(1, count + 1)]


def ask_characters(ask: Ask, say: Say) -> dict[str, str]:
    """The character cards set by set (each a form of 10 questions); the sets answered in full
    before the table stopped."""
    saved: dict[str, str] = {}
    for card_set in range(1, int(facts()["characters"]["sets"]) + 1):
        got = run_form(character_questions(card_set), ask, say)
        if got is None:
            break
        saved.update(got)
    return saved


# -- at the play prompt -----------------------------------------------------------------------------
def saved_boards(items: Sequence[CatalogueValue]) -> list[tuple[str, str]]:
    """The catalogue's saved board entries as ``(key, entry)``: values that are a ``board ...`` entry."""
    return [(item.key, item.value) for item in items if item.value.split(" ", 1)[0].lower() == "board"]


def at_prompt(store: Store, table: PlaySession, verb: str, rest: str, reader: Callable[[], Ask]) -> str | None:
    """The ``setup`` command of the ``play`` prompt for a Sylla game whose board is not entered
    yet. ``None``: not this command (the prompt goes on as before); ``""``: handled, nothing to
    enter; else the set-up entry to enter as if typed. With a board saved in the game's
    catalogue it is offered as the default (Enter), ``new`` asks the questions again;
    otherwise the form asks them, saves the board (and the event cards if asked) in the
    catalogue, and hands back the board entry."""
    if verb != "setup" or rest:
        return None
    loaded = table.loaded
    game = loaded.game
    if game is None or loaded.ruleset.name != "sylla":
        return None
    from assistant.cli import render
    from assistant.games.sylla.rules import setup as sylla_setup
    from assistant.service.catalogue import catalogue_list, catalogue_set

    state = game.state
    if state.phase != "setup" or "board" not in sylla_setup.missing(state):
        render.message("the printed board is already entered (setup asks for it before it is)")
        return ""
    ask = reader()
    catalogue = loaded.catalogue
    saved = saved_boards(catalogue_list(store, "sylla", catalogue).items)
    if saved:
        for key, value in saved:
            render.message(f"  @{key} = {value}")
        keys = [key for key, _ in saved]
        try:
            answer = ask(f"saved board: Enter for @{keys[0]}, another @key, or new> ").strip().lstrip("@").casefold()
        except (EOFError, KeyboardInterrupt):
            answer = "stop"
        if answer in ("", *keys):
            return dict(saved)[answer or keys[0]]
        if answer != "new":
            render.message("nothing entered (answer with Enter, a saved key or new)")
            return ""
    render.wrapped(f"The printed board, one question at a time. {STOP}.")
    answers = run_form(board_questions(), ask, render.message)
    if answers is None:
        render.message("form stopped: nothing entered or saved")
        return ""
    entry = board_entry(answers)
    ruleset = loaded.ruleset
    try:
        ruleset.check(state, ruleset.parse(state, entry))  # the game's own judgement, before anything is saved
    except AssistantError as exc:
        render.error(exc, ruleset.name, at_prompt=True)
        return ""
    catalogue_set(store, "sylla", answers["key"], entry, catalogue)
    render.success(f"saved as @{answers['key']} in the {catalogue} catalogue: next game, type @{answers['key']} or setup")
    events = run_form([Question("events", "also save the 10 event cards (famine icons, fighters, token)?",
                                lambda a: "y or n", _yes_no, lambda a: "n")], ask, render.message)
    if events is not None and events["events"] == "y":
        cards = ask_events(ask, render.message)
        if cards is None:
            render.message("event cards not saved (form stopped)")
        else:
            for key, value in cards.items():
                catalogue_set(store, "sylla", key, value, catalogue)
            render.success("event cards saved: events @" + ", @".join(list(cards)[:4]) + ", … (the ones drawn)")
    characters = run_form([Question("characters", "also save the 40 character cards, a set at a time (type, fish, hexagons)?",
                                    lambda a: "y or n", _yes_no, lambda a: "n")], ask, render.message)
    if characters is not None and characters["characters"] == "y":
        cards = ask_characters(ask, render.message)
        for key, value in cards.items():
            catalogue_set(store, "sylla", key, value, catalogue)
        if cards:
            render.success(f"{len(cards)} character cards saved: write @I.1 for the first card of set I")
        else:
            render.message("character cards not saved (form stopped)")
    return entry
