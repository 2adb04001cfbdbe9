"""Memory under a long editing load: the 50-editor load test (Tests/load/editing_load.py) against a running Parsnip,
with the server's resident memory read from /proc every 30 seconds.

Run by Benchmarks/soak.sh, which starts the server; this script sets up the people and 20 to-dos, runs the load for
--seconds and writes a JSON report: the load's counts (saves, merges, conflicts, deletes and undos, 5xx, lost
updates) and the samples (seconds, VmRSS and VmHWM in kB).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "load"))
import editing_load as load  # noqa: E402

OWNER = ("Load owner", "owner password 1")
EDITORS = [(f"Editor {n}", f"editor password {n}") for n in range(10)]


def memory(pid: int) -> tuple[int, int]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=1800)
    parser.add_argument("--report", required=True)
    args = parser.parse_args()

    owner = load.Client(args.url)
    owner.get("/setup")
    status, _, text = owner.post(
        "/setup", [("username", OWNER[0]), ("password", OWNER[1]), ("passwordAgain", OWNER[1])])
    if status != 303:
        sys.exit(f"set-up answered {status}: {text[:300]}")
    for name, password in EDITORS:
        owner.post("/people", [("username", name), ("password", password), ("role", "editor")])
    for number in range(20):
        owner.post("/todos", [("title", f"start-{number}"), ("description", f"start-{number}")])
    with sqlite3.connect(args.database) as connection:
        ids = [row[0] for row in connection.execute(
            "SELECT objectId FROM TodoListItem WHERE title LIKE 'start-%'")]

    samples: list[tuple[int, int, int]] = []
    stop = threading.Event()

    def sample() -> None:
        start = time.time()
        while not stop.is_set():
            rss, hwm = memory(args.pid)
            samples.append((round(time.time() - start), rss, hwm))
            stop.wait(30)

    sampler = threading.Thread(target=sample)
    sampler.start()
    result = load.run(args.url, args.database, EDITORS + [OWNER], ids, 50, args.seconds)
    stop.set()
    sampler.join()
    rss, hwm = memory(args.pid)
    samples.append((round(args.seconds), rss, hwm))
    summary = {key: value for key, value in result.items() if not isinstance(value, list)}
    summary["server_errors"] = len(result["server_errors"])
    summary["other_errors"] = len(result["other_errors"])
    summary["lost_updates"] = len(result["lost_updates"])
    Path(args.report).write_text(json.dumps({"load": summary, "samples": samples}, indent=1))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
