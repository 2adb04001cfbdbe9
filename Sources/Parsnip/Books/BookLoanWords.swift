/// What a page needs to word loans and offer "Returned": the household's day, the form token, and where the button
/// sends the person back to.
struct BookLoanContext: Sendable {
    let today: CalendarDate
    let csrfToken: String
    /// The page the button is on: the book's page, or the list with its query.
    let back: String
}

/// A lent book's facts in words: who has it and since when, and when it is due back.
struct BookLoanFacts: Sendable, Hashable {
    /// "Lent to Bea since 3 November", "Lent to Bea for 3 weeks".
    let holder: String
    /// "Due back 1 December", "Overdue: it was due back 1 December"; nil when no day was said.
    let due: String?
    /// True when the day it was due back has passed (said in `due`'s words too, not only by colour).
    let overdue: Bool
}

/// The "Returned" button of a lent book: a form posting to `/books/<id>/returned`.
struct ReturnButton: Sendable, Hashable {
    let action: String
    let csrfToken: String
    let back: String
    /// "Returned".
    let label: String
    /// "“Dune”": said after the label to screen readers, where many buttons share the label.
    let spokenTitle: String
}

/// Loans in words, relative to the household's day.
enum BookLoanWords {
    /// The facts of `book`'s loan on `today`; nil while it is at home.
    static func facts(_ book: Book, today: CalendarDate, in language: Language) -> BookLoanFacts? {
        guard let name = book.lentTo else { return nil }
        let holder: String
        if let lentOn = book.lentOn {
            let days = lentOn.days(until: today)
            if days <= 0 {
                holder =
                    days == 0
                    ? language.text("books.loan.today", ["name": name])
                    : language.text("books.loan.since", ["name": name, "day": day(lentOn, today: today, in: language)])
            } else if days < 14 {
                holder = language.text(
                    "books.loan.since", ["name": name, "day": day(lentOn, today: today, in: language)])
            } else if days < 61 {
                holder = language.text("books.loan.forWeeks", ["name": name], counts: ["weeks": days / 7])
            } else {
                holder = language.text("books.loan.forMonths", ["name": name], counts: ["months": days / 30])
            }
        } else {
            holder = language.text("books.loan.holder", ["name": name])
        }
        guard let dueBack = book.dueBack else { return BookLoanFacts(holder: holder, due: nil, overdue: false) }
        let left = today.days(until: dueBack)
        let due: String
        if left < 0 {
            due = language.text("books.loan.overdue", ["day": day(dueBack, today: today, in: language)])
        } else if left == 0 {
            due = language.text("books.loan.dueToday")
        } else {
            due = language.text("books.loan.dueBack", ["day": day(dueBack, today: today, in: language)])
        }
        return BookLoanFacts(holder: holder, due: due, overdue: left < 0)
    }

    /// "3 November" this year, "3 November 2025" in another.
    static func day(_ day: CalendarDate, today: CalendarDate, in language: Language) -> String {
        LocalFormats.day(day, in: language, day.year == today.year ? .dayMonth : .dayMonthYear)
    }

    /// The "Returned" button of `book` for `loans`; nil while it is at home or for someone who may not change it.
    static func button(_ book: Book, loans: BookLoanContext, canChange: Bool, in language: Language) -> ReturnButton? {
        guard canChange, book.lentTo != nil, let id = book.id else { return nil }
        return ReturnButton(
            action: "/books/\(id)/returned", csrfToken: loans.csrfToken, back: loans.back,
            label: language.text("books.loan.returned"), spokenTitle: BookFormatting.quoted(book.title, in: language))
    }
}
