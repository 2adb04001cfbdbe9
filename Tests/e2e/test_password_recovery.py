"""The owner forgot their password: on the computer Parsnip runs on, `parsnip --reset-password NAME` gives a new one.

No browser: the real release binary, a real database prepared through the set-up form, and plain form posts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from account_steps import start_sign_in_server, stop_sign_in_server
from conftest import BINARY, REPO, ParsnipServer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "load"))
from editing_load import Client  # noqa: E402

OWNER = "Ana"
OLD_PASSWORD = "forgotten long ago"
NEW_PASSWORD = "remembered this time"


def reset_password(database: Path, name: str, *typed: str, extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Runs `parsnip --reset-password NAME` with `typed` as the lines on stdin (not a terminal)."""
    return subprocess.run(
        [str(BINARY), "--database", str(database), "--reset-password", name, *extra],
        cwd=REPO, input="".join(line + "\n" for line in typed), capture_output=True, text=True, timeout=60,
    )


def set_up_owner(server: ParsnipServer) -> Client:
    """The set-up form, filled in on this computer; the client keeps the owner's session."""
    owner = Client(server.url)
    owner.get("/setup")
    status, _, text = owner.post(
        "/setup", [("username", OWNER), ("password", OLD_PASSWORD), ("passwordAgain", OLD_PASSWORD)])
    assert status == 303, f"set-up answered {status}: {text[:300]}"
    return owner


def signs_in(server: ParsnipServer, name: str, password: str) -> bool:
    client = Client(server.url)
    client.get("/sign-in")
    status, _, _ = client.post("/sign-in", [("username", name), ("password", password)])
    return status == 303 and "parsnip_session" in client.cookies


def is_signed_in(client: Client) -> bool:
    status, location, _ = client.get("/todos")
    return status == 200 and location is None


@pytest.fixture
def household(artifacts_dir: Path):
    server, folder = start_sign_in_server(artifacts_dir)
    owner = set_up_owner(server)
    yield server, owner
    stop_sign_in_server(server, folder)


def test_the_new_password_signs_in_after_a_restart_and_the_old_one_and_its_sessions_no_longer(household):
    server, owner = household
    assert is_signed_in(owner)

    while_running = reset_password(server.database, "ana", NEW_PASSWORD, NEW_PASSWORD)
    assert while_running.returncode == 1
    assert "Stop Parsnip first" in while_running.stderr

    server.stop()
    done = reset_password(server.database, "ana", NEW_PASSWORD, NEW_PASSWORD)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "The password for Ana is changed. Everyone signed in as Ana has been signed out.")
    assert NEW_PASSWORD not in done.stdout + done.stderr, "the password is never printed"

    server.start()
    assert not is_signed_in(owner), "the session from before the reset has ended"
    assert signs_in(server, OWNER, NEW_PASSWORD)
    assert not signs_in(server, OWNER, OLD_PASSWORD)


def test_a_wrong_name_a_broken_rule_or_different_repeats_are_refused_and_change_nothing(household):
    server, owner = household
    server.stop()

    unknown = reset_password(server.database, "Anna", NEW_PASSWORD, NEW_PASSWORD)
    short = reset_password(server.database, OWNER, "short", "short")
    different = reset_password(server.database, OWNER, NEW_PASSWORD, NEW_PASSWORD + "!")

    assert (unknown.returncode, unknown.stderr) == (1, "parsnip: Nobody is called Anna. The names are: Ana.\n")
    assert short.returncode == 1
    assert "Use at least 8 characters for the password. The password was not changed." in short.stderr
    assert different.returncode == 1
    assert "The two passwords are different" in different.stderr
    server.start()
    assert is_signed_in(owner), "nothing changed, so the owner is still signed in"
    assert signs_in(server, OWNER, OLD_PASSWORD)


@pytest.mark.parametrize("option", [("--share",), ("--host", "0.0.0.0"), ("--require-sign-in",)])
def test_reset_password_refuses_the_options_for_running_the_server_in_one_line(tmp_path: Path, option):
    refused = reset_password(tmp_path / "parsnip.sqlite", OWNER, extra=option)

    assert refused.returncode != 0
    assert "--reset-password only changes a password" in refused.stderr
    assert not (tmp_path / "parsnip.sqlite").exists()
