import Foundation

/// A currency sign typed with a price ("£3", "3 €", "$3.50", "R$ 3,50", "3.50 EUR"): taken off before the number
/// is read, and checked against the household's currency, so "$3" is never stored as 3 € by mistake.
enum PriceSign {
    /// `text` without a sign before or after the number, and the sign (nil without one). Digits, ".", ",", "-" and
    /// spaces are the number's; anything else at either end is the sign. Nil when there is a sign at both ends.
    static func split(_ text: String) -> (number: String, sign: String?)? {
        let numberish: (Character) -> Bool = { ($0.isASCII && $0.isNumber) || ".,-+".contains($0) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let start = trimmed.firstIndex(where: numberish) ?? trimmed.endIndex
        let end = trimmed.lastIndex(where: numberish).map { trimmed.index(after: $0) } ?? trimmed.endIndex
        guard start < end else { return (trimmed, nil) }
        let before = trimmed[..<start].trimmingCharacters(in: .whitespaces)
        let after = trimmed[end...].trimmingCharacters(in: .whitespaces)
        if !before.isEmpty && !after.isEmpty { return nil }
        let sign = before.isEmpty ? after : before
        // Only a currency's sign comes off: "3 apples" and "3 €€" stay as typed, and are refused as no number.
        guard isSign(sign) else { return (trimmed, nil) }
        return (String(trimmed[start..<end]), sign)
    }

    /// A currency's sign: an ISO code ("EUR", any case), or one currency symbol with at most three letters
    /// ("€", "$", "R$", "US$", "CA$").
    static func isSign(_ text: String) -> Bool {
        if MoneyFormat.isKnownCurrency(text.uppercased()) { return true }
        let symbols = text.unicodeScalars.filter { $0.properties.generalCategory == .currencySymbol }
        return symbols.count == 1 && text.count <= 4
            && text.unicodeScalars.allSatisfy {
                $0.properties.generalCategory == .currencySymbol || $0.properties.isAlphabetic
            }
    }

    /// Whether `sign` names `currencyCode`: its ISO code ("EUR", any case) or a symbol any of Parsnip's languages or
    /// `locale` writes for it ("€", "US$", "$", "R$", "£", "¥", "￥", "₩", "CHF").
    static func names(_ sign: String, currencyCode: String, locale: Locale) -> Bool {
        if sign.uppercased() == currencyCode.uppercased() { return true }
        return symbols(of: currencyCode, locale: locale).contains(sign)
    }

    /// The symbols written for `currencyCode` by `locale` and the six languages' locales, with the plain "$" for
    /// every dollar ("US$", "CA$") and both yen signs.
    static func symbols(of currencyCode: String, locale: Locale) -> Set<String> {
        var symbols: Set<String> = []
        let locales = [locale] + Language.allCases.map(LocalFormats.locale)
        for locale in locales {
            let written = Decimal(0).formatted(.currency(code: currencyCode).locale(locale))
            let symbol = written.filter { !($0.isNumber || $0 == "." || $0 == "," || $0.isWhitespace || $0 == "-") }
            if !symbol.isEmpty { symbols.insert(symbol) }
        }
        if symbols.contains(where: { $0.hasSuffix("$") }) { symbols.insert("$") }
        if symbols.contains("¥") || symbols.contains("￥") { symbols.formUnion(["¥", "￥"]) }
        return symbols
    }
}
