"""Reading what a server stored, on either backend: its SQLite file, or its PostgreSQL schema (`--backend postgres`).

`connect(server.database)` answers a connection with sqlite3's shape — `execute(sql, args)` with `?` placeholders,
`fetchone`/`fetchall`, rows read by name or position, `dict(row)` — so a journey's checks of the stored rows are
written once. On PostgreSQL each query goes through `psql` (Debian's client, installed with the server) as
`row_to_json`, so numbers and booleans keep their types; JSON columns (json or jsonb there, text in SQLite) come back
as JSON text, as SQLite's do, booleans as 0/1, and dates (timestamps there) as the text SQLite keeps,
`YYYY-MM-DDTHH:MM:SS.mmmZ`.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


class Row(dict):
    """A row read by column name or by position, and unpacked into its values, as sqlite3.Row is."""

    def __getitem__(self, key):
        if isinstance(key, int):
            return list(self.values())[key]
        return super().__getitem__(key)

    def __iter__(self):
        return iter(list(self.values()))


class Cursor:
    def __init__(self, rows: list[Row]):
        self.rows = rows

    def fetchone(self) -> Row | None:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[Row]:
        return self.rows

    def __iter__(self):
        return iter(self.rows)


def _literal(value) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def _bind(sql: str, args) -> str:
    """`sql` with each `?` outside quotes replaced by the next argument as a literal."""
    out, args, quote = [], list(args), None
    for char in sql:
        if quote:
            quote = None if char == quote else quote
            out.append(char)
        elif char in "'\"":
            quote = char
            out.append(char)
        elif char == "?":
            out.append(_literal(args.pop(0)))
        else:
            out.append(char)
    assert not args, "more arguments than placeholders"
    return "".join(out)


# A timestamp with time zone as row_to_json writes it (the session's zone is UTC: see PGTZ below).
_TIMESTAMP = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?\+00:00$")


def _plain(value):
    """A jsonb object or array as JSON text, a boolean as 0/1 and a timestamp as Parse's date text, the way SQLite
    hands them back."""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and (match := _TIMESTAMP.match(value)):
        return f"{match.group(1)}.{(match.group(2) or '').ljust(3, '0')[:3]}Z"
    return value


class PostgresSchema:
    """Read-only queries on one server's schema, through psql."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query))
        self.schema = query.pop("schema")
        self.url = urlunsplit(parts._replace(query=urlencode(query)))

    def execute(self, sql: str, args=()) -> Cursor:
        statement = f"SELECT row_to_json(q) FROM ({_bind(sql, args)}) q"
        answer = subprocess.run(
            ["psql", self.url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", statement],
            capture_output=True, text=True, timeout=30,
            env={**os.environ, "PGTZ": "UTC",
                 "PGOPTIONS": f"-c search_path={self.schema} -c default_transaction_read_only=on"})
        if answer.returncode != 0:
            raise RuntimeError(f"psql failed on {statement!r}: {answer.stderr.strip()}")
        rows = []
        for line in answer.stdout.splitlines():
            if line.strip():
                rows.append(Row((key, _plain(value)) for key, value in json.loads(line).items()))
        return Cursor(rows)

    def __enter__(self) -> PostgresSchema:
        return self

    def __exit__(self, *exc) -> None:
        return None


def table_names(db) -> list[str]:
    """The names of the tables a connection from `connect` sees: the file's, or the server's schema's."""
    if isinstance(db, PostgresSchema):
        sql = ("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
               "AND table_type = 'BASE TABLE'")
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table'"
    return [row[0] for row in db.execute(sql).fetchall()]


def connect(database: Path | str):
    """A read-only connection to what the server on `database` stored (a file path or a postgres:// URL)."""
    if str(database).startswith("postgres"):
        return PostgresSchema(str(database))
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    return db
