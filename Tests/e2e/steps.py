"""What a person does on the to-do pages, by visible labels and button names (notes/ui-contract.md)."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Locator, Page, expect


# The list's "Add to-do" button, or the empty list's one action "Add your first to-do".
ADD_TODO = re.compile(r"^Add (your first )?to-do$")


def unique(word: str) -> str:
    """A word no other test uses, so journeys sharing one database never see each other's items."""
    return f"{word}{uuid.uuid4().hex[:8]}"


def unique_person(forenames: str, surname: str) -> str:
    """A person's name no other test uses, its mark among the forenames so the surname stays last: the pages file
    authors by surname ("Octavia 3f9a1c2e Butler" under B)."""
    return f"{forenames} {uuid.uuid4().hex[:8]} {surname}"


def quoted(text: str) -> str:
    """Text between the typographic quotes the pages use: “text”."""
    return f"\u201c{text}\u201d"


def item(page: Page, title: str) -> Locator:
    """The list entry showing `title`."""
    return page.locator("li.todo").filter(has_text=title)


def flash(page: Page, text: str) -> Locator:
    """The one-time banner (role=status) with `text`."""
    return page.get_by_role("status").filter(has_text=text)


def open_list(page: Page) -> None:
    page.goto("/todos")
    expect(page.get_by_role("heading", level=1, name="To-do list")).to_be_visible()


def add_todo(page: Page, title: str, description: str = "") -> None:
    """From the list: Add to-do → fill the form → Add to-do → back on the list with the saved banner."""
    open_list(page)
    page.get_by_role("link", name=ADD_TODO).click()
    expect(page.get_by_role("heading", level=1, name="Add a to-do")).to_be_visible()
    page.get_by_label("Title", exact=True).fill(title)
    if description:
        page.get_by_label("Description", exact=True).fill(description)
    page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(flash(page, f"Added {quoted(title)}")).to_be_visible()


def search(page: Page, words: str) -> None:
    page.get_by_label("Search to-dos").fill(words)
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page).to_have_url(re.compile(r"[?&]q="))


def click_edit(page: Page, title: str) -> None:
    page.get_by_role("link", name=f"Edit {quoted(title)}", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Edit to-do")).to_be_visible()


def click_delete(page: Page, title: str) -> None:
    page.get_by_role("link", name=f"Delete {quoted(title)}", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Delete this to-do?")).to_be_visible()


def count_line(page: Page, text: str) -> Locator:
    return page.get_by_text(text, exact=True)
