"""Switching in: each other app's file through the Backups page — upload, read the plain-words preview, import, see
the records on their page, then Undo this import and see them gone — and `parsnip import --dry-run` on the same
files.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from account_steps import set_up, start_sign_in_server, stop_sign_in_server
from conftest import BINARY, REPO, database_for, postgres_url

OWNER = "Ana"
PASSWORD = "correct horse battery"
FIXTURES = REPO / "Tests" / "ParsnipTests" / "Fixtures" / "imports"

# file, what the preview says first, a line about a row left out, the records' page, a record it adds.
FORMATS = [
    ("goodreads_library_export.csv", "Goodreads export: 7 entries in the file.", "Row 4: no title — skipped.",
     "/books", "Mort (Discworld, #4)"),
    ("libib_library.csv", "Libib export: 5 entries in the file.", "Row 4: “music” is not a book — skipped.",
     "/books", "The Left Hand of Darkness"),
    ("Recipes.paprikarecipes", "Paprika export: 3 entries in the file.",
     "Recipe “Tomato soup”: its photo is not a JPEG, PNG or WebP picture — it is added without a photo.",
     "/recipes", "Pancakes"),
    ("todoist_project.csv", "Todoist export: 7 entries in the file.",
     "Row 5: Ben (14781401) is not in the household — the to-do is for anyone.", "/todos", "Take the bins out"),
    ("reminders.csv", "Apple Reminders export: 4 entries in the file.", "Row 4: no title — skipped.", "/todos",
     "Call the plumber"),
]



@pytest.mark.parametrize("file, summary, skipped, records, record", FORMATS, ids=[f[0] for f in FORMATS])
def test_upload_preview_import_see_the_records_then_undo(
    browser: Browser, artifacts_dir: Path, shot, file: str, summary: str, skipped: str, records: str, record: str
):
    server, folder = start_sign_in_server(artifacts_dir)
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 800}, locale="en-GB")
    page = context.new_page()
    try:
        set_up(page, OWNER, PASSWORD)
        page.goto("/backups")
        expect(page.get_by_text("a Goodreads or Libib library export (CSV)")).to_be_visible()
        page.get_by_label("File to import", exact=True).set_input_files(str(FIXTURES / file))
        page.get_by_role("button", name="Check it", exact=True).click()

        expect(page.get_by_role("heading", level=1, name=f"Import “{file}”?")).to_be_visible()
        lines = page.locator(".import-lines")
        expect(lines).to_contain_text(summary)
        expect(lines).to_contain_text(skipped)
        expect(page.get_by_text("rows that match one are skipped")).to_be_visible()
        shot(page, "preview")

        # The dry run added nothing (looked at in a second tab: the preview stays open in the first).
        other = context.new_page()
        other.goto(records)
        expect(other.get_by_role("heading", level=1)).to_be_visible()
        expect(other.get_by_text(record, exact=True)).to_have_count(0)
        other.close()
        page.get_by_role("button", name="Import", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Imported")

        page.goto(records)
        expect(page.get_by_text(record, exact=True).first).to_be_visible()
        shot(page, "imported")

        page.goto("/backups")
        page.get_by_role("link", name=re.compile(r"^Undo this import")).first.click()
        page.get_by_role("button", name="Restore this backup", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Restored the backup from")
        page.goto(records)
        expect(page.get_by_text(record, exact=True)).to_have_count(0)
    finally:
        context.close()
        stop_sign_in_server(server, folder)


def test_the_command_line_dry_run_reads_each_format_and_changes_nothing(tmp_path: Path):
    path = tmp_path / "data" / "parsnip.sqlite"
    database = database_for(path)
    for file, summary, skipped, _, _ in FORMATS:
        answer = subprocess.run(
            [str(BINARY), "import", str(FIXTURES / file), "--dry-run", "--database", str(database)],
            cwd=REPO, capture_output=True, text=True, timeout=120)
        assert answer.returncode == 0, answer.stderr
        assert summary in answer.stdout, answer.stdout
        assert skipped in answer.stdout, answer.stdout
    if postgres_url() is None:
        assert not path.exists(), "a dry run leaves no database file behind"
    broken = tmp_path / "bank.csv"
    broken.write_text("Date,Amount,Payee\n2024-01-01,3.50,Bakery\n")
    refused = subprocess.run(
        [str(BINARY), "import", str(broken), "--dry-run", "--database", str(database)],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
    assert "bank.csv is a CSV file Parsnip does not recognise" in refused.stdout + refused.stderr
