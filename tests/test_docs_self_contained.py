"""The repository is self-contained (issue 23, D14): no document, rule text or data file refers
to a file a clone does not have: the team's notes outside the repository (``../shared``,
``INTERFACES.md``, ``DESIGN.md``, a digest's ``RULES.md``), a folder of a development machine,
or a relative link to a file that is not there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: what a clone never has
OUTSIDE = re.compile(r"\.\./shared|/work/|/home/|\b(?:INTERFACES|DESIGN|RULES|KNOWN|SOURCES)\.md\b|\bshared/(?:games|seeds)\b")
#: a Markdown link to a relative path: [text](path) or [text](path#anchor)
LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)#\s]+)")
#: a repository path in backquotes: `docs/x.md`, `examples/y.toml`
QUOTED = re.compile(r"`((?:docs|examples|data|benchmarks|tests|assistant)/[A-Za-z0-9_./-]+\.[a-z]+)`")


def documents() -> list[Path]:
    found = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found += sorted(p for p in (ROOT / "data").rglob("*") if p.suffix in (".md", ".json"))
    return found


def test_docs_refer_to_no_file_outside_the_repository():
    bad = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in documents() for m in OUTSIDE.finditer(p.read_text(encoding="utf-8"))]
    assert not bad, "\n".join(bad)


def test_docs_links_and_quoted_paths_exist():
    missing = []
    for path in documents():
        if path.suffix != ".md":
            continue
        text = path.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if not (path.parent / target).exists():
                missing.append(f"{path.relative_to(ROOT)}: link {target}")
        for target in QUOTED.findall(text):
            if "*" not in target and not re.search(r"/[A-Z]+\.", target) and not (ROOT / target).exists():  # (GAME: a placeholder)
                missing.append(f"{path.relative_to(ROOT)}: `{target}`")
    assert not missing, "\n".join(missing)
