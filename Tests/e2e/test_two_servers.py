"""Two Parsnip servers on one PostgreSQL database, as behind a load balancer (issue 30): two people in two browsers,
each on a server of their own, edit one recipe and get the merge or the conflict page; a list one server showed is
never stale after a save on the other; a delete on one is in the other's trash; and fifty editors spread over both
servers for thirty seconds lose no update.

Skipped without `PARSNIP_TEST_POSTGRES_URL` (scripts/test starts a throw-away cluster and sets it). Both servers get
a schema of their own in the cluster, made on first start.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from account_steps import add_person, set_up, sign_in
from conftest import ParsnipServer, QuickClient, free_port
from recipe_steps import RECIPE_URL, button, fact, field_named, open_editor, quick_recipe
from steps import flash, quoted, unique

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "load"))
import editing_load as load  # noqa: E402

pytestmark = pytest.mark.skipif(
    not os.environ.get("PARSNIP_TEST_POSTGRES_URL"), reason="needs PARSNIP_TEST_POSTGRES_URL (scripts/test sets it)")

OWNER = ("Two owner", "owner password 1")
EDITOR = ("Two editor", "editor password 1")


@pytest.fixture(scope="module")
def database() -> str:
    url = os.environ["PARSNIP_TEST_POSTGRES_URL"]
    return url + ("&" if "?" in url else "?") + f"schema=e2e_two_{os.getpid()}_{free_port()}"


@pytest.fixture(scope="module")
def servers(database: str, artifacts_dir: Path):
    pair = [
        ParsnipServer(database, artifacts_dir / f"server-two-{number}.log", ("--require-sign-in",))  # type: ignore[arg-type]
        for number in (1, 2)
    ]
    for server in pair:
        server.log_path.write_text("")
        server.start()
    yield pair
    for server in pair:
        server.stop()


@pytest.fixture(scope="module")
def people(servers, browser: Browser) -> None:
    """The owner sets Parsnip up on server one and adds an editor."""
    context = browser.new_context(base_url=servers[0].url)
    page = context.new_page()
    set_up(page, *OWNER)
    add_person(page, EDITOR[0], EDITOR[1], "Editor")
    context.close()


def signed_in(browser: Browser, server: ParsnipServer, person: tuple[str, str]) -> Page:
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    page.goto("/sign-in")
    sign_in(page, *person)
    expect(page).to_have_url(f"{server.url}/")
    return page


def test_two_people_on_two_servers_editing_one_recipe_merge_or_choose(servers, people, browser: Browser) -> None:
    ana = signed_in(browser, servers[0], OWNER)
    ben = signed_in(browser, servers[1], EDITOR)
    name = unique("Soup")
    recipe_id = quick_recipe(QuickClient(ana.context.request, servers[0].url), name, servings="4", price="3.99")
    open_editor(ana, recipe_id, name)
    open_editor(ben, recipe_id, name)

    # Different fields through different servers: both kept.
    field_named(ana, "Servings").fill("6")
    button(ana, "Update recipe").click()
    expect(flash(ana, f"Updated {quoted(name)}")).to_be_visible()
    renamed = name + " du jour"
    field_named(ben, "Name").fill(renamed)
    button(ben, "Update recipe").click()
    expect(ben).to_have_url(RECIPE_URL)
    expect(flash(ben, f"Saved {quoted(renamed)}. {OWNER[0]} changed Servings")).to_be_visible()
    fact(ben, "Servings", "6")

    # The same field, differently: the second save, on the other server, gets the conflict page.
    open_editor(ana, recipe_id, renamed)
    open_editor(ben, recipe_id, renamed)
    field_named(ana, "Servings").fill("8")
    button(ana, "Update recipe").click()
    expect(flash(ana, f"Updated {quoted(renamed)}")).to_be_visible()
    field_named(ben, "Servings").fill("12")
    with ben.expect_response(lambda r: r.request.method == "POST") as answer:
        button(ben, "Update recipe").click()
    assert answer.value.status == 409, f"the clashing save answered {answer.value.status}"
    servings = ben.get_by_role("group", name="Servings")
    expect(servings).to_contain_text("12")
    expect(servings).to_contain_text("8")
    ana.context.close()
    ben.context.close()


def test_a_list_shown_by_one_server_is_never_stale_after_a_save_or_delete_on_the_other(
        servers, people, browser: Browser) -> None:
    ana = signed_in(browser, servers[0], OWNER)
    ben = signed_in(browser, servers[1], EDITOR)
    quick_ana = QuickClient(ana.context.request, servers[0].url)
    for round_number in range(5):
        title = unique(f"Milk {round_number}")
        ben.goto("/todos")
        ben.goto("/todos")  # now in server two's page cache
        quick_ana.create(title)
        ben.goto("/todos")
        expect(ben.locator("li.todo").filter(has_text=title)).to_be_visible()
    # A delete on server one: gone from server two's list, in its trash.
    gone = unique("Old bread")
    quick_ana.create(gone)
    ben.goto("/todos")
    expect(ben.locator("li.todo").filter(has_text=gone)).to_be_visible()
    ana.goto("/todos")
    row = ana.locator("li.todo").filter(has_text=gone)
    todo_id = row.locator("a.todo-title").get_attribute("href").split("/")[2]
    response = quick_ana.post(f"/todos/{todo_id}/delete", {})
    assert response.status == 303, response.text()[:300]
    ben.goto("/todos")
    expect(ben.locator("li.todo").filter(has_text=gone)).to_have_count(0)
    ben.goto("/trash")
    expect(ben.get_by_text(gone)).to_be_visible()
    ana.context.close()
    ben.context.close()


def test_fifty_editors_spread_over_two_servers_for_thirty_seconds_lose_no_update(
        servers, people, database: str, artifacts_dir: Path) -> None:
    owner = load.Client(servers[0].url)
    load.sign_in(owner, *OWNER)
    editors = [(f"Two load {n}", f"load password {n}") for n in range(6)]
    for name, password in editors:
        status, _, text = owner.post("/people", [("username", name), ("password", password), ("role", "editor")])
        assert status == 303, f"adding {name} answered {status}: {text[:300]}"
    before = set(load.stored_todos(database))
    for number in range(20):
        status, _, text = owner.post("/todos", [("title", f"start-{number}"), ("description", f"start-{number}")])
        assert status == 303, text[:300]
    ids = [todo for todo in load.stored_todos(database) if todo not in before]
    assert len(ids) == 20
    result = load.run([server.url for server in servers], database, editors, ids, 50, 30)
    (artifacts_dir / "load-two-servers.json").write_text(json.dumps(result, indent=2))
    print(json.dumps({key: value for key, value in result.items() if not isinstance(value, list)}))
    assert result["server_errors"] == [], "no request may fail with a 5xx"
    assert result["other_errors"] == [], "every request gets a page, a redirect or the conflict page"
    assert result["lost_updates"] == [], "every acknowledged change is stored or was seen by the next save"
    assert result["saves"] > 200
    assert result["merged"] > 0
    assert result["conflicts"] > 0
    assert result["deletes"] > 0
    assert result["undos"] == result["deletes"], "every delete was undone"
