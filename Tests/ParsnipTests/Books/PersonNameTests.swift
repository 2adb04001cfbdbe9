import XCTest

@testable import Parsnip

/// How authors' names are compared and filed: "Surname, Forename" is the same name as "Forename Surname", names are
/// filed under the surname, and a name a letter or two away is near.
final class PersonNameTests: XCTestCase {
    /// Forenames and surname of names in several shapes (initials, particles, accents, one word).
    static let people: [(forenames: String, surname: String)] = [
        ("Terry", "Pratchett"), ("Ursula K.", "Le Guin"), ("Jane", "Austen"), ("Iain M.", "Banks"),
        ("Gabriel", "García Márquez"), ("Chimamanda Ngozi", "Adichie"), ("Daphne", "Du Maurier"),
        ("J. R. R.", "Tolkien"),
    ]

    func testSurnameCommaForenameIsTheSameNameIgnoringCaseSpacesAndAccents() {
        for person in Self.people {
            let plain = "\(person.forenames) \(person.surname)"
            let variants = [
                "\(person.surname), \(person.forenames)", "\(person.surname),\(person.forenames)",
                "  \(person.surname.uppercased()) ,   \(person.forenames.lowercased())  ", plain.lowercased(),
                plain.replacingOccurrences(of: " ", with: "   "),
                plain.folding(options: .diacriticInsensitive, locale: nil),
            ]
            for variant in variants {
                XCTAssertEqual(PersonName.comparisonKey(variant), PersonName.comparisonKey(plain), variant)
                XCTAssertEqual(PersonName.key(variant, kind: .author), PersonName.key(plain, kind: .author), variant)
            }
            for other in Self.people where other.surname != person.surname {
                XCTAssertNotEqual(
                    PersonName.comparisonKey("\(other.surname), \(other.forenames)"), PersonName.comparisonKey(plain))
            }
        }
    }

    func testOnlyAuthorsTurnTheCommaFormRound() {
        XCTAssertEqual(
            PersonName.key("  HARPER  collins ", kind: .publisher), PersonName.key("Harper Collins", kind: .publisher))
        XCTAssertNotEqual(
            PersonName.key("Collins, Harper", kind: .publisher), PersonName.key("Harper Collins", kind: .publisher))
    }

    func testNamesAreFiledUnderTheSurname() {
        let cases: [(String, String, String)] = [
            ("Terry Pratchett", "Pratchett", "Terry"), ("Pratchett, Terry", "Pratchett", "Terry"),
            ("Ursula K. Le Guin", "Le Guin", "Ursula K."), ("Le Guin, Ursula K.", "Le Guin", "Ursula K."),
            ("Ludwig van Beethoven", "Beethoven", "Ludwig van"),
            ("Martin Luther King Jr.", "King", "Martin Luther Jr."),
            ("Martin Luther King, Jr.", "King", "Martin Luther Jr."), ("Homer", "Homer", ""),
            ("Daphne Du Maurier", "Du Maurier", "Daphne"),
        ]
        for (name, surname, forenames) in cases {
            let parts = PersonName.parts(name)
            XCTAssertEqual(parts.surname, surname, name)
            XCTAssertEqual(parts.forenames, forenames, name)
        }
        for person in Self.people {
            XCTAssertEqual(PersonName.parts("\(person.forenames) \(person.surname)").surname.isEmpty, false)
            XCTAssertEqual(PersonName.parts("\(person.surname), \(person.forenames)").surname, person.surname)
        }
    }

    func testAListSortedBySortKeyIsInSurnameOrderWhicheverFormEachNameHas() {
        let expected = [
            "Adichie, Chimamanda Ngozi", "Jane Austen", "Iain M. Banks", "Ludwig van Beethoven", "Daphne Du Maurier",
            "Ursula K. Le Guin", "Pratchett, Terry", "J. R. R. Tolkien",
        ]
        for seed in 0..<10 {
            var generator = SeededGenerator(seed: UInt64(seed))
            let sorted = expected.shuffled(using: &generator).sorted { PersonName.sortKey($0) < PersonName.sortKey($1) }
            XCTAssertEqual(sorted, expected)
        }
    }

    func testNearNamesAreALetterOrTwoAwayAndShortNamesAreNeverNear() {
        let entries = ["Terry Pratchett", "Neil Gaiman", "Ian Banks"].enumerated().map {
            CatalogueEntry(kind: .author, id: "id\($0.offset)", name: $0.element)
        }
        for typed in ["Terry Prachett", "terry pratchet", "Tery Pratchett", "Pratchet, Terry", "Terri Pratchet"] {
            XCTAssertEqual(PersonName.nearest(to: typed, kind: .author, among: entries)?.name, "Terry Pratchett", typed)
        }
        for typed in ["Terry Pratchett", "Pratchett, Terry", "Tom Holt", "Ian", "Neil Gaimanxyz", "Teri Prachet"] {
            XCTAssertNil(PersonName.nearest(to: typed, kind: .author, among: entries), typed)
        }
        XCTAssertEqual(PersonName.distance("kitten", "sitting", limit: 3), 3)
        XCTAssertNil(PersonName.distance("kitten", "sitting", limit: 2))
        XCTAssertEqual(PersonName.distance("", "abc", limit: 3), 3)
    }
}

/// A repeatable random number generator (SplitMix64) for shuffles a failure can be replayed from.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
