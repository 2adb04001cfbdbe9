"""Back up now and Restore through the owner's Backups page of a running Parsnip: wall time of each (until the
self-refreshing progress page hands back) and the server's peak memory (VmHWM).

Used by Benchmarks/backup.sh with BACKUP_PAGE=1; stdlib only. The server must be fresh (nobody set up yet).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "load"))
from editing_load import Client  # noqa: E402


def until_done(client: Client, status: int, location: str | None) -> str:
    """Follows the progress page (200 while the job runs) until it hands back to /backups; returns that page."""
    progress = location
    while status == 200 or (location or "").startswith("/backups/progress/"):
        if location and location.startswith("/backups/progress/"):
            progress = location
        time.sleep(0.2)
        status, location, _ = client.get(progress)
    assert status == 303 and location == "/backups", (status, location)
    return client.get("/backups")[2]


def peak_memory(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) // 1024
    return 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--pid", type=int, required=True)
    args = parser.parse_args()
    owner = Client(args.url)
    owner.get("/setup")
    status, _, text = owner.post("/setup", [("username", "Ana"), ("password", "correct horse battery"),
                                            ("passwordAgain", "correct horse battery")])
    assert status == 303, text[:300]
    owner.get("/backups")

    started = time.monotonic()
    status, location, _ = owner.post("/backups", [])
    page = until_done(owner, status, location)
    backup_seconds = time.monotonic() - started
    name = re.search(r'href="/backups/([A-Za-z0-9_-]+-manual\.zip)/restore"', page).group(1)

    started = time.monotonic()
    status, location, _ = owner.post(f"/backups/{name}/restore", [])
    page = until_done(owner, status, location)
    restore_seconds = time.monotonic() - started
    assert "Restored the backup from" in page
    print(f"| Back up now (page, server running) | {backup_seconds:.2f} s | |")
    print(f"| Restore (page: check, safety backup, swap in one transaction) | {restore_seconds:.2f} s | |")
    print(f"| server peak memory through both | | {peak_memory(args.pid)} MB |")


if __name__ == "__main__":
    main()
