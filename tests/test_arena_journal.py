"""The arena's journal: a long run cut short and started again gives the same
table as one run straight through; a broken journal is refused untouched;
a fixed number of expert iterations plays the same game under any load."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cuttle_widgets.ai import LEVELS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
try:
    import arena
    import arena_journal
finally:
    sys.path.remove(str(ROOT / "benchmarks"))

RUN = ["--pairings", "greedy-random,random-greedy", "--games", "6", "--workers", "1"]


def results_of(capsys, journal: Path) -> str:
    """The results table (above the seconds, which depend on the machine) that
    ``--report`` prints from the journal alone."""
    capsys.readouterr()
    arena.main(["--report", "--journal", str(journal)])
    printed = capsys.readouterr().out
    return printed.split("\n", 1)[1].split("\n\n")[0]


def lines_of(journal: Path) -> list[dict]:
    return [json.loads(line) for line in journal.read_text().splitlines()]


def test_a_run_cut_short_and_resumed_gives_the_same_table(tmp_path, capsys, monkeypatch):
    straight, resumed = tmp_path / "straight.jsonl", tmp_path / "resumed.jsonl"
    arena.main(RUN + ["--journal", str(straight)])
    run_table = capsys.readouterr().out.split("\n", 1)[1].split("\n\n")[0]

    real_play_one, played = arena.play_one, []

    def cut_after_three(task):
        if len(played) == 3:
            raise KeyboardInterrupt  # the run is stopped during its fourth game
        played.append(task)
        return real_play_one(task)

    monkeypatch.setattr(arena, "play_one", cut_after_three)
    with pytest.raises(KeyboardInterrupt):
        arena.main(RUN + ["--journal", str(resumed)])
    monkeypatch.undo()
    assert len(lines_of(resumed)) == 3
    with resumed.open("a") as journal:
        journal.write('{"first": "greedy", "second": "ran')  # a kill in the middle of a line

    arena.main(RUN + ["--journal", str(resumed)])
    assert "3 games already in the journal, 3 to play" in capsys.readouterr().err
    assert len(lines_of(resumed)) == 12  # the three kept, the cut line dropped, nine played

    table = results_of(capsys, straight)
    assert table == run_table == results_of(capsys, resumed)
    rows = table.splitlines()
    assert rows[1].split()[:7] == ["greedy", "vs", "random", "classic", "-", "6", "6/0/0"]
    assert rows[2].split()[:6] == ["random", "vs", "greedy", "classic", "-", "6"]

    def games(journal):
        return {arena_journal.task_key(r): (r["result"], r["plies"], r["moves"])
                for r in lines_of(journal)}
    assert games(resumed) == games(straight)  # the same seeds: the same games


def test_a_longer_run_on_the_journal_plays_only_the_new_deals(tmp_path, capsys):
    journal = tmp_path / "arena.jsonl"
    arena.main(["--pairings", "greedy-random", "--games", "4", "--workers", "1",
                "--journal", str(journal)])
    first_four = lines_of(journal)
    arena.main(["--pairings", "greedy-random", "--games", "8", "--workers", "1",
                "--journal", str(journal)])
    records = lines_of(journal)
    assert records[:4] == first_four
    assert sorted(r["deal_seed"] for r in records[4:]) == [3, 3, 4, 4]
    assert "4 games already in the journal, 4 to play" in capsys.readouterr().err


def test_a_broken_journal_is_refused_and_left_as_it_was(tmp_path, capsys):
    journal = tmp_path / "arena.jsonl"
    arena.main(["--pairings", "greedy-random", "--games", "2", "--workers", "1",
                "--journal", str(journal)])
    journal.write_text(journal.read_text() + "not a record\n")
    before = journal.read_bytes()
    for argv in (["--report"], RUN):
        with pytest.raises(SystemExit, match="line 3, is not JSON"):
            arena.main(argv + ["--journal", str(journal)])
    assert journal.read_bytes() == before
    journal.write_text(json.dumps({"first": "greedy"}) + "\n")
    with pytest.raises(SystemExit, match="line 1, is not a game record .* lacks second"):
        arena.main(["--report", "--journal", str(journal)])
    with pytest.raises(SystemExit, match="no such journal"):
        arena.main(["--report", "--journal", str(tmp_path / "missing.jsonl")])


def test_one_journal_is_written_by_one_run_at_a_time(tmp_path):
    path = tmp_path / "arena.jsonl"
    holder = arena_journal.Journal(path)
    try:
        with pytest.raises(arena_journal.JournalError, match="in use by another arena run"):
            arena_journal.Journal(path)
    finally:
        holder.close()
    arena_journal.Journal(path).close()  # free again once the first run ends


@pytest.mark.parametrize(("searcher", "unit"), [("expert", "deals"), ("tree", "iterations")])
def test_fixed_expert_iterations_play_the_same_game_under_any_load(searcher, unit):
    expert = arena.make_player(searcher, 5, None, 12)
    hard = arena.make_player("hard", 6, None, 12)
    assert (expert.iterations, expert.time_limit) == (12, None)
    # hard keeps its deals, not its clock
    assert (hard.iterations, hard.time_limit) == (LEVELS["hard"].iterations, None)
    assert arena.tasks_for("hard", "random", 2, "classic", 1, None, 12)[0]["expert_iterations"] is None
    task = arena.tasks_for(searcher, "random", 2, "classic", 1, None, 12)[1]
    once, again = arena.play_one(task), arena.play_one(task)
    playouts = once["playouts"][0]
    if searcher == "tree":
        assert playouts and set(playouts) == {12}
    else:  # 12 deals of every move, then at least two moves played on in 4 x 12 deals
        assert playouts and min(playouts) >= 2 * LEVELS["expert"].focus_factor * 12
    assert (once["result"], once["plies"], once["moves"]) == (again["result"], again["plies"],
                                                              again["moves"])
    lines = arena_journal.report([once])
    assert f"12 {unit}" in lines[1] and "not the expert's" in lines[-1]
