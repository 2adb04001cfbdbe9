"""A stranger on the same network, against the real binary: parallel password guesses, foreign host names."""

from __future__ import annotations

import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import ParsnipServer
from raw_http import Client, heading, network_address

OWNER, PASSWORD = "Ana", "correct horse battery"


@pytest.fixture
def shared(artifacts_dir: Path):
    """A Parsnip shared on the network (every address), with Ana set up as owner from this computer."""
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-guessing-"))
    server = ParsnipServer(folder / "guessing.sqlite", artifacts_dir / "server-guessing.log",
                           ("--host", "0.0.0.0", "--allowed-host", "parsnip.example"))
    server.log_path.write_text("")
    server.start()
    owner = Client("127.0.0.1", server.port)
    owner.get("/setup")
    made = owner.post_form("/setup", [("username", OWNER), ("password", PASSWORD), ("passwordAgain", PASSWORD)])
    assert made.status == 303, made.body[:500]
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def guess(address: str, port: int, password: str) -> int:
    visitor = Client(address, port)
    visitor.get("/sign-in")
    return visitor.post_form("/sign-in", [("username", OWNER), ("password", password), ("next", "/")]).status


def test_fifty_parallel_wrong_guesses_count_as_fifty_and_the_owner_still_signs_in_at_the_computer(shared):
    lan = network_address()
    if lan is None:
        pytest.skip("this machine has no network address to guess from")
    with ThreadPoolExecutor(max_workers=50) as pool:
        statuses = list(pool.map(lambda n: guess(lan, shared.port, f"wrong guess {n}"), range(50)))
    # Each guess is counted before its password is checked: ten are checked (and fail), the other forty are
    # refused. Most by the throttle (429); a few may be refused earlier by the connection guard, when the guesses'
    # just-closed connections still count against the 64 one address may hold: 503 for the POST itself, or 403
    # when its GET was the one refused, so it has no form token. Never more than ten are checked.
    counted = {status: statuses.count(status) for status in sorted(set(statuses))}
    assert statuses.count(422) == 10, counted
    assert set(statuses) <= {422, 429, 503, 403}, counted
    assert statuses.count(429) >= 30, counted
    stranger = Client(lan, shared.port)
    stranger.get("/sign-in")
    refused = stranger.post_form("/sign-in", [("username", OWNER), ("password", PASSWORD), ("next", "/")])
    assert refused.status == 429, "even the right password waits its turn from the network"
    assert "Try again after" in refused.body
    # Sitting at the computer Parsnip runs on, Ana is not locked out by the stranger.
    assert guess("127.0.0.1", shared.port, PASSWORD) == 303


def test_a_foreign_host_name_is_refused_and_an_allowed_host_and_the_lan_address_are_answered(shared):
    rebinding = Client("127.0.0.1", shared.port, host_header=f"evil.example:{shared.port}")
    refused = rebinding.get("/sign-in")
    assert refused.status == 400
    assert heading(refused) == "Parsnip does not answer to this address"
    assert "--allowed-host evil.example" in refused.body
    assert "set-cookie" not in refused.headers

    named = Client("127.0.0.1", shared.port, host_header=f"parsnip.example:{shared.port}")
    assert named.get("/sign-in").status == 200, "--allowed-host parsnip.example is answered"

    lan = network_address()
    if lan is not None:
        assert Client(lan, shared.port).get("/sign-in").status == 200, "the computer's LAN address is answered"

    plain = Client("127.0.0.1", shared.port)
    assert plain.request("GET", "/sign-in", hosts=[]).status == 400, "no Host"
    assert plain.request("GET", "/sign-in", hosts=["127.0.0.1", "evil.example"]).status == 400, "two Hosts"
    assert plain.request("GET", "/sign-in", hosts=["127.0.0.1", "127.0.0.1"]).status == 400, "the same Host twice"
