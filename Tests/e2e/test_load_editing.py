"""Fifty signed-in people editing the same twenty to-dos for 30 seconds, now and then deleting one and pressing
Undo: no 5xx, and no lost update.

The real release binary with sign-in required, on loopback. Every acknowledged save must be in the database or
have been replaced by a save that saw it; a save that would overwrite an unseen change must have been answered
with the conflict page (409). See Tests/load/editing_load.py for how the check works.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from account_steps import start_sign_in_server, stop_sign_in_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "load"))
import editing_load as load  # noqa: E402

OWNER = ("Load owner", "owner password 1")
EDITORS = [(f"Editor {n}", f"editor password {n}") for n in range(10)]


@pytest.fixture(scope="module")
def shared_server(artifacts_dir: Path):
    server, folder = start_sign_in_server(artifacts_dir)
    yield server
    stop_sign_in_server(server, folder)


def set_up_people_and_todos(url: str, count: int) -> None:
    owner = load.Client(url)
    owner.get("/setup")
    status, _, text = owner.post(
        "/setup", [("username", OWNER[0]), ("password", OWNER[1]), ("passwordAgain", OWNER[1])])
    assert status == 303, f"set-up answered {status}: {text[:500]}"
    for name, password in EDITORS:
        status, _, text = owner.post("/people", [("username", name), ("password", password), ("role", "editor")])
        assert status == 303, f"adding {name} answered {status}: {text[:500]}"
    for number in range(count):
        status, _, text = owner.post(
            "/todos", [("title", f"start-{number}"), ("description", f"start-{number}")])
        assert status == 303, f"adding a to-do answered {status}: {text[:500]}"


def test_fifty_signed_in_people_editing_for_thirty_seconds_lose_no_update(shared_server, artifacts_dir):
    set_up_people_and_todos(shared_server.url, 20)
    ids = list(load.stored_todos(str(shared_server.database)))
    assert len(ids) == 20
    result = load.run(shared_server.url, str(shared_server.database), EDITORS + [OWNER], ids, 50, 30)
    (artifacts_dir / "load-editing.json").write_text(json.dumps(result, indent=2))
    print(json.dumps({key: value for key, value in result.items() if not isinstance(value, list)}))
    assert result["server_errors"] == [], "no request may fail with a 5xx"
    assert result["other_errors"] == [], "every request gets a page, a redirect or the conflict page"
    assert result["lost_updates"] == [], "every acknowledged change is stored or was seen by the next save"
    # The run must really have contended: saves, merges of different fields and conflicts on the same field.
    assert result["saves"] > 200
    assert result["merged"] > 0
    assert result["conflicts"] > 0
    # Deletes and undos were mixed in: to-dos left the list and came back with the Undo button while others edited.
    assert result["deletes"] > 0
    assert result["undos"] == result["deletes"], "every delete was undone"


def test_the_lost_update_check_finds_two_saves_made_over_the_same_value():
    tally = load.Tally()
    tally.acknowledged[("T1", "title")] = [("start-0", "c01-0001"), ("start-0", "c02-0001")]
    stored = {"T1": {"title": "c02-0001 after start-0", "description": "start-0"}}
    initial = {"T1": {"title": "start-0", "description": "start-0"}}
    problems = load.lost_updates(tally, stored, initial)
    assert any("both saved over start-0" in problem for problem in problems)


def test_the_lost_update_check_accepts_an_unbroken_chain():
    tally = load.Tally()
    tally.acknowledged[("T1", "title")] = [("start-0", "c01-0001"), ("c01-0001", "c02-0001")]
    stored = {"T1": {"title": "c02-0001 after c01-0001", "description": "start-0"}}
    initial = {"T1": {"title": "start-0", "description": "start-0"}}
    assert load.lost_updates(tally, stored, initial) == []
