"""What a person does with accounts: set Parsnip up, sign in and out, add people, by visible labels."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import BINARY, REPO, ParsnipServer


class SignInServer(ParsnipServer):
    """The real binary started with `--require-sign-in`, on its own fresh database, so everyone must sign in.

    Starts it as `ParsnipServer.start` does, with the one extra flag (conftest's server takes no extra arguments).
    """

    def start(self) -> None:
        self.starts += 1
        with open(self.log_path, "a") as log:
            log.write(f"\n===== start #{self.starts}: port {self.port}, database {self.database}, sign-in required\n")
            log.flush()
            self.process = subprocess.Popen(
                [str(BINARY), "--host", "127.0.0.1", "--port", str(self.port), "--database", str(self.database),
                 "--require-sign-in"],
                cwd=REPO,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"parsnip exited with code {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"parsnip did not answer /health within 30 s:\n{self.log()}")


def start_sign_in_server(artifacts: Path) -> tuple[SignInServer, Path]:
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-accounts-"))
    server = SignInServer(folder / "accounts.sqlite", artifacts / "server-accounts.log")
    server.log_path.write_text("")
    server.start()
    return server, folder


def stop_sign_in_server(server: SignInServer, folder: Path) -> None:
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def set_up(page: Page, username: str, password: str) -> None:
    """The first run: /setup → name, password twice → the home page, signed in as owner."""
    page.goto("/setup")
    expect(page.get_by_role("heading", level=1, name="Set up Parsnip")).to_be_visible()
    page.get_by_label("Your name", exact=True).fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password again", exact=True).fill(password)
    page.get_by_role("button", name="Set up Parsnip", exact=True).click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("status")).to_contain_text(f"Welcome, {username}")


def sign_in(page: Page, username: str, password: str) -> None:
    """From the sign-in page: name, password, Sign in."""
    page.get_by_label("Name", exact=True).fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in", exact=True).click()


def add_person(page: Page, username: str, password: str, role: str) -> None:
    """On /people: fill "Add a person" and see them in the list."""
    page.goto("/people")
    page.get_by_label("Name", exact=True).fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("What they may do", exact=True).select_option(label=role)
    page.get_by_role("button", name="Add person", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text(f"Added {username}")
    expect(person_row(page, username)).to_be_visible()


def person_row(page: Page, username: str):
    """The people page's entry for `username` (found by its heading, "Ana" or "Ana (you)")."""
    heading = page.get_by_role("heading", level=2, name=re.compile(rf"^{re.escape(username)}( \(you\))?$"))
    return page.locator("li.person").filter(has=heading)


def sign_out(page: Page) -> None:
    """The header's Sign out → the confirmation page's Sign out button."""
    page.get_by_role("link", name="Sign out", exact=True).click()
    page.get_by_role("button", name="Sign out", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Sign in")).to_be_visible()
