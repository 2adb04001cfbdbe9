"""The to-do list's main journeys in a real browser against the real binary (JavaScript on, desktop size)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from steps import ADD_TODO, add_todo, click_delete, click_edit, count_line, flash, item, open_list, quoted, search, unique


def test_home_page_leads_to_the_todo_list(page: Page, shot):
    page.goto("/")
    expect(page.get_by_role("heading", level=1, name="Parsnip")).to_be_visible()
    expect(page).to_have_title(re.compile(r"Parsnip$"))
    shot(page, "home")
    page.get_by_role("main").get_by_role("link", name="To-do list").click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(page.get_by_role("heading", level=1, name="To-do list")).to_be_visible()
    expect(page).to_have_title("To-do list · Parsnip")


def test_adding_a_todo_shows_it_first_in_the_list_with_a_saved_message_once(page: Page, shot):
    title = unique("Buy oat milk ")
    add_todo(page, title, "Two litres, from the corner shop")
    shot(page, "list-after-add")
    # Other journeys' due to-dos may stand in the Overdue and Today groups above: the list below them starts here.
    first = page.locator("#todo-list-content > ul.todo-list > li.todo").first
    expect(first).to_contain_text(title)
    expect(first).to_contain_text("Two litres, from the corner shop")
    expect(page.get_by_text(re.compile(r"^[\d,]+ to do, [\d,]+ done( · .+)?$"))).to_be_visible()
    # The banner is shown once: a reload no longer has it, the item stays.
    page.reload()
    expect(flash(page, f"Added {quoted(title)}")).to_have_count(0)
    expect(item(page, title)).to_have_count(1)


def test_new_form_has_labelled_fields_with_limits_and_cancel_goes_back(page: Page, shot):
    open_list(page)
    page.get_by_role("link", name=ADD_TODO).click()
    expect(page).to_have_title("Add a to-do · Parsnip")
    title = page.get_by_label("Title", exact=True)
    expect(title).to_have_attribute("name", "title")
    expect(page.get_by_label("Description", exact=True)).to_have_attribute("name", "description")
    expect(page.get_by_text(re.compile(r"200 characters"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"5,000 characters"))).to_be_visible()
    shot(page, "new-form")
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="To-do list")).to_be_visible()


def test_editing_a_todo_changes_both_fields(page: Page, shot):
    title = unique("Call the dentist ")
    add_todo(page, title, "Ask about Tuesday")
    click_edit(page, title)
    expect(page).to_have_title("Edit to-do · Parsnip")
    expect(page.get_by_label("Title", exact=True)).to_have_value(title)
    expect(page.get_by_label("Description", exact=True)).to_have_value("Ask about Tuesday")
    shot(page, "edit-form")
    new_title = title.replace("Call", "Phone")
    page.get_by_label("Title", exact=True).fill(new_title)
    page.get_by_label("Description", exact=True).fill("Moved to Thursday at 10:30")
    page.get_by_role("button", name="Save changes", exact=True).click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(flash(page, f"Saved {quoted(new_title)}")).to_be_visible()
    shot(page, "list-after-edit")
    expect(item(page, new_title)).to_contain_text("Moved to Thursday at 10:30")
    expect(item(page, title)).to_have_count(0)
    # The edit page shows what was saved, not what was there before.
    click_edit(page, new_title)
    expect(page.get_by_label("Description", exact=True)).to_have_value("Moved to Thursday at 10:30")
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="To-do list")).to_be_visible()


def test_a_long_description_is_shortened_in_the_list_and_whole_on_the_edit_page(page: Page, quick):
    title = unique("Plan the summer holiday ")
    description = " ".join(["Compare the train and the ferry, book the cottage, ask about the dog."] * 5)
    quick.create(title, description)
    open_list(page)
    shown = item(page, title).inner_text()
    assert description not in shown
    assert "\u2026" in shown, "a cut description ends with …"
    assert description[:60] in shown
    click_edit(page, title)
    expect(page.get_by_label("Description", exact=True)).to_have_value(description)


def test_search_finds_title_and_description_words_whatever_their_case(page: Page, quick, shot):
    word = unique("parsley")
    in_title = f"Fetch {word.upper()} from the market"
    in_description = unique("Water the plants ")
    unrelated = unique("Sort the recycling ")
    quick.create(in_title, "")
    quick.create(in_description, f"and cut some {word} for dinner")
    quick.create(unrelated, "nothing to see here")

    open_list(page)
    typed = word[:3].upper() + word[3:]  # mixed case on purpose
    search(page, typed)
    shot(page, "search-results")
    expect(count_line(page, f"2 to-dos match {quoted(typed)}: 2 to do, 0 done")).to_be_visible()
    expect(item(page, in_title)).to_have_count(1)
    expect(item(page, in_description)).to_have_count(1)
    expect(item(page, unrelated)).to_have_count(0)
    expect(page.get_by_label("Search to-dos")).to_have_value(typed)

    page.get_by_role("link", name="Clear search").click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(item(page, unrelated)).to_have_count(1)

    nothing = unique("zzznothing")
    search(page, nothing)
    expect(page.get_by_text(f"No to-dos match {quoted(nothing)}")).to_be_visible()
    shot(page, "search-empty")


def test_pagination_shows_fifty_newest_first_and_next_and_previous_pages(page: Page, quick, shot):
    word = unique("pagination")
    titles = [f"Item {n:02d} of {word}" for n in range(1, 56)]
    for title in titles:  # oldest first, so "Item 55" is the newest
        quick.create(title, f"seeded for the paging journey ({word})")

    open_list(page)
    # The open to-dos below any Overdue and Today groups; the few most recently done follow in their own section.
    expect(page.locator("#todo-list-content > ul.todo-list > li.todo")).to_have_count(50)
    expect(page.get_by_role("link", name="Next page")).to_have_attribute("rel", re.compile(r"\bnext\b"))

    search(page, word)
    expect(count_line(page, f"55 to-dos match {quoted(word)}: 55 to do, 0 done")).to_be_visible()
    rows = page.locator("li.todo")
    expect(rows).to_have_count(50)
    expect(rows.first).to_contain_text(titles[54])
    expect(rows.last).to_contain_text(titles[5])
    expect(page.get_by_role("link", name="Previous page")).to_have_count(0)
    shot(page, "page-1")

    page.get_by_role("link", name="Next page").click()
    expect(page).to_have_url(re.compile(r"[?&]after="))
    expect(page).to_have_url(re.compile(r"[?&]q=" + word))
    expect(rows).to_have_count(5)
    expect(rows.first).to_contain_text(titles[4])
    expect(rows.last).to_contain_text(titles[0])
    expect(page.get_by_role("link", name="Next page")).to_have_count(0)
    expect(page.get_by_role("link", name="Previous page")).to_have_attribute("rel", re.compile(r"\bprev\b"))
    shot(page, "page-2")

    page.get_by_role("link", name="Previous page").click()
    expect(page).to_have_url(re.compile(r"[?&]before="))
    expect(rows).to_have_count(50)
    expect(rows.first).to_contain_text(titles[54])
    expect(rows.last).to_contain_text(titles[5])


def test_deleting_asks_first_and_cancel_keeps_the_todo(page: Page, shot):
    title = unique("Return library books ")
    add_todo(page, title)
    click_delete(page, title)
    expect(page.get_by_role("main")).to_contain_text(title)
    shot(page, "delete-confirmation")
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="To-do list")).to_be_visible()
    expect(item(page, title)).to_have_count(1)

    click_delete(page, title)
    page.get_by_role("button", name="Delete to-do", exact=True).click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(flash(page, f"Deleted {quoted(title)}")).to_be_visible()
    shot(page, "list-after-delete")
    expect(item(page, title)).to_have_count(0)


def test_the_edit_page_links_to_the_delete_confirmation(page: Page):
    title = unique("Fix the leaking tap ")
    add_todo(page, title)
    click_edit(page, title)
    page.get_by_role("link", name="Delete this to-do", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Delete this to-do?")).to_be_visible()
    page.get_by_role("button", name="Delete to-do", exact=True).click()
    expect(flash(page, f"Deleted {quoted(title)}")).to_be_visible()
    expect(item(page, title)).to_have_count(0)


def test_an_empty_title_is_refused_with_a_message_and_the_description_is_kept(page: Page, shot):
    open_list(page)
    page.get_by_role("link", name=ADD_TODO).click()
    description = unique("Remember the receipt in the kitchen drawer ")
    page.get_by_label("Description", exact=True).fill(description)
    # The field is `required`, so the browser itself would stop an empty title; switch that check off the
    # way an older browser behaves, so the server's own validation is what answers.
    page.get_by_label("Title", exact=True).evaluate("field => { field.form.noValidate = true }")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Add to-do", exact=True).click()
    assert answer.value.status == 422
    shot(page, "validation-error")
    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("There is a problem")
    expect(summary.get_by_role("link", name="Enter a title")).to_be_visible()
    title = page.get_by_label("Title", exact=True)
    expect(title).to_have_attribute("aria-invalid", "true")
    described_by = title.get_attribute("aria-describedby") or ""
    messages = " ".join(page.locator(f"#{i}").inner_text() for i in described_by.split())
    assert "Enter a title" in messages, f"the title field's description ({described_by!r}) names the problem"
    expect(page.get_by_label("Description", exact=True)).to_have_value(description)

    # The summary link points at the field; fixing the field saves.
    field_id = title.get_attribute("id")
    expect(summary.get_by_role("link", name="Enter a title")).to_have_attribute("href", f"#{field_id}")
    title.fill("Find the receipt")
    page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(flash(page, f"Added {quoted('Find the receipt')}")).to_be_visible()


def test_a_title_over_200_characters_is_refused_and_kept_as_typed(page: Page, shot):
    page.goto("/todos/new")
    too_long = "Sort the photos " + "x" * 185  # 201 characters
    page.get_by_label("Title", exact=True).fill(too_long)
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Add to-do", exact=True).click()
    assert answer.value.status == 422
    shot(page, "title-too-long")
    expect(page.get_by_role("alert")).to_contain_text("Title must be 200 characters or fewer")
    expect(page.get_by_label("Title", exact=True)).to_have_value(too_long)
    page.get_by_label("Title", exact=True).fill(too_long[:200])
    page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(flash(page, "Added")).to_be_visible()


def test_a_title_of_only_spaces_counts_as_empty(page: Page):
    open_list(page)
    page.get_by_role("link", name=ADD_TODO).click()
    page.get_by_label("Title", exact=True).fill("   ")
    page.get_by_label("Description", exact=True).fill("kept")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Add to-do", exact=True).click()
    assert answer.value.status == 422
    expect(page.get_by_role("alert")).to_contain_text("Enter a title")
    expect(page.get_by_label("Description", exact=True)).to_have_value("kept")


def test_html_in_a_title_is_shown_as_text(page: Page):
    title = unique("<b>bold</b> <script>window.pwned=1</script> ")
    add_todo(page, title)
    expect(item(page, title)).to_have_count(1)
    assert page.evaluate("window.pwned === undefined")
    expect(page.locator("li.todo b")).to_have_count(0)


def test_unknown_pages_and_ids_show_a_friendly_not_found_page(page: Page, shot):
    for path in ["/todos/NoSuchItem/edit", "/todos/NoSuchItem/delete", "/no/such/page"]:
        response = page.goto(path)
        assert response is not None and response.status == 404, path
        expect(page.get_by_role("heading", level=1, name="Page not found")).to_be_visible()
    shot(page, "not-found")
    page.get_by_role("link", name="Go to the home page").click()
    expect(page.get_by_role("heading", level=1, name="Parsnip")).to_be_visible()


def test_a_form_post_without_the_csrf_token_is_refused(page: Page, base_url: str, shot):
    open_list(page)  # the browser now holds the CSRF cookie
    request = page.context.request
    without_token = request.post(
        base_url + "/todos", form={"title": "forged"}, headers={"Origin": base_url}, max_redirects=0
    )
    assert without_token.status == 403
    assert "This form has expired" in without_token.text()

    html = request.get(base_url + "/todos/new").text()
    token = re.search(r'name="_csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="_csrf"', html)
    assert token
    from_elsewhere = request.post(
        base_url + "/todos",
        form={"title": "forged", "_csrf": token.group(1) or token.group(2)},
        headers={"Origin": "http://evil.example"},
        max_redirects=0,
    )
    # A name this Parsnip does not answer to is refused by the host check, before the form is read.
    assert from_elsewhere.status == 400
    assert "Parsnip does not answer to this address" in from_elsewhere.text()
    same_computer_other_origin = request.post(
        base_url + "/todos",
        form={"title": "forged", "_csrf": token.group(1) or token.group(2)},
        headers={"Origin": "http://localhost:1"},
        max_redirects=0,
    )
    assert same_computer_other_origin.status == 403
    open_list(page)
    expect(item(page, "forged")).to_have_count(0)
