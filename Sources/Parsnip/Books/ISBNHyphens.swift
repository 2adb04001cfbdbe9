/// Where an ISBN's hyphens go — prefix, registration group, registrant, publication, check digit — by the ranges of
/// the International ISBN Agency (`ISBNRanges`): "978-0-306-40615-7", "0-306-40615-2", "979-10-90636-07-1".
enum ISBNHyphens {
    /// One range of a group's registrants: from `start` (the seven digits after the group) on, registrants have
    /// `length` digits; 0 where the range is not assigned.
    struct Step: Sendable {
        let start: Int
        let length: Int
    }

    /// Every registration group ("978-0", "979-10") with its ranges in order, read once from `ISBNRanges.table`.
    static let groups: [String: [Step]] = {
        var groups: [String: [Step]] = [:]
        for line in ISBNRanges.table.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let group = words.first else { continue }
            for word in words.dropFirst() {
                let parts = word.split(separator: ":")
                guard parts.count == 2, let start = Int(parts[0]), let length = Int(parts[1]) else { continue }
                groups[String(group), default: []].append(Step(start: start, length: length))
            }
        }
        return groups
    }()

    /// The ISBN written with its hyphens, in the form it is stored in (ISBN-10 or ISBN-13); nil when it is not a
    /// valid ISBN or its group or registrant range is not known (then it is shown as stored).
    static func hyphenated(_ normalized: String) -> String? {
        guard ISBNText.isValid(normalized) else { return nil }
        let isTen = normalized.utf8.count == 10
        let digits = Array(ISBNText.thirteenDigits(normalized))
        let prefix = String(digits[0..<3])
        for groupLength in 1...5 {
            let group = prefix + "-" + String(digits[3..<(3 + groupLength)])
            guard let steps = groups[group] else { continue }
            let after = 3 + groupLength
            let seven = Int(
                String(digits[after..<min(after + 7, 13)]).padding(toLength: 7, withPad: "0", startingAt: 0))
            guard let seven, let step = steps.last(where: { $0.start <= seven }), step.length > 0,
                after + step.length < 12
            else { return nil }
            let registrant = String(digits[after..<(after + step.length)])
            let publication = String(digits[(after + step.length)..<12])
            let groupDigits = String(digits[3..<after])
            if isTen {
                return [groupDigits, registrant, publication, String(normalized.suffix(1))].joined(separator: "-")
            }
            return [prefix, groupDigits, registrant, publication, String(digits[12])].joined(separator: "-")
        }
        return nil
    }

    /// The ISBN as pages show it: hyphenated where its ranges are known, else its stored digits. Worked out once an
    /// ISBN (a list of 50 books asks for 50 of them on every render).
    static func shown(_ normalized: String) -> String {
        shownISBNs.value(normalized) { hyphenated($0) ?? $0 }
    }

    /// The ISBNs shown so far, by their stored digits.
    private static let shownISBNs = BoundedMemo<String, String>(limit: 50_000)
}
