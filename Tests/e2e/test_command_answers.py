"""The commands as a person at a terminal uses them: `import --dry-run` on a database that is not there yet leaves
no file behind, "y" answers yes as "yes" does, and the help reads as sentences."""

from __future__ import annotations

import os
import re
import select
import subprocess
import tempfile
from pathlib import Path

from conftest import BINARY, REPO


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
