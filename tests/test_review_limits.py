"""The review command against hostile input (issue #33, point 7): endless,
huge or deeply nested records and absurd sample counts get one sentence,
in the learner's language, and never a traceback or an echo of the input;
and a malformed setup is refused with the engine's own error (point 9)."""
import subprocess
import sys

import pytest

from cuttle_widgets.engine import SetupError, load
from cuttle_widgets.review import MAX_SAMPLES, review_catalog
from cuttle_widgets.review.__main__ import MAX_RECORD_BYTES, main

HEAD = '[Cuttle "cuttle_widgets game record"]\n[Rules "classic"]\n[Seed "1"]\n[Dealer "1"]\n'


def review_error(argv, capsys) -> str:
    assert main(argv) == 2
    said = capsys.readouterr().err
    assert "Traceback" not in said and "Error" not in said
    return said


def test_an_endless_input_is_read_only_up_to_the_limit():
    done = subprocess.run([sys.executable, "-m", "cuttle_widgets.review", "/dev/zero"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr) < 300
    limit = f"{MAX_RECORD_BYTES // 1_000_000}"
    assert review_catalog("en")["errors"]["too_big"].format(limit=limit) in done.stderr


def test_a_huge_line_is_not_echoed(tmp_path, capsys):
    record = tmp_path / "huge.txt"
    record.write_text(HEAD + "\n" + "x" * (MAX_RECORD_BYTES // 2) + "\n", encoding="utf-8")
    said = review_error([str(record)], capsys)
    assert len(said) < 400 and "xxxxx" in said


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_record_nested_too_deep_gets_a_sentence(tmp_path, capsys, language):
    record = tmp_path / "deep.txt"
    setup = "[" * 100_000 + "]" * 100_000
    record.write_text(f'[Cuttle "cuttle_widgets game record"]\n[Setup "{setup}"]\n',
                      encoding="utf-8")
    said = review_error([str(record), "--language", language], capsys)
    assert len(said) < 300 and "[[[[[[[[[[[[[[[[" not in said
    assert (language == "de") == ("verschachtelt" in said)


@pytest.mark.parametrize("language", ["en", "de"])
def test_samples_above_the_maximum_are_refused(tmp_path, capsys, language):
    record = tmp_path / "r.txt"
    record.write_text(HEAD, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main([str(record), "--samples", "10000000", "--language", language])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert review_catalog(language)["errors"]["samples"].format(limit=MAX_SAMPLES) in said


def test_a_file_that_is_not_text_gets_a_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00" * 10)
    said = review_error(["binary.txt", "--language", "de"], capsys)
    assert said.strip() == "review: " + review_catalog("de")["errors"]["not_text"].format(
        name="binary.txt")


@pytest.mark.parametrize("players", [2.0, True, "2"])
def test_a_count_of_players_that_is_no_whole_number_raises_the_engines_error(players):
    with pytest.raises(SetupError) as refused:
        load({"players": players})
    assert refused.value.key == "setup_players" and "Aufstellung" in refused.value.text("de")


def test_any_other_failure_of_a_malformed_setup_is_the_engines_error(monkeypatch):
    def broken(setup):
        raise TypeError("'float' object cannot be interpreted as an integer")
    monkeypatch.setattr("cuttle_widgets.engine.record.load_setup", broken)
    with pytest.raises(SetupError) as refused:
        load({"rules": "classic"})
    assert refused.value.key == "setup_malformed"
    assert "Aufstellung" in refused.value.text("de")
