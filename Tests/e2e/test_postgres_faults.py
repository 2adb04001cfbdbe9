"""Parsnip on PostgreSQL when the database goes away: the server stopped during a save, the network to it cut
half-way through a save. Each time the person gets a clear 503 page with what they typed shown again, nothing is
half written, and once PostgreSQL answers again Parsnip carries on by itself — no restart.

The real binary against a real PostgreSQL: a throw-away cluster of this module's own (stopping the shared one would
pull it from under every other journey), with a TCP proxy between them (`cuttable_proxy.py`).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

import stored_data
from book_steps import BookInput, button, fill_book_form, new_isbn13, post_form
from conftest import REPO, ParsnipServer, QuickClient, fresh_schema_url
from cuttable_proxy import CuttableProxy
from steps import flash, quoted, unique, unique_person

pytestmark = pytest.mark.skipif(
    not os.environ.get("PARSNIP_TEST_POSTGRES_URL"),
    reason="needs PostgreSQL: PARSNIP_TEST_POSTGRES_URL (scripts/test sets it; its cluster tools make our own)")

CLUSTER = REPO / "scripts" / "postgres-test-cluster"
SAVE_HEADING = "Parsnip could not save: its database cannot be reached"
READ_HEADING = "Parsnip cannot show this page just now"


def cluster(action: str, folder: str) -> str:
    answer = subprocess.run([str(CLUSTER), action, folder], capture_output=True, text=True, timeout=120)
    assert answer.returncode == 0, answer.stderr
    return answer.stdout.strip().splitlines()[-1] if answer.stdout.strip() else ""


@pytest.fixture(scope="module")
def own_cluster():
    """A PostgreSQL cluster this module may stop and start: its folder and URL."""
    folder = tempfile.mkdtemp(prefix="pgfault-", dir="/tmp")
    url = cluster("start", folder)
    yield folder, url
    subprocess.run([str(CLUSTER), "stop", "--remove", folder], capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def proxy(own_cluster):
    parts = urlsplit(own_cluster[1])
    cut = CuttableProxy(parts.hostname, parts.port)
    yield cut
    cut.close()


@pytest.fixture(scope="module")
def faulty_server(own_cluster, proxy, artifacts_dir: Path):
    """Parsnip on the module's cluster through the proxy, in a fresh schema."""
    url = own_cluster[1]
    through_proxy = url.replace(f":{urlsplit(url).port}/", f":{proxy.port}/", 1)
    database = fresh_schema_url(through_proxy, "e2e_fault")
    server = ParsnipServer(database, artifacts_dir / "server-postgres-faults.log")
    # The same schema without the proxy, to look at what was stored while the link is cut.
    server.direct_url = database.replace(f":{proxy.port}/", f":{urlsplit(url).port}/", 1)
    server.log_path.write_text("")
    server.start()
    yield server
    server.stop()


def stored(server: ParsnipServer, table: str, column: str, value: str) -> list:
    """The objectIds of the rows of `table` whose `column` is `value`, read without the proxy; none when the table
    does not exist (a first save rolled back takes its new table with it)."""
    with stored_data.connect(server.direct_url) as db:
        if db.execute("SELECT to_regclass(?) AS t", (f'"{table}"',)).fetchone()["t"] is None:
            return []
        return [row[0] for row in db.execute(f'SELECT "objectId" FROM "{table}" WHERE "{column}" = ?', (value,))]


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until_it_answers(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while status_of(url) != 200:
        assert time.monotonic() < deadline, f"{url} did not answer 200 within {seconds} s of PostgreSQL coming back"
        time.sleep(0.2)


def test_postgresql_stopped_during_a_save_keeps_the_form_and_parsnip_carries_on_once_it_is_back(
        page: Page, faulty_server, own_cluster, shot):
    server, folder = faulty_server, own_cluster[0]
    pid = server.process.pid
    title = unique("Water the tomatoes ")
    page.goto(server.url + "/todos/new")
    page.get_by_label("Title", exact=True).fill(title)
    page.get_by_label("Description", exact=True).fill("Both pots by the door, before nine")

    cluster("stop", folder)
    try:
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            page.get_by_role("button", name="Add to-do", exact=True).click()
        assert answer.value.status == 503
        expect(page.get_by_role("heading", name=SAVE_HEADING)).to_be_visible()
        expect(page.get_by_text("so nothing was changed")).to_be_visible()
        expect(page.get_by_label("Title", exact=True)).to_have_value(title)
        expect(page.get_by_label("Description", exact=True)).to_have_value("Both pots by the door, before nine")
        shot(page, "save-while-stopped")
        page.set_viewport_size({"width": 375, "height": 800})
        shot(page, "save-while-stopped-phone")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page is {overflow} px wider than a phone"
        page.set_viewport_size({"width": 1024, "height": 800})

        # A page that only reads says so in its own words, not "could not save".
        reading = page.context.new_page()
        response = reading.goto(server.url + "/todos")
        assert response.status == 503
        expect(reading.get_by_role("heading", level=1)).to_have_text(READ_HEADING)
        assert "save" not in reading.locator("main").inner_text().lower()
        shot(reading, "list-while-stopped")
        reading.set_viewport_size({"width": 375, "height": 800})
        shot(reading, "list-while-stopped-phone")
        reading.close()
    finally:
        cluster("start", folder)

    # PostgreSQL is back: the same Parsnip answers again, and the kept form saves with one more press.
    wait_until_it_answers(server.url + "/todos")
    page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(flash(page, f"Added {quoted(title)}")).to_be_visible()
    assert server.process.poll() is None and server.process.pid == pid, "Parsnip was restarted"
    rows = stored(server, "TodoListItem", "title", title)
    assert len(rows) == 1, f"{len(rows)} to-dos titled {title!r}"


def test_the_network_cut_half_way_through_a_book_save_writes_nothing_and_the_form_saves_once_it_is_back(
        page: Page, faulty_server, proxy, shot):
    server = faulty_server
    pid = server.process.pid
    quick = QuickClient(page.context.request, server.url)
    genre, author, publisher = unique("Cosy crime "), unique_person("Agatha", "Christie"), unique("Collins ")
    for kind, name in (("genre", genre), ("author", author), ("publisher", publisher)):
        response = post_form(quick, f"/{kind}s", [("name", name)])
        assert response.status == 303, response.text()[:300]
    book = BookInput(title=unique("The Murder at the Vicarage "), isbn=new_isbn13(), genre=genre, year="1930",
                     authors=[author], publishers=[publisher])
    page.goto(server.url + "/books/new")
    expect(page.get_by_role("heading", level=1, name="Add a book")).to_be_visible()
    fill_book_form(page, book)

    # The save's statements reach PostgreSQL; its COMMIT never does, and the link stays down.
    proxy.cut_at_next_commit()
    try:
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            button(page, "Save book").click()
        assert proxy.trap_fired.is_set(), "the save never reached its COMMIT"
        assert answer.value.status == 503
        expect(page.get_by_role("heading", name=SAVE_HEADING)).to_be_visible()
        expect(page.get_by_label("Title", exact=True)).to_have_value(book.title)
        expect(page.get_by_label("Publishing year", exact=True)).to_have_value("1930")
        shot(page, "book-save-cut")
        assert stored(server, "Book", "title", book.title) == [], "half a save was written: the book"
        assert stored(server, "ISBN", "value", book.isbn) == [], "half a save was written: its ISBN"
        # While the link is down, a page that only reads says so.
        response = page.context.new_page().goto(server.url + "/books")
        assert response.status == 503
    finally:
        proxy.restore()

    wait_until_it_answers(server.url + "/books")
    button(page, "Save book").click()
    expect(flash(page, f"Added {quoted(book.title)}")).to_be_visible()
    assert server.process.poll() is None and server.process.pid == pid, "Parsnip was restarted"
    book_id = re.search(r"/books/([A-Za-z0-9]{10})", page.url).group(1)
    assert len(stored(server, "Book", "title", book.title)) == 1
    assert len(stored(server, "ISBN", "value", book.isbn)) == 1
    with stored_data.connect(server.direct_url) as db:
        authors = db.execute('SELECT "relatedId" FROM "_Join:authors:Book" WHERE "owningId" = ?', (book_id,))
        assert len(authors.fetchall()) == 1


def test_a_network_drop_on_a_page_that_only_reads_is_its_own_503_and_the_page_comes_back_by_itself(
        page: Page, faulty_server, proxy, shot):
    server = faulty_server
    proxy.cut()
    try:
        response = page.goto(server.url + "/recipes")
        assert response.status == 503
        expect(page.get_by_role("heading", level=1)).to_have_text(READ_HEADING)
        expect(page.get_by_text("Parsnip connects again by itself")).to_be_visible()
        shot(page, "recipes-while-cut")
    finally:
        proxy.restore()
    wait_until_it_answers(server.url + "/recipes")
    response = page.goto(server.url + "/recipes")
    assert response.status == 200
