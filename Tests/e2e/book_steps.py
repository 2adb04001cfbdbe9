"""What a person does on the book catalogue pages, by visible labels and button names (notes/book-contract.md),
and what the store holds afterwards (read straight from the SQLite file, as Parse stores it).

Every helper works with JavaScript on or off: the book form's "Add author"/"Add genre"/"Add publisher" buttons
post the whole form and come back with it (or act in the page), and the helpers wait for what a person would see.
"""

from __future__ import annotations

import json
import random
import re
import stored_data
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from steps import flash, quoted

BOOK_URL = re.compile(r"/books/([A-Za-z0-9]+)$")
KINDS = {"genre": "Genre", "author": "Author", "publisher": "Publisher"}


# ---- ISBNs ------------------------------------------------------------------------------------------------


def isbn13_check_digit(twelve: str) -> str:
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(twelve))
    return str((10 - total % 10) % 10)


def isbn10_check_digit(nine: str) -> str:
    total = sum(int(d) * (10 - i) for i, d in enumerate(nine))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


_used: set[str] = set()


def new_isbn13() -> str:
    """A valid ISBN-13 no other test uses (978 or 979 + 9 random digits + check digit), digits only."""
    while True:
        twelve = random.choice(["978", "979"]) + "".join(random.choice("0123456789") for _ in range(9))
        isbn = twelve + isbn13_check_digit(twelve)
        if isbn not in _used:
            _used.add(isbn)
            return isbn


def new_isbn10(ending_in_x: bool = False) -> str:
    """A valid ISBN-10 no other test uses; with `ending_in_x`, one whose check digit is X."""
    while True:
        nine = "".join(random.choice("0123456789") for _ in range(9))
        isbn = nine + isbn10_check_digit(nine)
        if isbn not in _used and (isbn.endswith("X") == ending_in_x):
            _used.add(isbn)
            return isbn


def hyphenated13(isbn: str) -> str:
    """978-1-2345-6789-7: how people type it (the page must ignore the hyphens)."""
    return f"{isbn[:3]}-{isbn[3]}-{isbn[4:8]}-{isbn[8:12]}-{isbn[12]}"


def with_wrong_check_digit(isbn: str) -> str:
    last = isbn[-1]
    wrong = "0" if last in "X9" else str(int(last) + 1)
    return isbn[:-1] + wrong


# ---- finding things ---------------------------------------------------------------------------------------


@dataclass
class BookInput:
    """What a person types into the book form. Authors and publishers are names to tick."""

    title: str
    isbn: str
    genre: str
    year: str = "1969"
    authors: list[str] = field(default_factory=list)
    publishers: list[str] = field(default_factory=list)


def field_named(page: Page, label: str) -> Locator:
    return page.get_by_label(label, exact=True)


def button(page: Page, name: str) -> Locator:
    """The visible button with this name (the form's hidden Enter-key copy is hidden from assistive technology)."""
    return page.get_by_role("button", name=name, exact=True).last


def fieldset(page: Page, legend: str) -> Locator:
    """The "Authors" or "Publishers" fieldset of the book form."""
    return page.get_by_role("group", name=legend, exact=True)


def checkbox(page: Page, legend: str, name: str) -> Locator:
    return fieldset(page, legend).get_by_role("checkbox", name=name, exact=True)


def selected_option_text(select: Locator) -> str:
    return select.evaluate("s => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text").strip()


def main_lines(page: Page) -> list[str]:
    return [line.strip() for line in page.get_by_role("main").inner_text().splitlines() if line.strip()]


def fact(page: Page, label: str, value: str) -> None:
    """The book page states `label` … `value` (e.g. ISBN 9780441013593)."""
    text = "\n".join(main_lines(page))
    # The ISBN row names its forms: "ISBN-13 978-0-441-01359-3", "ISBN-10 0-441-01359-7"; `value` is the digits.
    form = r"(-1[03])?" if label == "ISBN" else ""
    if label == "ISBN":
        text = re.sub(r"(?<=[0-9X])-(?=[0-9X])", "", text)
    pattern = r"(^|\n|\s)" + re.escape(label) + form + r"[:\s]*" + re.escape(value) + r"(\s|$)"
    assert re.search(pattern, text), f"the page does not show {label} {value!r}:\n{text}"


def section_lines(page: Page, heading: str) -> list[str]:
    """The lines between the book page's h2 `heading` and the next h2 (Authors, Publishers) or the actions."""
    expect(page.get_by_role("heading", level=2, name=heading, exact=True)).to_be_visible()
    lines = main_lines(page)
    start = lines.index(heading) + 1
    stops = {"Authors", "Publishers", "Edit book", "Delete book"}
    end = next((i for i in range(start, len(lines)) if lines[i] in stops), len(lines))
    return lines[start:end]


def book_id_of(page: Page) -> str:
    match = BOOK_URL.search(page.url)
    assert match, f"not on a book page: {page.url}"
    return match.group(1)


# ---- the catalogue pages (/genres, /authors, /publishers) ---------------------------------------------------


def open_catalogue(page: Page, kind: str) -> None:
    page.goto(f"/{kind}s")
    expect(page.get_by_role("heading", level=1, name=f"{KINDS[kind]}s", exact=True)).to_be_visible()


def add_entry(page: Page, kind: str, name: str) -> str:
    """On /genres (or /authors, /publishers): Name → "Add genre"; expects the flash naming it; returns its id."""
    open_catalogue(page, kind)
    field_named(page, "Name").fill(name)
    button(page, f"Add {kind}").click()
    expect(flash(page, name)).to_be_visible()
    link = page.get_by_role("main").get_by_role("link", name=name, exact=True)
    expect(link).to_have_count(1)
    href = link.get_attribute("href") or ""
    match = re.fullmatch(rf"/{kind}s/([A-Za-z0-9]+)", href)
    assert match, f"the {kind} {name!r} links to {href!r}"
    return match.group(1)


def open_entry(page: Page, kind: str, entry_id: str, name: str) -> None:
    page.goto(f"/{kind}s/{entry_id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


# ---- the book pages ---------------------------------------------------------------------------------------


def open_books(page: Page, query: str = "") -> None:
    page.goto("/books" + (f"?{query}" if query else ""))
    expect(page.get_by_role("heading", level=1, name="Books", exact=True)).to_be_visible()


def open_new_book(page: Page) -> None:
    """From the list: the "Add book" link to the empty form."""
    open_books(page)
    page.get_by_role("link", name=re.compile(r"^Add (your first )?book$")).click()
    expect(page.get_by_role("heading", level=1, name="Add a book")).to_be_visible()


def open_book(page: Page, book_id: str, title: str | None = None) -> None:
    page.goto(f"/books/{book_id}")
    if title is not None:
        expect(page.get_by_role("heading", level=1)).to_have_text(title)


def open_book_editor(page: Page, book_id: str, title: str) -> None:
    open_book(page, book_id, title)
    page.get_by_role("link", name="Edit book", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Edit book")).to_be_visible()
    expect(field_named(page, "Title")).to_have_value(title)


def fill_book_form(page: Page, book: BookInput) -> None:
    field_named(page, "Title").fill(book.title)
    field_named(page, "ISBN").fill(book.isbn)
    field_named(page, "Genre").select_option(label=book.genre)
    field_named(page, "Publishing year").fill(book.year)
    for name in book.authors:
        checkbox(page, "Authors", name).check()
    for name in book.publishers:
        checkbox(page, "Publishers", name).check()


def expect_form_holds(page: Page, book: BookInput, *, isbn: str | None = None) -> None:
    """The form shows what `book` says (the ISBN as typed unless `isbn` says otherwise); its names ticked."""
    expect(field_named(page, "Title")).to_have_value(book.title)
    # A stored ISBN comes back hyphenated by its ranges; the digits are what must match.
    wanted = (book.isbn if isbn is None else isbn).replace("-", "")
    assert field_named(page, "ISBN").input_value().replace("-", "") == wanted
    assert selected_option_text(field_named(page, "Genre")) == book.genre
    expect(field_named(page, "Publishing year")).to_have_value(book.year)
    for name in book.authors:
        expect(checkbox(page, "Authors", name)).to_be_checked()
    for name in book.publishers:
        expect(checkbox(page, "Publishers", name)).to_be_checked()


def ticked(page: Page, legend: str) -> list[str]:
    """The names ticked in the fieldset, in page order."""
    boxes = fieldset(page, legend).get_by_role("checkbox")
    return [
        label
        for label in boxes.evaluate_all(
            "boxes => boxes.filter(b => b.checked).map(b => (b.labels[0] ? b.labels[0].innerText : '').trim())"
        )
    ]


def save_book(page: Page, title: str, button_name: str = "Save book") -> str:
    """Clicks "Save book" (or "Save changes"); expects the book page with the saved banner; returns its id."""
    button(page, button_name).click()
    expect(page).to_have_url(BOOK_URL)
    verb = "Added" if button_name == "Save book" else "Saved"
    expect(flash(page, f"{verb} {quoted(title)}")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    return book_id_of(page)


def submit_expecting(page: Page, button_name: str, status: int) -> None:
    """Clicks a submit button and checks the status of the POST it sends (422 for a refused form)."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        button(page, button_name).click()
    assert answer.value.status == status, f"{button_name} answered {answer.value.status}, expected {status}"
    page.wait_for_load_state()


def described_by(page: Page, label: str) -> Locator:
    """What the field labelled `label` is described by (its hint and its message), found through its
    aria-describedby as a screen reader finds them. Empty when the field has no description."""
    ids = (field_named(page, label).get_attribute("aria-describedby") or "").split()
    if not ids:
        return page.locator("#no-description-at-all")
    return page.locator(", ".join(f'[id="{i}"]' for i in ids))


def message_beside(page: Page, label: str, text: str) -> Locator:
    """The field's message (one of its aria-describedby elements) containing `text`; expect it to_have_count(1)."""
    return described_by(page, label).filter(has_text=text)


def expect_message(page: Page, label: str, text: str) -> None:
    """The field labelled `label` is marked invalid and described by a message containing `text`."""
    expect(field_named(page, label)).to_have_attribute("aria-invalid", "true")
    expect(message_beside(page, label, text)).to_have_count(1)
    expect(message_beside(page, label, text)).to_be_visible()


def add_new_entry_from_form(page: Page, kind: str, name: str) -> None:
    """Types a name into "New author" (genre, publisher) and presses "Add author"; waits until it is ticked
    (or, for a genre, selected). Works with JavaScript on (whatever the page does) and off (a round trip)."""
    field_named(page, f"New {kind}").fill(name)
    button(page, f"Add {kind}").click()
    if kind == "genre":
        expect(field_named(page, "Genre").locator("option:checked")).to_have_text(name)
    else:
        expect(checkbox(page, f"{KINDS[kind]}s", name)).to_be_checked()
    expect(field_named(page, f"New {kind}")).to_have_value("")


# ---- the list ---------------------------------------------------------------------------------------------


def list_row(page: Page, title: str) -> Locator:
    return page.get_by_role("row").filter(has=page.get_by_role("link", name=title, exact=True))


def row_cells(row: Locator) -> list[str]:
    return [text.strip() for text in row.locator("th, td").all_inner_texts()]


def listed_titles(page: Page, containing: str) -> list[str]:
    if page.get_by_role("table").count() == 0:
        return []
    names = [t.strip() for t in page.get_by_role("table").get_by_role("link").all_inner_texts()]
    return [n for n in names if containing in n]


def filter_books(page: Page, *, search: str = "", genre: str = "All genres", author: str = "",
                 publisher: str = "All publishers", sort: str = "Title (A–Z)") -> None:
    page.get_by_label("Search books", exact=True).fill(search)
    page.get_by_label("Genre", exact=True).select_option(label=genre)
    # The author box takes any part of a name (500 authors do not fit a drop-down on a phone).
    page.get_by_label("Author", exact=True).fill(author)
    page.get_by_label("Publisher", exact=True).select_option(label=publisher)
    page.get_by_label("Sort by", exact=True).select_option(label=sort)
    page.get_by_role("button", name="Show books", exact=True).click()
    expect(page).to_have_url(re.compile(r"/books\?"))


def match_line(page: Page, matching: int) -> Locator:
    """The "3 of 12 books match" line (1: "1 of 12 books match" or "… matches")."""
    return page.get_by_text(re.compile(rf"^{matching} of [\d,]+ books? match(es)?$"))


# ---- quick setup without the browser ----------------------------------------------------------------------


def post_form(quick, path: str, fields: list[tuple[str, str]]):
    """A form POST with repeated fields (author=…&author=…), CSRF token and Origin, without following redirects."""
    body = urllib.parse.urlencode(fields + [("_csrf", quick.csrf_token())])
    return quick.request.post(
        quick.base_url + path,
        data=body,
        headers={"Origin": quick.base_url, "Content-Type": "application/x-www-form-urlencoded"},
        max_redirects=0,
    )


def quick_entry(quick, database: Path, kind: str, name: str) -> str:
    """Adds a genre/author/publisher with one POST /genres (…) and returns its objectId (from the database)."""
    response = post_form(quick, f"/{kind}s", [("name", name)])
    assert response.status == 303, f"adding the {kind} {name!r} answered {response.status}: {response.text()[:300]}"
    return entry_id(database, kind, name)


def quick_book(quick, title: str, isbn: str, genre_id: str, year: str = "2001", authors: list[str] = (),
               publishers: list[str] = ()) -> str:
    """Saves a book with one POST /books/new (the form's fields; ids for genre, authors, publishers)."""
    fields = [("title", title), ("isbn", isbn), ("genre", genre_id), ("publishingYear", year)]
    fields += [("author", a) for a in authors] + [("publisher", p) for p in publishers]
    response = post_form(quick, "/books/new", fields)
    assert response.status == 303, f"saving {title!r} answered {response.status}: {response.text()[:500]}"
    match = BOOK_URL.search(response.headers["location"])
    assert match, f"saving {title!r} went to {response.headers['location']}"
    time.sleep(0.003)
    return match.group(1)


# ---- the stored data --------------------------------------------------------------------------------------


def _db(database: Path | str):
    return stored_data.connect(database)


def entry_id(database: Path, kind: str, name: str) -> str:
    with _db(database) as db:
        rows = db.execute(f'SELECT "objectId" FROM "{KINDS[kind]}" WHERE "name" = ?', (name,)).fetchall()
    assert len(rows) == 1, f"{len(rows)} stored {kind}s named {name!r}"
    return rows[0][0]


def stored(database: Path, class_name: str, object_id: str) -> dict | None:
    with _db(database) as db:
        row = db.execute(f'SELECT * FROM "{class_name}" WHERE "objectId" = ?', (object_id,)).fetchone()
    return dict(row) if row is not None else None


def isbn_objects(database: Path, value: str) -> list[str]:
    """objectIds of the ISBN objects whose value is `value`."""
    with _db(database) as db:
        return [r[0] for r in db.execute('SELECT "objectId" FROM "ISBN" WHERE "value" = ?', (value,))]


def related(database: Path, field_name: str, owner_class: str, owning_id: str) -> set[str]:
    """The relatedIds of one object's Relation rows in `_Join:<field>:<Class>`."""
    with _db(database) as db:
        rows = db.execute(
            f'SELECT "relatedId" FROM "_Join:{field_name}:{owner_class}" WHERE "owningId" = ?', (owning_id,)
        ).fetchall()
    return {r[0] for r in rows}


def owners(database: Path, field_name: str, owner_class: str, related_id: str) -> set[str]:
    """The owningIds of the Relation rows that point at `related_id` in `_Join:<field>:<Class>`."""
    with _db(database) as db:
        rows = db.execute(
            f'SELECT "owningId" FROM "_Join:{field_name}:{owner_class}" WHERE "relatedId" = ?', (related_id,)
        ).fetchall()
    return {r[0] for r in rows}


def schema_types(database: Path, class_name: str) -> dict[str, str]:
    """Field name → Parse type as `_SCHEMA` records it, references written "Pointer<Genre>", "Relation<Author>"."""
    with _db(database) as db:
        row = db.execute('SELECT "schema" FROM "_SCHEMA" WHERE "className" = ?', (class_name,)).fetchone()
    assert row is not None, f"_SCHEMA has no class {class_name}"
    types = {}
    for name, spec in json.loads(row[0])["fields"].items():
        target = spec.get("targetClass")
        types[name] = f"{spec['type']}<{target}>" if target else spec["type"]
    return types


def expect_stored_book(database: Path, book_id: str, *, title: str, year: int, isbn: str, genre_id: str,
                       author_ids: set[str], publisher_ids: set[str]) -> None:
    """The Book row, its ISBN object and its rows in all three join tables are exactly the contract's shape."""
    book = stored(database, "Book", book_id)
    assert book is not None, f"no stored Book {book_id}"
    assert book["title"] == title
    assert book["publishingYear"] == year
    assert book["genre"] == genre_id, f"Book.genre holds {book['genre']!r}, expected the Genre {genre_id}"
    isbn_object = stored(database, "ISBN", book["isbn"])
    assert isbn_object is not None, f"Book.isbn points at {book['isbn']!r}, which is no stored ISBN object"
    assert isbn_object["value"] == isbn
    assert isbn_objects(database, isbn) == [book["isbn"]], "one ISBN object per ISBN value"
    assert related(database, "authors", "Book", book_id) == author_ids
    assert related(database, "publishers", "Book", book_id) == publisher_ids
    assert owners(database, "books", "Genre", book_id) == {genre_id}, "the book is in exactly its genre's books"


def expect_book_gone(database: Path, book_id: str, isbn_object_id: str, isbn: str) -> None:
    assert stored(database, "Book", book_id) is None
    assert stored(database, "ISBN", isbn_object_id) is None
    assert isbn_objects(database, isbn) == []
    assert related(database, "authors", "Book", book_id) == set()
    assert related(database, "publishers", "Book", book_id) == set()
    assert owners(database, "books", "Genre", book_id) == set()
