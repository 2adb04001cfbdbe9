"""`parsnip --share`: the real binary listens on the network and prints addresses that really answer."""

from __future__ import annotations

import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import conftest
from conftest import BINARY, REPO, free_port


def read_until(process: subprocess.Popen, marker: str, timeout: float = 30) -> list[str]:
    """Lines the process prints up to and including the one containing `marker`."""
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            if process.poll() is not None:
                break
            continue
        lines.append(line.rstrip("\n"))
        if marker in line:
            return lines
    raise AssertionError(f"no line with {marker!r} in:\n" + "\n".join(lines))


def listening_addresses(port: int) -> set[str]:
    """The local addresses (kernel hex form; 127.0.0.1 is 0100007F) with a socket listening on `port`."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, _, port_hex = fields[1].partition(":")
            if int(port_hex, 16) == port and fields[3] == "0A":  # 0A: LISTEN
                found.add(address)
    return found


def test_share_prints_every_network_address_and_each_one_answers(tmp_path: Path):
    port = free_port()
    process = subprocess.Popen(
        [str(BINARY), "--share", "--port", str(port), "--database", conftest.database_for(tmp_path / "shared.sqlite")],
        cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        lines = read_until(process, "Press Ctrl-C to stop.")
        assert lines[0] == f"Parsnip is running at http://127.0.0.1:{port}"
        urls = [line.strip() for line in lines if line.startswith("  http://")]
        assert all(re.fullmatch(rf"http://(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\]):{port}", url) for url in urls), urls
        assert not any(url.startswith(("http://127.", "http://[::1]", "http://[fe80")) for url in urls), urls
        if urls:
            assert "Shared on your network. On a phone or laptop on the same network, open:" in lines
        else:
            assert any("no network address" in line for line in lines), lines
        # Nobody has set this new database up: the terminal says how, with the one-time code for other devices.
        assert f"Nobody has set Parsnip up yet. On this computer, open http://127.0.0.1:{port}/setup to create the owner's account." in lines
        assert any(re.fullmatch(r"To set Parsnip up from another device, open /setup there and enter the code \d{4} \d{4}", line) for line in lines), lines
        assert not any("no sign-in" in line for line in lines), lines
        for url in [f"http://127.0.0.1:{port}"] + urls:
            with urllib.request.urlopen(url + "/health", timeout=5) as response:
                assert response.status == 200, url
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)


def test_without_share_parsnip_listens_on_this_computer_only(tmp_path: Path):
    port = free_port()
    process = subprocess.Popen(
        [str(BINARY), "--port", str(port), "--database", conftest.database_for(tmp_path / "local.sqlite")],
        cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        lines = read_until(process, "Press Ctrl-C to stop.")
        assert lines[0] == f"Parsnip is running at http://127.0.0.1:{port}"
        assert not any(line.startswith("  http://") for line in lines), lines
        assert listening_addresses(port) == {"0100007F"}, "listens on 127.0.0.1 alone"
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)


def test_share_and_another_host_together_are_refused_in_plain_words():
    result = subprocess.run(
        [str(BINARY), "--share", "--host", "127.0.0.1"], cwd=REPO, capture_output=True, text=True, timeout=30,
    )
    assert result.returncode != 0
    assert "--share listens on every address" in result.stderr
