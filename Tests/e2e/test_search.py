"""One search box per app, in a real browser: any words in any order, by their beginning, ignoring case and accents
— a to-do by its description, a recipe by an ingredient, a book by its author's surname or its ISBN typed with
hyphens — through the search index."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from book_steps import new_isbn13, quick_book, quick_entry
from recipe_steps import listed_names, quick_recipe
from steps import item, unique


def test_a_todo_is_found_by_any_words_of_its_title_and_description(page: Page, quick, shot):
    word = unique("roastword")
    quick.create(f"Buy parsnips for Sunday roast {word}", "Ask the greengrocer for the big ones")
    quick.create(f"Roast chestnuts {word}")
    page.goto("/todos")
    page.get_by_label("Search to-dos", exact=True).fill(f"{word} PARSN greengroc")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.get_by_text(f"1 to-do matches")).to_be_visible()
    expect(item(page, f"Buy parsnips for Sunday roast {word}")).to_be_visible()
    shot(page, "todo-search")
    page.goto(f"/todos?q=roast+{word}")
    expect(page.locator("li.todo")).to_have_count(2)


def test_a_recipe_is_found_by_an_ingredient_and_a_book_by_its_author_or_its_isbn(page: Page, quick, server, shot):
    word = unique("searchword")
    quick_recipe(quick, f"Bœuf bourguignon {word}", **{"ingredient-0-quantity": "2",
                                                       "ingredient-0-description": "ripe tomatoes"})
    quick_recipe(quick, f"Pancakes {word}")
    page.goto(f"/recipes?q=boeuf+TOMAT+{word}")
    assert listed_names(page, word) == [f"Bœuf bourguignon {word}"]
    shot(page, "recipe-search")

    genre = quick_entry(quick, server.database, "genre", unique("Novels "))
    author = quick_entry(quick, server.database, "author", f"Octavia Butler {word}")
    isbn = new_isbn13()
    quick_book(quick, f"Kindred {word}", isbn, genre, authors=[author])
    quick_book(quick, f"Dawn {word}", new_isbn13(), genre)
    page.goto("/books")
    page.get_by_label("Search books", exact=True).fill(f"butl {word}")
    page.get_by_role("button", name="Show books", exact=True).click()
    expect(page.get_by_role("link", name=f"Kindred {word}", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name=f"Dawn {word}", exact=True)).to_have_count(0)
    hyphenated = f"{isbn[:3]}-{isbn[3]}-{isbn[4:7]}-{isbn[7:12]}-{isbn[12]}"
    page.get_by_label("Search books", exact=True).fill(hyphenated)
    page.get_by_role("button", name="Show books", exact=True).click()
    expect(page.get_by_role("link", name=f"Kindred {word}", exact=True)).to_be_visible()
    expect(page.get_by_text("1 of ")).to_be_visible()
    shot(page, "book-search-by-isbn")
