import Foundation
import XCTest

@testable import Parsnip

/// The building blocks every edit form uses against silent overwrites: fingerprints, the form's base, the
/// three-way decision per field, set merging and the "changed by" wording.
final class EditMergeTests: XCTestCase {
    override func setUpWithError() throws {
        // The "changed by" wording comes from the catalogues, which an app loads at start.
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    func testFingerprintIsStableSixteenHexDigitsAndTellsValuesApart() {
        XCTAssertEqual(FieldFingerprint.of(""), "cbf29ce484222325")
        XCTAssertEqual(FieldFingerprint.of("a"), "af63dc4c8601ec8c")
        XCTAssertNotEqual(FieldFingerprint.of("Soup"), FieldFingerprint.of("soup"))
        XCTAssertEqual(FieldFingerprint.of("Crème brûlée").count, 16)
    }

    func testCanonicalRowsKeepCellAndRowBoundariesApart() {
        XCTAssertNotEqual(
            FieldFingerprint.canonical(rows: [["a", "b"]]), FieldFingerprint.canonical(rows: [["a"], ["b"]]))
        XCTAssertNotEqual(FieldFingerprint.canonical(rows: [["ab"]]), FieldFingerprint.canonical(rows: [["a", "b"]]))
    }

    func testBaseRoundTripsThroughTheFormFields() throws {
        let base = EditBase(version: 1_763_721_753_123, fields: ["title": "00ff", "authors": "a1,b2"])
        let form = try FormFields(
            query: "_version=\(base.versionText)&_base=\(PercentEncoding.encode(base.fieldsText))")
        XCTAssertEqual(try EditBase(form: form), base)
        XCTAssertEqual(base.fieldsText, "authors=a1,b2;title=00ff")
    }

    func testBaseFromADateKeepsMilliseconds() {
        let date = Date(timeIntervalSince1970: 1_763_721_753.123)
        XCTAssertEqual(EditBase(updatedAt: date, fields: [:]).version, 1_763_721_753_123)
    }

    func testAFormWithoutVersionOrBaseIsRefused() throws {
        XCTAssertThrowsError(try EditBase(form: try FormFields(query: "_base=title%3D00")))
        XCTAssertThrowsError(try EditBase(form: try FormFields(query: "_version=12")))
        XCTAssertThrowsError(try EditBase(form: try FormFields(query: "_version=x&_base=")))
        XCTAssertThrowsError(try EditBase(form: try FormFields(query: "_version=12&_base=title")))
        XCTAssertThrowsError(try EditBase(form: try FormFields(query: "_version=12&_base=a%3D1%3Ba%3D2")))
    }

    func testChoicesAreReadFromPickFieldsAndUnknownValuesIgnored() throws {
        let form = try FormFields(query: "_pick_name=theirs&_pick_price=mine&_pick_servings=both&name=x")
        XCTAssertEqual(EditBase.choices(in: form), ["name": .theirs, "price": .mine])
    }

    func testDecisionKeepsMineWhenOnlyIChangedOrBothAgree() {
        XCTAssertEqual(FieldMerge.decide(base: "a", mine: "b", theirs: "a"), .keepMine)
        XCTAssertEqual(FieldMerge.decide(base: "a", mine: "a", theirs: "a"), .keepMine)
        XCTAssertEqual(FieldMerge.decide(base: "a", mine: "c", theirs: "c"), .keepMine)
    }

    func testDecisionTakesTheirsWhenOnlyTheyChanged() {
        XCTAssertEqual(FieldMerge.decide(base: "a", mine: "a", theirs: "b"), .takeTheirs)
    }

    func testDecisionIsAConflictWhenBothChangedDifferentlyOrTheBaseIsUnknown() {
        XCTAssertEqual(FieldMerge.decide(base: "a", mine: "b", theirs: "c"), .conflict)
        XCTAssertEqual(FieldMerge.decide(base: nil, mine: "b", theirs: "c"), .conflict)
        XCTAssertEqual(FieldMerge.decide(base: nil, mine: "b", theirs: "b"), .keepMine)
    }

    func testSetsMergeWhatEachSideAddedAndRemoved() {
        let merged = FieldMerge.mergeSets(base: ["a", "b", "c"], mine: ["a", "b", "d"], theirs: ["b", "c", "e"])
        XCTAssertEqual(merged, ["b", "d", "e"])
    }

    func testChoicesApplyOnlyToTheVersionTheConflictPageShowed() {
        let base = EditBase(version: 20, fields: ["name": "a"])
        let current = FieldResolver(base: base, choices: ["name": .theirs], currentVersion: 20)
        XCTAssertEqual(current.resolve("name", mine: "b", theirs: "c"), .takeTheirs)
        let mine = FieldResolver(base: base, choices: ["name": .mine], currentVersion: 20)
        XCTAssertEqual(mine.resolve("name", mine: "b", theirs: "c"), .keepMine)
        let stale = FieldResolver(base: base, choices: ["name": .mine], currentVersion: 21)
        XCTAssertEqual(stale.resolve("name", mine: "b", theirs: "c"), .conflict)
    }

    func testBylineNamesThePersonAndTheTimeTodayOrTheDayBefore() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let now = Date(timeIntervalSince1970: 1_763_726_400)  // 2025-11-21 12:00 UTC
        let today = ChangeStamp(username: "Ana", at: now.addingTimeInterval(-3_600))
        XCTAssertEqual(today.byline(now: now, timeZone: utc), "Last changed by Ana, 11:00")
        let earlier = ChangeStamp(username: "Ana", at: now.addingTimeInterval(-86_400 * 3))
        XCTAssertEqual(earlier.byline(now: now, timeZone: utc), "Last changed by Ana, 18 Nov, 12:00")
        let lastYear = ChangeStamp(username: nil, at: now.addingTimeInterval(-86_400 * 365))
        XCTAssertEqual(lastYear.byline(now: now, timeZone: utc), "Last changed on 21 Nov 2024, 12:00")
        XCTAssertEqual(
            ChangeStamp(username: nil, at: now).byline(now: now, timeZone: utc), "Last changed at 12:00")
    }

    func testSentenceListsTheFieldsAnotherPersonChanged() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let now = Date(timeIntervalSince1970: 1_763_726_400)
        let stamp = ChangeStamp(username: "Ana", at: now)
        XCTAssertEqual(
            stamp.sentence(changed: ["Servings", "Price"], now: now, timeZone: utc),
            "Ana changed Servings and Price at 12:00")
        XCTAssertEqual(ChangeStamp.list(["Name", "Servings", "Price"]), "Name, Servings and Price")
    }
}
