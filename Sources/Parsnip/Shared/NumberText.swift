/// Numbers as pages show them and as the store gives them back.
enum NumberText {
    /// What a page shows for a value that was not given.
    static let missing = "—"

    /// A whole number with commas between thousands: 1280 → "1,280".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var output = number < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { output.append(",") }
            output.append(digit)
        }
        return output
    }

    /// `number` as an Int when it is a whole number well inside Int's range.
    static func wholeNumber(_ number: Double) -> Int? {
        guard number.isFinite, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
