"""The commands as a person at a terminal uses them: `import --dry-run` on a database that is not there yet leaves
no file behind, "y" answers yes as "yes" does, and the help reads as sentences."""

from __future__ import annotations

import os
import re
import select
import subprocess
import tempfile
import urllib.request
from pathlib import Path

import pytest

from conftest import BINARY, REPO, ParsnipServer, free_port


def in_a_terminal(args: list[str], answer: str) -> tuple[int, str]:
    """Runs the release binary on a pseudo-terminal and types `answer` when it asks to go on."""
    main, side = os.openpty()
    process = subprocess.Popen([str(BINARY), *args], cwd=REPO, stdin=side, stdout=side, stderr=side)
    os.close(side)
    output, answered = b"", False
    while True:
        ready, _, _ = select.select([main], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
        if not answered and b"to go on" in output:
            os.write(main, answer.encode() + b"\n")
            answered = True
    process.wait(timeout=60)
    os.close(main)
    return process.returncode, output.decode()


def an_export(folder: Path) -> Path:
    """A Parse Dashboard export of one to-do: a JSON array in a file named after its class."""
    exported = folder / "TodoListItem.json"
    exported.write_text(
        '[{"objectId": "AbCdE12345", "title": "Buy milk", "createdAt": "2024-05-01T10:00:00.000Z",'
        ' "updatedAt": "2024-05-01T10:00:00.000Z"}]')
    return exported


def test_a_dry_run_on_a_database_not_there_yet_leaves_no_file():
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-answers-"))
    exported = an_export(folder)
    missing = folder / "new" / "parsnip.sqlite"
    missing.parent.mkdir()
    dry = subprocess.run([str(BINARY), "import", str(exported), "--database", str(missing), "--dry-run"],
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert dry.returncode == 0, dry.stderr
    assert "the import would make it" in dry.stdout
    assert "1 to add" in dry.stdout
    assert list(missing.parent.iterdir()) == [], "a dry run made files"


def test_y_answers_yes_and_anything_else_changes_nothing():
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-answers-"))
    exported = an_export(folder)
    target = folder / "target.sqlite"
    code, said = in_a_terminal(["import", str(exported), "--database", str(target)], "n")
    assert code == 0 and "Nothing was imported." in said, said
    assert not target.exists(), "declining made the database"
    code, said = in_a_terminal(["import", str(exported), "--database", str(target)], "Y")
    assert code == 0 and "Imported." in said, said
    assert target.exists()


def test_the_help_reads_as_sentences():
    for command in ["import", "restore", "backup", "export"]:
        help_text = subprocess.run([str(BINARY), "help", command], cwd=REPO, capture_output=True, text=True).stdout
        for line in help_text.splitlines():
            words = line.strip()
            assert not re.search(r"\S {3,}\S", words) or words.startswith(("-", "<")), f"{command}: {line!r}"


def test_a_second_server_on_the_same_database_file_is_refused_in_one_sentence(tmp_path: Path):
    database = tmp_path / "data" / "parsnip.sqlite"
    first = ParsnipServer(database, tmp_path / "first.log")
    first.start()
    try:
        second = subprocess.run(
            [str(BINARY), "--host", "127.0.0.1", "--port", str(free_port()), "--database", str(database)],
            cwd=REPO, capture_output=True, text=True, timeout=60)
        assert second.returncode == 1, second.stdout + second.stderr
        assert second.stderr.strip() == (
            f"parsnip: Another Parsnip is already running with {database}; two cannot share one database file, "
            "so use that one or stop it first.")
        assert "Press Ctrl-C" not in second.stdout
        # The first still serves.
        with urllib.request.urlopen(first.url + "/health", timeout=5) as response:
            assert response.status == 200
    finally:
        first.stop()
    # Once the first has stopped, the file is free again.
    again = ParsnipServer(database, tmp_path / "again.log")
    again.start()
    again.stop()


def test_a_database_address_a_command_cannot_use_is_refused_and_makes_no_folder(tmp_path: Path):
    # The commands take a file or a PostgreSQL address: any other address is refused, its password never repeated.
    for command in (["backup", str(tmp_path / "b.parsnip-backup")], ["export", str(tmp_path / "e.zip")]):
        answer = subprocess.run(
            [str(BINARY), *command, "--database", "ftp://ana:s3cret@db.example:5432/parsnip"],
            cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert answer.returncode == 1, (command, answer.stdout, answer.stderr)
        assert answer.stderr.strip() == (
            "parsnip: --database takes the path of a database file, such as data/parsnip.sqlite, or a PostgreSQL "
            "address, such as postgres://user@host/database; a ftp:// address is neither."), command
        assert "s3cret" not in answer.stdout + answer.stderr
        assert list(tmp_path.iterdir()) == [], f"{command} made {list(tmp_path.iterdir())}"
    # A PostgreSQL server that does not answer is said in one sentence, and nothing is made either.
    port = free_port()
    for command in (["backup", str(tmp_path / "b.parsnip-backup")], ["export", str(tmp_path / "e.zip")]):
        answer = subprocess.run(
            [str(BINARY), *command, "--database", f"postgres://ana:s3cret@127.0.0.1:{port}/parsnip"],
            cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert answer.returncode == 1, (command, answer.stdout, answer.stderr)
        assert answer.stderr.strip() == (
            f"parsnip: The PostgreSQL server at postgres://ana:***@127.0.0.1:{port}/parsnip?sslmode=disable cannot "
            "be reached: check that it is running and that the address is right."), command
        assert "s3cret" not in answer.stdout + answer.stderr
        assert list(tmp_path.iterdir()) == [], f"{command} made {list(tmp_path.iterdir())}"
    # The server takes a file or a PostgreSQL address, and says so of any other address.
    answer = subprocess.run(
        [str(BINARY), "--database", "ftp://ana:s3cret@db.example/parsnip"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert answer.returncode == 1, (answer.stdout, answer.stderr)
    assert answer.stderr.strip() == (
        "parsnip: --database takes the path of a database file, such as data/parsnip.sqlite, or a PostgreSQL "
        "address, such as postgres://user@host/database; a ftp:// address is neither.")
    assert "s3cret" not in answer.stdout + answer.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_postgresql_server_that_cannot_be_reached_stops_the_server_in_one_sentence(tmp_path: Path):
    answer = subprocess.run(
        [str(BINARY), "--port", str(free_port()),
         "--database", f"postgres://ana:s3cret@127.0.0.1:{free_port()}/parsnip"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert answer.returncode == 1, (answer.stdout, answer.stderr)
    port = answer.args[-1].split(":")[-1].split("/")[0]
    assert answer.stderr.strip() == (
        f"parsnip: The PostgreSQL server at postgres://ana:***@127.0.0.1:{port}/parsnip?sslmode=disable cannot be "
        "reached: check that it is running and that the address is right.")
    assert "s3cret" not in answer.stdout + answer.stderr
    assert list(tmp_path.iterdir()) == [], "no folder or file is made for an address"


@pytest.mark.skipif(
    not os.environ.get("PARSNIP_TEST_POSTGRES_URL"), reason="needs PARSNIP_TEST_POSTGRES_URL (scripts/test sets it)")
def test_a_household_is_copied_to_postgresql_and_back_and_a_second_copy_is_refused(tmp_path: Path):
    url = os.environ["PARSNIP_TEST_POSTGRES_URL"]
    database = url + ("&" if "?" in url else "?") + f"schema=e2e_copy_{os.getpid()}_{free_port()}"
    shown = database.replace("?", "?sslmode=disable&", 1) if "sslmode" not in database else database

    def parsnip(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(BINARY), *args], cwd=tmp_path, capture_output=True, text=True, timeout=120)

    home = tmp_path / "home.sqlite"
    imported = parsnip("import", str(an_export(tmp_path)), "--database", str(home), "--yes")
    assert imported.returncode == 0, imported.stdout + imported.stderr

    there = parsnip("copy", "--from", str(home), "--to", database)
    assert there.returncode == 0, there.stdout + there.stderr
    lines = there.stdout.splitlines()
    assert lines[0] == f"Copied {home} to {shown}:"
    assert re.search(r"^  TodoListItem +1  sha256 [0-9a-f]{16}$", there.stdout, re.MULTILINE), there.stdout
    assert lines[-1].startswith("Checked: 1 to-do"), lines[-1]
    assert lines[-1].endswith("; every class has the same count and SHA-256 in both databases."), lines[-1]

    again = parsnip("copy", "--from", str(home), "--to", database)
    assert again.returncode == 1
    assert again.stderr.startswith(f"parsnip: {shown} already holds 1 to-do"), again.stderr
    assert again.stderr.strip().endswith(
        "; nothing was copied. Add --replace to replace everything in it (a safety backup of it is made first)."), \
        again.stderr

    back = tmp_path / "back" / "home.sqlite"
    returned = parsnip("copy", "--from", database, "--to", str(back))
    assert returned.returncode == 0, returned.stdout + returned.stderr
    checksums = lambda output: [line for line in output.splitlines() if "sha256" in line]
    assert checksums(returned.stdout) == checksums(there.stdout), "the same counts and checksums both ways"

    backup = parsnip("backup", str(tmp_path / "from-postgres.zip"), "--database", database)
    assert backup.returncode == 0, backup.stdout + backup.stderr
    assert ": 1 to-do" in backup.stdout, backup.stdout


@pytest.mark.skipif(
    not os.environ.get("PARSNIP_TEST_POSTGRES_URL"), reason="needs PARSNIP_TEST_POSTGRES_URL (scripts/test sets it)")
def test_the_data_commands_take_a_postgresql_address_and_the_writing_ones_wait_for_the_server_to_stop(
        tmp_path: Path):
    url = os.environ["PARSNIP_TEST_POSTGRES_URL"]
    database = url + ("&" if "?" in url else "?") + f"schema=e2e_commands_{os.getpid()}_{free_port()}"
    shown = database.replace("?", "?sslmode=disable&", 1) if "sslmode" not in database else database

    def parsnip(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(BINARY), *args], cwd=tmp_path, capture_output=True, text=True, timeout=120)

    imported = parsnip("import", str(an_export(tmp_path)), "--database", database, "--yes")
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "Imported." in imported.stdout
    safety = list((tmp_path / "parsnip-backups").glob("parsnip-backup-*-before-import.zip"))
    assert len(safety) == 1, "the safety backup went in parsnip-backups/ of the working folder"

    exported = parsnip("export", str(tmp_path / "export.zip"), "--database", database)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    assert ": 1 to-do" in exported.stdout, exported.stdout
    keys = parsnip("api-keys", "--database", database)
    assert keys.returncode == 0, keys.stdout + keys.stderr
    assert re.search(r"^Master key: +\S{20,}$", keys.stdout, re.MULTILINE), keys.stdout

    server = subprocess.Popen(
        [str(BINARY), "--host", "127.0.0.1", "--port", str(free_port()), "--database", database],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in server.stdout:
            if line.startswith("Press Ctrl-C"):
                break
        refused = parsnip("import", str(an_export(tmp_path)), "--database", database, "--yes")
        assert refused.returncode == 1
        assert refused.stderr.strip() == f"parsnip: Parsnip is running with {shown}. Stop it, then import."
        backup = parsnip("backup", str(tmp_path / "while-running.zip"), "--database", database)
        assert backup.returncode == 0, "a backup is made while the server runs: " + backup.stderr
        restore = parsnip("restore", str(tmp_path / "while-running.zip"), "--database", database, "--yes")
        assert restore.returncode == 1
        assert restore.stderr.startswith(f"parsnip: Parsnip is running with {shown}. Restore from the Backups page")
    finally:
        server.terminate()
        server.wait(timeout=30)
    restore = parsnip("restore", str(tmp_path / "while-running.zip"), "--database", database, "--yes")
    assert restore.returncode == 0, restore.stdout + restore.stderr
    assert "Restored the backup from" in restore.stdout
    # --reset-password reads the accounts in the PostgreSQL database too.
    reset = parsnip("--reset-password", "Ana", "--database", database)
    assert reset.returncode == 1
    assert reset.stderr.strip() == (
        "parsnip: Nobody is called Ana: nobody has an account yet. Start Parsnip and open /setup to set it up.")
