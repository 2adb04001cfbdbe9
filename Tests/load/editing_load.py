"""Many signed-in people editing the same to-dos at once, then a check that no acknowledged change was lost.

Stdlib only. Each client is a thread with its own HTTP connection, cookies and session. Every save writes a value
that names the value it replaced ("c07-0012 after c03-0009"), so the acknowledged saves of each field of each
to-do must form one unbroken chain from the first value to the one stored at the end: two acknowledged saves
made from the same value (a fork) would be an overwrite nobody was told about — a lost update.

Used by Tests/e2e/test_load_editing.py; runnable alone against a running Parsnip:
  python3 Tests/load/editing_load.py --url http://127.0.0.1:8080 --database data/parsnip.sqlite \
      --username loadowner --password '…' --clients 50 --seconds 30
"""

from __future__ import annotations

import argparse
import http.client
import html
import json
import random
import csv
import io
import re
import sqlite3
import subprocess
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

TOKEN = re.compile(r"^(c\d+-\d+|start-\d+)")


class Client:
    """One person's browser: a keep-alive connection, a cookie jar, Origin on every POST."""

    def __init__(self, url: str):
        parts = urllib.parse.urlsplit(url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.host, self.port = parts.hostname, parts.port
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)

    def request(self, method: str, path: str, form: list[tuple[str, str]] | None = None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed: reconnect once, as a browser does.
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if attempt == 1:
                    raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, val = pair.partition("=")
                if "Max-Age=0" in value:
                    self.cookies.pop(key, None)
                else:
                    self.cookies[key] = val
        return response.status, response.getheader("Location"), text

    def get(self, path: str):
        return self.request("GET", path)

    def post(self, path: str, form: list[tuple[str, str]]):
        return self.request("POST", path, form + [("_csrf", self.cookies.get("parsnip_csrf", ""))])


def hidden(name: str, page: str) -> str | None:
    match = re.search(r'<input type="hidden" name="%s" value="([^"]*)"' % re.escape(name), page)
    return html.unescape(match.group(1)) if match else None


def field_value(name: str, page: str) -> str:
    if name == "title":
        match = re.search(r'<input[^>]*\bid="title"[^>]*\bvalue="([^"]*)"', page) or re.search(
            r'<input[^>]*\bvalue="([^"]*)"[^>]*\bid="title"', page
        )
        return html.unescape(match.group(1)) if match else ""
    match = re.search(r'<textarea[^>]*\bid="description"[^>]*>(.*?)</textarea>', page, re.S)
    return html.unescape(match.group(1)).strip() if match else ""


def token_of(value: str) -> str:
    match = TOKEN.match(value)
    return match.group(1) if match else value


@dataclass
class Tally:
    """What every client saw, gathered under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    saves: int = 0
    merged: int = 0
    conflicts: int = 0
    pages: int = 0
    # Delete-then-Undo rounds: a to-do deleted and brought back at once with the Undo button of the next page.
    deletes: int = 0
    undos: int = 0
    # Edit pages opened, and saves sent, while the to-do was in the trash (404, and 409 "deleted while you were
    # editing" with everything typed): expected, not errors.
    opened_while_deleted: int = 0
    saved_while_deleted: int = 0
    server_errors: list[str] = field(default_factory=list)
    other_errors: list[str] = field(default_factory=list)
    # (to-do id, field) → list of (previous token, new token) for every acknowledged save
    acknowledged: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)


def sign_in(client: Client, username: str, password: str) -> None:
    """Signs in through the form; with no username (a Parsnip that does not ask), only fetches a CSRF cookie."""
    if not username:
        client.get("/todos/new")
        return
    client.get("/sign-in")
    status, location, text = client.post("/sign-in", [("username", username), ("password", password)])
    assert status == 303, f"signing in as {username} answered {status}: {text[:300]}"


def edit_loop(number: int, url: str, username: str, password: str, ids: list[str], seconds: float,
              tally: Tally, start_barrier: threading.Barrier) -> None:
    """Signs in, waits until every client has, then edits random to-dos for `seconds`."""
    client = Client(url)
    try:
        sign_in(client, username, password)
    except Exception as error:  # noqa: BLE001 - reported as a failure below
        with tally.lock:
            tally.other_errors.append(f"client {number} could not sign in: {error}")
        start_barrier.abort()
        return
    try:
        start_barrier.wait(timeout=300)
    except threading.BrokenBarrierError:
        return
    deadline = time.monotonic() + seconds
    rng = random.Random(number)
    count = 0
    while time.monotonic() < deadline:
        todo = rng.choice(ids)
        try:
            if rng.random() < DELETE_SHARE:
                delete_and_undo(client, todo, tally)
                continue
            status, _, page = client.get(f"/todos/{todo}/edit")
            if status >= 500:
                with tally.lock:
                    tally.server_errors.append(f"GET edit {todo}: {status}")
                continue
            if status == 404:
                with tally.lock:
                    tally.opened_while_deleted += 1
                continue
            values = {"title": field_value("title", page), "description": field_value("description", page)}
            version, base = hidden("_version", page), hidden("_base", page)
            if status != 200 or version is None or base is None:
                with tally.lock:
                    tally.other_errors.append(f"GET edit {todo}: {status} without a version")
                continue
            count += 1
            changed = rng.choice(["title", "description"])
            previous = token_of(values[changed])
            new_token = f"c{number:02d}-{count:04d}"
            values[changed] = f"{new_token} after {previous}"
            status, location, text = client.post(
                f"/todos/{todo}",
                [("title", values["title"]), ("description", values["description"]),
                 ("_version", version), ("_base", base)],
            )
            with tally.lock:
                tally.pages += 2
                if status == 303:
                    tally.saves += 1
                    tally.acknowledged.setdefault((todo, changed), []).append((previous, new_token))
                elif status == 409 and DELETED_WHILE_EDITING in text:
                    tally.saved_while_deleted += 1
                elif status == 409:
                    tally.conflicts += 1
                elif status >= 500:
                    tally.server_errors.append(f"POST {todo}: {status} {text[:200]}")
                else:
                    tally.other_errors.append(f"POST {todo}: {status} {text[:200]}")
            if status == 303:
                # The next page shows the flash; reading it tells whether the save merged another change.
                _, _, listing = client.get("/todos")
                if "both changes are kept" in listing:
                    with tally.lock:
                        tally.merged += 1
        except Exception as error:  # noqa: BLE001 - every failure is counted, none ends the run silently
            with tally.lock:
                tally.other_errors.append(f"client {number}: {type(error).__name__}: {error}")
            client = Client(url)
            try:
                sign_in(client, username, password)
            except Exception:  # noqa: BLE001
                return


# One round in twenty deletes a to-do and undoes it at once.
DELETE_SHARE = 0.05
DELETED_WHILE_EDITING = "while you were editing.</strong>"
UNDO_ACTION = re.compile(r'action="(/trash/[A-Za-z0-9]+/restore)"')


def delete_and_undo(client: Client, todo: str, tally: Tally) -> None:
    """Deletes `todo` (404 when someone else just did) and presses Undo on the page that follows."""
    status, _, text = client.post(f"/todos/{todo}/delete", [])
    if status == 404:
        return
    if status != 303:
        with tally.lock:
            (tally.server_errors if status >= 500 else tally.other_errors).append(f"DELETE {todo}: {status} {text[:200]}")
        return
    with tally.lock:
        tally.deletes += 1
    _, _, listing = client.get("/todos")
    undo = UNDO_ACTION.search(listing)
    if undo is None:
        with tally.lock:
            tally.other_errors.append(f"no Undo button after deleting {todo}")
        return
    status, _, text = client.post(undo.group(1), [])
    with tally.lock:
        tally.pages += 3
        if status == 303:
            tally.undos += 1
        else:
            (tally.server_errors if status >= 500 else tally.other_errors).append(f"UNDO {todo}: {status} {text[:200]}")


def lost_updates(tally: Tally, stored: dict[str, dict[str, str]], initial: dict[str, dict[str, str]]) -> list[str]:
    """Every acknowledged save of one field must extend the chain of the one before it, ending at what is stored."""
    problems: list[str] = [f"{todo} is missing at the end (still in the trash?)" for todo in initial if todo not in stored]
    for todo, fields in stored.items():
        for name in ("title", "description"):
            saves = tally.acknowledged.get((todo, name), [])
            following: dict[str, str] = {}
            for previous, new in saves:
                if previous in following:
                    problems.append(
                        f"{todo}.{name}: {following[previous]} and {new} were both saved over {previous}")
                following[previous] = new
            token = token_of(initial[todo][name])
            steps = 0
            while token in following:
                token = following[token]
                steps += 1
            final = token_of(fields[name])
            if steps != len(saves) or token != final:
                problems.append(
                    f"{todo}.{name}: {len(saves)} saves acknowledged, chain of {steps} ends at {token}, "
                    f"stored {final}")
    return problems


def stored_todos(database: str) -> dict[str, dict[str, str]]:
    """The to-dos as stored, from a SQLite file or a postgres:// address (through psql, schema and all)."""
    if database.startswith(("postgres://", "postgresql://")):
        return stored_todos_in_postgres(database)
    sql = 'SELECT "objectId", "title", "description" FROM "TodoListItem"'
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        rows = connection.execute(sql).fetchall()
    finally:
        connection.close()
    return {row[0]: {"title": row[1] or "", "description": row[2] or ""} for row in rows}


def stored_todos_in_postgres(address: str) -> dict[str, dict[str, str]]:
    parts = urllib.parse.urlsplit(address)
    query = urllib.parse.parse_qs(parts.query)
    schema = query.get("schema", ["public"])[0]
    plain = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    # Through jsonb: a class has only the columns some object has used (no description yet, no column).
    sql = (f'SELECT "objectId", to_jsonb(t)->>\'title\', to_jsonb(t)->>\'description\' '
           f'FROM "{schema}"."TodoListItem" AS t')
    output = subprocess.run(["psql", plain, "--csv", "-c", sql], capture_output=True, text=True, check=True).stdout
    rows = list(csv.reader(io.StringIO(output)))[1:]
    return {row[0]: {"title": row[1], "description": row[2]} for row in rows}


def run(url: str | list[str], database: str, accounts: list[tuple[str, str]], ids: list[str], clients: int,
        seconds: float) -> dict:
    """Runs the clients (client i signs in as accounts[i % len], on url[i % len] when several servers share the
    database) and returns the figures and any problems."""
    urls = url if isinstance(url, list) else [url]
    initial = stored_todos(database)
    tally = Tally()
    barrier = threading.Barrier(clients + 1)
    threads = []
    for number in range(clients):
        username, password = accounts[number % len(accounts)]
        thread = threading.Thread(
            target=edit_loop, args=(number, urls[number % len(urls)], username, password, ids, seconds, tally, barrier),
            daemon=True)
        threads.append(thread)
        thread.start()
    try:
        barrier.wait(timeout=300)
    except threading.BrokenBarrierError:
        pass
    started = time.monotonic()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    elapsed = time.monotonic() - started
    stored = stored_todos(database)
    return {
        "clients": clients,
        "seconds": round(elapsed, 1),
        "saves": tally.saves,
        "merged": tally.merged,
        "conflicts": tally.conflicts,
        "deletes": tally.deletes,
        "undos": tally.undos,
        "opened_while_deleted": tally.opened_while_deleted,
        "saved_while_deleted": tally.saved_while_deleted,
        "requests": tally.pages,
        "server_errors": tally.server_errors,
        "other_errors": tally.other_errors,
        "lost_updates": lost_updates(tally, stored, initial),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--username", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    arguments = parser.parse_args()
    ids = list(stored_todos(arguments.database))
    print(json.dumps(run(arguments.url, arguments.database, [(arguments.username, arguments.password)], ids,
                         arguments.clients, arguments.seconds), indent=2))
