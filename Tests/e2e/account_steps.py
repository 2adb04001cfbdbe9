"""What a person does with accounts: set Parsnip up, sign in and out, add people, by visible labels."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import ParsnipServer


def start_sign_in_server(artifacts: Path) -> tuple[ParsnipServer, Path]:
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-accounts-"))
    server = ParsnipServer(folder / "accounts.sqlite", artifacts / "server-accounts.log", ("--require-sign-in",))
    server.log_path.write_text("")
    server.start()
    return server, folder


def stop_sign_in_server(server: ParsnipServer, folder: Path) -> None:
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
