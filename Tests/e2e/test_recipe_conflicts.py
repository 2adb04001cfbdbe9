"""Two people editing one recipe at once, in two browser windows (issue 5, "No silent overwrites").

Different fields are merged with a message that says what the other person changed; the same field changed
differently brings the conflict page, where the second person picks a value and saves. Screenshots of the
conflict page at desktop and phone width go to Tests/e2e/artifacts/.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from recipe_steps import RECIPE_URL, button, fact, field_named, open_editor, quick_recipe
from steps import flash, quoted, unique


def save_update(page: Page) -> None:
    button(page, "Update recipe").click()
    page.wait_for_load_state()


def test_two_people_editing_one_recipe_merge_or_choose(new_context, base_url: str, quick, shot) -> None:
    name = unique("Soup")
    recipe_id = quick_recipe(quick, name, servings="4", price="3.99")
    ana = new_context().new_page()
    ben = new_context().new_page()
    open_editor(ana, recipe_id, name)
    open_editor(ben, recipe_id, name)

    # Different fields: Ana changes Servings, Ben the Name — both are kept.
    field_named(ana, "Servings").fill("6")
    save_update(ana)
    expect(flash(ana, f"Updated {quoted(name)}")).to_be_visible()

    renamed = name + " du jour"
    field_named(ben, "Name").fill(renamed)
    save_update(ben)
    expect(ben).to_have_url(RECIPE_URL)
    expect(flash(ben, f"Saved {quoted(renamed)}. Someone changed Servings")).to_be_visible()
    expect(flash(ben, "while you were editing; both changes are kept.")).to_be_visible()
    expect(ben.get_by_role("heading", level=1)).to_have_text(renamed)
    fact(ben, "Servings", "6")
    expect(ben.locator("p.changed-by")).to_contain_text("Last changed")

    # The same field, differently: the second save gets the conflict page.
    open_editor(ana, recipe_id, renamed)
    open_editor(ben, recipe_id, renamed)
    field_named(ana, "Servings").fill("8")
    save_update(ana)
    expect(flash(ana, f"Updated {quoted(renamed)}")).to_be_visible()

    field_named(ben, "Servings").fill("12")
    field_named(ben, "Price").fill("4.50")
    with ben.expect_response(lambda r: r.request.method == "POST") as answer:
        button(ben, "Update recipe").click()
    assert answer.value.status == 409, f"the clashing save answered {answer.value.status}"
    expect(ben.get_by_role("heading", level=1)).to_have_text("Someone changed this recipe while you were editing it")
    servings = ben.get_by_role("group", name="Servings")
    expect(servings).to_contain_text("12")
    expect(servings).to_contain_text("8")
    expect(ben.get_by_role("group")).to_have_count(1)
    ben.set_viewport_size({"width": 1280, "height": 800})
    shot(ben, "conflict-1280")
    ben.set_viewport_size({"width": 375, "height": 740})
    shot(ben, "conflict-375")
    ben.set_viewport_size({"width": 1024, "height": 800})

    servings.get_by_role("radio", name="Keep yours").check()
    button(ben, "Save with these choices").click()
    expect(ben).to_have_url(RECIPE_URL)
    expect(flash(ben, f"Updated {quoted(renamed)}")).to_be_visible()
    fact(ben, "Servings", "12")
    fact(ben, "Price", "4.50")
