"""Backups as a household uses them: the owner's Backups page (back up, change something, restore with the preview,
see the change gone), and the `parsnip backup` / `parsnip restore` / `export` / `import` commands against the real
release binary. With --backend postgres every server and command works on a schema of its own instead of a file: the
same archives, a restore that replaces the classes in one transaction, and a command's safety backups in
`parsnip-backups/` of the folder it runs in.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from playwright.sync_api import Browser, expect

from account_steps import set_up, start_sign_in_server, stop_sign_in_server
from conftest import BINARY, REPO, ParsnipServer, database_for
from steps import add_todo, item, open_list
from stored_data import connect, table_names

OWNER = "Ana"
PASSWORD = "correct horse battery"


def parsnip(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Runs the release binary with `args`, stdin not a terminal, as a script would."""
    return subprocess.run([str(BINARY), *args], cwd=REPO, input=stdin, capture_output=True, text=True, timeout=120)


def digest(server: ParsnipServer) -> str:
    """What the server's database holds: the file's bytes, or on PostgreSQL every row of every table of its schema."""
    if not server.on_postgres:
        return hashlib.sha256(Path(server.database).read_bytes()).hexdigest()
    db = connect(server.database)
    rows = []
    for table in sorted(table_names(db)):
        rows.append(f"{table}: " + "\n".join(sorted(repr(tuple(row)) for row in db.execute(f'SELECT * FROM "{table}"'))))
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()


def safety_backup(answer: subprocess.CompletedProcess) -> Path:
    """The safety backup a restore or an import names on its last lines."""
    match = re.search(r"Safety backup of what was there[^:]*: (.+\.zip)$", answer.stdout, re.MULTILINE)
    assert match, answer.stdout
    return Path(match.group(1))


def test_back_up_change_something_restore_with_the_preview_and_the_change_is_gone(
    browser: Browser, artifacts_dir: Path, shot
):
    server, folder = start_sign_in_server(artifacts_dir)
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 800}, locale="en-GB")
    page = context.new_page()
    try:
        set_up(page, OWNER, PASSWORD)
        add_todo(page, "Buy oat milk")

        page.goto("/")
        page.get_by_role("link", name="Backups", exact=True).first.click()
        expect(page.get_by_role("heading", level=1, name="Backups")).to_be_visible()
        page.get_by_role("button", name="Back up now", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Backed up: 1 to-do, 1 person")
        shot(page, "backups-after-back-up-now")

        add_todo(page, "Paint the fence")

        page.goto("/backups")
        made_by_hand = page.locator(".backup-item", has_text="Made by hand")
        made_by_hand.get_by_role("link", name=re.compile(r"^Restore…")).click()
        expect(page.get_by_role("heading", level=1, name=re.compile(r"^Restore the backup from"))).to_be_visible()
        expect(page.locator(".backup-compare")).to_contain_text("1 to-do, 1 person")
        expect(page.locator(".backup-compare")).to_contain_text("2 to-dos, 1 person")
        shot(page, "backups-restore-preview")
        page.get_by_role("button", name="Restore this backup", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Restored the backup from")
        expect(page.locator(".backup-item", has_text="Safety copy before a restore")).to_have_count(1)
        shot(page, "backups-after-restore")

        open_list(page)
        expect(item(page, "Buy oat milk")).to_be_visible()
        expect(item(page, "Paint the fence")).to_have_count(0)
    finally:
        context.close()
        stop_sign_in_server(server, folder)


def test_download_a_backup_then_upload_it_see_its_preview_and_restore_it(browser: Browser, artifacts_dir: Path, shot):
    server, folder = start_sign_in_server(artifacts_dir)
    context = browser.new_context(
        base_url=server.url, viewport={"width": 1024, "height": 800}, locale="en-GB", accept_downloads=True)
    page = context.new_page()
    try:
        set_up(page, OWNER, PASSWORD)
        add_todo(page, "Buy oat milk")
        page.goto("/backups")
        page.get_by_role("button", name="Back up now", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Backed up: 1 to-do, 1 person")

        made_by_hand = page.locator(".backup-item", has_text="Made by hand")
        with page.expect_download() as download:
            made_by_hand.get_by_role("link", name=re.compile(r"^Download")).click()
        kept = folder / "kept-on-another-disk.zip"
        download.value.save_as(kept)
        with zipfile.ZipFile(kept) as archive:
            assert "manifest.json" in archive.namelist(), archive.namelist()

        add_todo(page, "Paint the fence")
        page.goto("/backups")
        page.get_by_label("Backup file", exact=True).set_input_files(str(kept))
        page.get_by_role("button", name="Upload", exact=True).click()
        expect(page.get_by_role("heading", level=1, name=re.compile(r"^Restore the backup from"))).to_be_visible()
        expect(page.locator(".backup-compare")).to_contain_text("1 to-do, 1 person")
        expect(page.locator(".backup-compare")).to_contain_text("2 to-dos, 1 person")
        shot(page, "backups-uploaded-preview")
        page.get_by_role("button", name="Restore this backup", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Restored the backup from")

        open_list(page)
        expect(item(page, "Buy oat milk")).to_be_visible()
        expect(item(page, "Paint the fence")).to_have_count(0)
    finally:
        context.close()
        stop_sign_in_server(server, folder)


def test_the_commands_back_up_while_running_refuse_a_damaged_file_and_restore_when_stopped(artifacts_dir: Path):
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-backup-commands-"))
    server = ParsnipServer(folder / "data" / "parsnip.sqlite", artifacts_dir / "server-backup-commands.log")
    database = server.database
    server.log_path.write_text("")
    server.start()
    try:
        made = parsnip("backup", str(folder / "kept.zip"), "--database", str(database))
        assert made.returncode == 0, made.stderr
        assert "Backed up to" in made.stdout
        assert (folder / "kept.zip").exists()
        again = parsnip("backup", str(folder / "kept.zip"), "--database", str(database))
        assert again.returncode == 1 and "already exists" in again.stderr

        running = parsnip("restore", str(folder / "kept.zip"), "--database", str(database), "--yes")
        assert running.returncode == 1
        assert "Parsnip is running" in running.stderr
        assert "Backups page" in running.stderr
    finally:
        server.stop()
    try:
        before = digest(server)
        damaged = folder / "damaged.zip"
        data = bytearray((folder / "kept.zip").read_bytes())
        middle = len(data) // 3
        for offset in range(middle, middle + 64):
            data[offset] ^= 0x5A
        damaged.write_bytes(bytes(data))
        refused = parsnip("restore", str(damaged), "--database", str(database), "--yes")
        assert refused.returncode == 1
        assert "damaged" in refused.stderr or "not a Parsnip backup" in refused.stderr, refused.stderr
        assert digest(server) == before, "a refused restore leaves the database untouched"

        not_a_backup = folder / "notes.zip"
        not_a_backup.write_text("shopping list")
        foreign = parsnip("restore", str(not_a_backup), "--database", str(database), "--yes")
        assert foreign.returncode == 1 and "This file is not a Parsnip backup." in foreign.stderr

        unasked = parsnip("restore", str(folder / "kept.zip"), "--database", str(database))
        assert unasked.returncode == 1 and "Add --yes" in unasked.stderr
        assert digest(server) == before

        restored = parsnip("restore", str(folder / "kept.zip"), "--database", str(database), "--yes")
        assert restored.returncode == 0, restored.stderr
        safety = safety_backup(restored)
        assert safety.name.endswith("-before-restore.zip") and safety.exists(), "a safety backup was made"
        # Beside the file; for PostgreSQL in parsnip-backups/ of the folder the command ran in (a command has no
        # --backups), where this journey leaves nothing behind.
        place = REPO / "parsnip-backups" if server.on_postgres else Path(database).parent / "backups"
        assert safety.parent == place, safety
        if server.on_postgres:
            safety.unlink()
        server.start()
        assert server.process is not None and server.process.poll() is None
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_export_then_import_with_a_dry_run_a_bad_row_refused_and_the_good_file_imported(artifacts_dir: Path):
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-import-"))
    server = ParsnipServer(folder / "source" / "parsnip.sqlite", artifacts_dir / "server-import.log")
    source = server.database
    server.log_path.write_text("")
    server.start()
    try:
        import urllib.parse
        import urllib.request

        # No sign-in on this computer: add a to-do through the form as a person would.
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        page = opener.open(server.url + "/todos/new").read().decode()
        token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        body = urllib.parse.urlencode({"_csrf": token, "title": "Sweep the chimney", "description": ""}).encode()
        request = urllib.request.Request(server.url + "/todos", data=body, headers={"Origin": server.url})
        opener.open(request).read()
    finally:
        server.stop()
    try:
        exported = parsnip("export", str(folder / "export.zip"), "--database", str(source))
        assert exported.returncode == 0, exported.stderr
        assert "Exported to" in exported.stdout and "1 to-do" in exported.stdout

        target = database_for(folder / "target" / "parsnip.sqlite")
        dry = parsnip("import", str(folder / "export.zip"), "--database", str(target), "--dry-run")
        assert dry.returncode == 0, dry.stderr
        assert "To-dos: 1 to add, 0 to update, 0 to skip" in dry.stdout

        bad = folder / "Recipe.json"
        bad.write_text('[{"objectId":"bad0000001","name":"Stew","releaseDate":"2024-03-02"}]')
        refused = parsnip("import", str(bad), "--database", str(target), "--yes")
        assert refused.returncode == 1
        assert "Recipe 1 (objectId bad0000001): releaseDate is not a date (it is text)." in refused.stdout

        imported = parsnip("import", str(folder / "export.zip"), "--database", str(target), "--yes")
        assert imported.returncode == 0, imported.stderr + imported.stdout
        assert "Imported." in imported.stdout
        if server.on_postgres:
            safety_backup(imported).unlink()
        again = parsnip("export", str(folder / "again.zip"), "--database", str(target))
        assert "1 to-do" in again.stdout, again.stdout
    finally:
        shutil.rmtree(folder, ignore_errors=True)
