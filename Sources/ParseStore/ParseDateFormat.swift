import Foundation

/// Parse's wire and storage date format, `YYYY-MM-DDTHH:MM:SS.mmmZ`, written by hand for speed (no DateFormatter).
///
/// Output always has exactly three fractional digits and a literal `Z`, so stored text sorts by instant.
/// Input also accepts other fraction lengths (truncated to milliseconds), no fraction, and `±HH:MM` offsets.
enum ParseDateFormat {
    /// Milliseconds between 1970-01-01 and 2001-01-01 (Foundation's reference date).
    private static let referenceOffsetMilliseconds: Int64 = 978_307_200_000

    /// Whole milliseconds since 1970 for `date`, rounding down.
    static func milliseconds(_ date: Date) -> Int64 {
        // A Date built from whole milliseconds scales back to within a few ulps of that integer, possibly just
        // below it; snapping those to the integer keeps truncation idempotent.
        let scaled = date.timeIntervalSinceReferenceDate * 1000
        guard abs(scaled) < 9e18 else { return scaled < 0 ? Int64.min / 2 : Int64.max / 2 }
        let nearest = scaled.rounded()
        let whole = abs(scaled - nearest) <= scaled.ulp * 4 ? nearest : scaled.rounded(.down)
        return Int64(whole) + referenceOffsetMilliseconds
    }

    /// The instant `milliseconds` after 1970-01-01 as a `Date` (built the same way everywhere, so equal
    /// milliseconds give equal `Date`s).
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds - referenceOffsetMilliseconds) / 1000)
    }

    /// `date` truncated to whole milliseconds.
    static func truncated(_ date: Date) -> Date {
        Self.date(milliseconds: milliseconds(date))
    }

    /// True when `date` can be written with a four-digit year (0000–9999).
    static func isRepresentable(_ date: Date) -> Bool {
        guard date.timeIntervalSince1970.isFinite else { return false }
        let seconds = date.timeIntervalSince1970
        return seconds >= -62_167_219_200 && seconds < 253_402_300_800
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC); years outside 0–9999 use JavaScript's `±YYYYYY` form.
    static func string(from date: Date) -> String {
        guard date.timeIntervalSince1970.isFinite else { return "1970-01-01T00:00:00.000Z" }
        let ms = milliseconds(date)
        let days = floorDiv(ms, 86_400_000)
        var rest = ms - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        let hour = rest / 3_600_000
        rest -= hour * 3_600_000
        let minute = rest / 60_000
        rest -= minute * 60_000
        let second = rest / 1000
        let milli = rest - second * 1000

        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        if year >= 0 && year <= 9999 {
            appendDigits(&bytes, year, width: 4)
        } else {
            bytes.append(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendDigits(&bytes, abs(year), width: 6)
        }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(&bytes, month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(&bytes, day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(&bytes, hour, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(&bytes, minute, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(&bytes, second, width: 2)
        bytes.append(UInt8(ascii: "."))
        appendDigits(&bytes, milli, width: 3)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil when the text is not such a date.
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Parses the UTF-8 bytes of an ISO date; nil when malformed.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
            let second = reader.number(2)
        else { return nil }
        var milli: Int64 = 0
        if reader.skip(".") {
            var digits = 0
            while let digit = reader.digit() {
                if digits < 3 { milli = milli * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { milli *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if reader.skip("Z") || reader.skip("z") {
        } else if let sign = reader.sign() {
            guard let offsetHour = reader.number(2) else { return nil }
            _ = reader.skip(":")
            guard let offsetMinute = reader.number(2), offsetHour < 24, offsetMinute < 60 else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        } else {
            return nil
        }
        guard reader.atEnd, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = days(fromCivil: year, month, day)
        let ms = (((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second) * 1000 + milli
        return date(milliseconds: ms)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (month <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, month, day)
    }

    private static func appendDigits(_ bytes: inout [UInt8], _ value: Int64, width: Int) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            value %= divisor
            divisor /= 10
        }
    }
}

/// A cursor over the ASCII bytes of a date.
private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    var atEnd: Bool { index == bytes.endIndex }

    mutating func digit() -> Int64? {
        guard index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            return nil
        }
        defer { index += 1 }
        return Int64(bytes[index] - UInt8(ascii: "0"))
    }

    mutating func number(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
