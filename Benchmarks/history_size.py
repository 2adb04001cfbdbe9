"""What History costs on disk: the bytes one typical change adds to the database.

Run by Benchmarks/history-size.sh against a running Parsnip (no sign-in, fresh database). Stdlib only.
Adds RECORDS to-dos and RECORDS recipes, then makes EDITS edits of each kind through the pages, as a person does
(open the edit form, change one field, save): a to-do's title, a recipe's price. After each phase it checkpoints
the WAL and measures the database file, and with SQLite's dbstat the bytes the `_History` table and its index hold.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "load"))
from editing_load import Client, hidden  # noqa: E402


def recipe_form(name: str, price: str) -> list[tuple[str, str]]:
    return [
        ("name", name), ("servings", "4"), ("price", price), ("isAvailable", "true"), ("category", "2"),
        ("releaseDate", "2024-05-03"), ("ingredient-0-quantity", "1 1/2"), ("ingredient-0-description", "cups of flour"),
        ("ingredient-1-quantity", "2"), ("ingredient-1-description", "eggs"), ("side-0", "Maple syrup"),
        ("nutrition-0-name", "Calories"), ("nutrition-0-value", "320 kcal"),
    ]


def measure(database: str) -> dict[str, int]:
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        try:
            history = db.execute(
                "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE '%_History%'").fetchone()[0]
        except sqlite3.OperationalError:
            history = -1  # this sqlite3 has no dbstat
        rows = db.execute('SELECT count(*) FROM "_History"').fetchone()[0] if db.execute(
            "SELECT 1 FROM sqlite_master WHERE name = '_History'").fetchone() else 0
    return {"file": page_size * pages, "history": history, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--edits", type=int, default=1000)
    args = parser.parse_args()
    client = Client(args.url)
    client.get("/todos/new")

    todos, recipes = [], []
    for number in range(args.records):
        status, _, text = client.post(
            "/todos", [("title", f"Buy parsnips for Sunday {number}"), ("description", "From the market, not the shop")])
        assert status == 303, text[:300]
        status, location, text = client.post("/recipes", recipe_form(f"Parsnip soup {number}", "3.50"))
        assert status == 303, text[:300]
        recipes.append(location.rsplit("/", 1)[1])
    with sqlite3.connect(args.database) as db:
        todos = [row[0] for row in db.execute('SELECT "objectId" FROM "TodoListItem"')]
    start = measure(args.database)

    for number in range(args.edits):
        todo = todos[number % len(todos)]
        _, _, page = client.get(f"/todos/{todo}/edit")
        status, _, text = client.post(f"/todos/{todo}", [
            ("title", f"Buy parsnips for Sunday, edit {number}"), ("description", "From the market, not the shop"),
            ("_version", hidden("_version", page) or ""), ("_base", hidden("_base", page) or "")])
        assert status == 303, text[:300]
    after_todos = measure(args.database)

    for number in range(args.edits):
        recipe = recipes[number % len(recipes)]
        _, _, page = client.get(f"/recipes/{recipe}/edit")
        name = f"Parsnip soup {recipes.index(recipe)}"
        status, _, text = client.post(f"/recipes/{recipe}", recipe_form(name, f"{3 + number / 100:.2f}") + [
            ("_version", hidden("_version", page) or ""), ("_base", hidden("_base", page) or "")])
        assert status == 303, text[:300]
    after_recipes = measure(args.database)

    def row(what: str, before: dict[str, int], after: dict[str, int]) -> str:
        changes = after["rows"] - before["rows"]
        file_bytes = (after["file"] - before["file"]) / changes
        history_bytes = (after["history"] - before["history"]) / changes if after["history"] >= 0 else float("nan")
        return f"| {what} | {changes:,} | {file_bytes:,.0f} | {history_bytes:,.0f} |"

    print(f"{args.records} to-dos and {args.records} recipes, then {args.edits} edits of each kind, through the pages.")
    print()
    print("| change | changes | database file growth per change (bytes) | `_History` table and index per change (bytes) |")
    print("| --- | ---: | ---: | ---: |")
    print(row("to-do title edited", start, after_todos))
    print(row("recipe price edited", after_todos, after_recipes))


if __name__ == "__main__":
    main()
