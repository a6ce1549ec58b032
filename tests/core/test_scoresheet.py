"""ScoreSheet: totals, shared ranks, tie-breaks, winners override, JSON shape."""

from assistant.core.scoresheet import ScoreSheet


def sheet(points, tiebreak=None, override=None):
    players = list(points)
    return ScoreSheet.build("x", players, ["a", "b"], points, tiebreak=tiebreak, winners_override=override)


def test_scoresheet_totals_and_ranks():
    s = sheet({"A": {"a": 3, "b": 4}, "B": {"a": 10}, "C": {"b": 1}})
    assert s.totals == {"A": 7, "B": 10, "C": 1}
    assert s.ranks == {"B": 1, "A": 2, "C": 3}
    assert s.winners == ("B",)


def test_scoresheet_shared_rank_on_tie():
    s = sheet({"A": {"a": 5}, "B": {"b": 5}, "C": {"a": 1}})
    assert s.ranks == {"A": 1, "B": 1, "C": 3}
    assert s.winners == ("A", "B")


def test_scoresheet_tiebreak_decides():
    s = sheet({"A": {"a": 5}, "B": {"b": 5}}, tiebreak={"A": (3,), "B": (7,)})
    assert s.ranks == {"B": 1, "A": 2} and s.winners == ("B",)


def test_scoresheet_tiebreak_tied_too_shares_the_win():
    s = sheet({"A": {"a": 5}, "B": {"b": 5}}, tiebreak={"A": (3,), "B": (3,)})
    assert s.winners == ("A", "B")


def test_scoresheet_winners_override():
    s = sheet({"A": {"a": 5}, "B": {"b": 1}}, override=["B"])
    assert s.winners == ("B",) and s.ranks["A"] == 1


def test_scoresheet_json_shape():
    data = sheet({"A": {"a": 1, "b": 2}, "B": {}}).to_json()
    assert data["game"] == "x"
    assert data["players"][0] == {"name": "A", "scores": {"a": 1, "b": 2}, "total": 3, "rank": 1}
    assert data["players"][1]["scores"] == {"a": 0, "b": 0}
    assert data["winners"] == ["A"] and data["notes"] == []
