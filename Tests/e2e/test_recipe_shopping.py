"""A household cooking from Parsnip on a phone: lists pasted into the editor split into rows as they are pasted,
the recipe page scaled without losing the ingredients, the ingredients put on the to-do list (one left out) with
a link back to the recipe, and cook mode one step at a time — looked at on a 375-px phone and a 1280-px screen."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from recipe_steps import button, field_named, open_new_recipe, save_as_new

PHONE = {"width": 375, "height": 667}
WIDE = {"width": 1280, "height": 900}


def paste(page: Page, selector: str, text: str) -> None:
    """Pastes `text` into the box as a browser does: a paste event carrying the clipboard's text."""
    page.locator(selector).focus()
    page.locator(selector).evaluate(
        """(box, text) => {
            const data = new DataTransfer();
            data.setData("text/plain", text);
            box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
        }""",
        text,
    )


def add_roast_parsnips(page: Page) -> str:
    open_new_recipe(page)
    page.wait_for_load_state("domcontentloaded")
    field_named(page, "Name").fill("Roast parsnips")
    field_named(page, "Servings").fill("2")
    field_named(page, "Category").select_option(label="Dinner")
    field_named(page, "Preparation time").fill("20 min")
    field_named(page, "Cooking time").fill("1:10")
    paste(page, "#ingredient-0-description", "1. 250 g carrots\n2. 2-3 parsnips\n3. a pinch of salt")
    expect(page.locator('input[name$="-quantity"]')).to_have_count(3)
    assert [page.locator(f"#ingredient-{i}-quantity").input_value() for i in range(3)] == ["250", "2-3", "a pinch"]
    assert [page.locator(f"#ingredient-{i}-description").input_value() for i in range(3)] == [
        "g carrots", "parsnips", "salt"]
    paste(page, "#step-0", "1. Whisk the oil and honey.\n2. Roast for an hour.\n3. Serve hot.")
    expect(page.locator("textarea[name^=step-]")).to_have_count(3)
    assert page.locator("#step-1").input_value() == "Roast for an hour."
    return save_as_new(page, "Roast parsnips")


def test_shopping_from_a_recipe_on_a_phone(browser, base_url, shot):
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    try:
        recipe_id = add_roast_parsnips(page)
        expect(page.locator(".recipe-times")).to_have_text("Prep 20 min · Cook 1 h 10 min")
        expect(page.get_by_text("No side options.")).to_have_count(0)
        shot(page, "recipe-page-phone")

        # Scale: the ingredients change in place and stay in view.
        page.locator("#servings-wanted").fill("4")
        button(page, "Scale").click()
        expect(page.locator(".ingredient-list")).to_contain_text("500 g carrots")
        expect(page.locator(".ingredient-list")).to_contain_text("4–6 parsnips")
        expect(page).to_have_url(re.compile(r"servings=4#ingredients$"))
        assert page.locator("#ingredients").bounding_box()["y"] < PHONE["height"], "the ingredients are in view"

        # All ticked, one taken off, added: the list says how many, each links back to the recipe.
        page.get_by_text("Add ingredients to the to-do list").click()
        expect(page.get_by_label("500 g carrots")).to_be_checked()
        page.get_by_label("a pinch of salt").uncheck()
        button(page, "Add to the to-do list").click()
        expect(page).to_have_url(re.compile(r"/todos$"))
        expect(page.get_by_text("Added 2 to-dos to the list.")).to_be_visible()
        expect(page.get_by_role("link", name="Buy 500 g carrots — for Roast parsnips")).to_be_visible()
        expect(page.get_by_role("link", name="Buy 4–6 parsnips — for Roast parsnips")).to_be_visible()
        expect(page.get_by_text("a pinch of salt — for")).to_have_count(0)
        shot(page, "todos-phone")
        page.get_by_role("link", name="Buy 500 g carrots — for Roast parsnips").click()
        page.get_by_role("link", name="Open the recipe").click()
        expect(page).to_have_url(re.compile(rf"/recipes/{recipe_id}$"))

        # Cook mode: one step at a time, large, with Next and Previous.
        page.get_by_role("link", name="Cook", exact=True).click()
        expect(page.get_by_text("Step 1 of 3")).to_be_visible()
        expect(page.locator(".cook-step")).to_have_text("Whisk the oil and honey.")
        shot(page, "cook-mode-phone")
        page.get_by_role("link", name="Next step").click()
        expect(page.get_by_text("Step 2 of 3")).to_be_visible()
        expect(page.locator(".cook-step")).to_have_text("Roast for an hour.")
        font = page.locator(".cook-step").evaluate("step => parseFloat(getComputedStyle(step).fontSize)")
        assert font >= 24, f"cook mode's step is large: {font}px"

        wide = context.browser.new_context(base_url=base_url, viewport=WIDE)
        big = wide.new_page()
        big.goto(f"/recipes/{recipe_id}")
        shot(big, "recipe-page-wide")
        big.goto(f"/recipes/{recipe_id}/cook?step=2")
        shot(big, "cook-mode-wide")
        wide.close()
    finally:
        context.close()
