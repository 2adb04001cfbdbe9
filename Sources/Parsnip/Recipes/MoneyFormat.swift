import Foundation

/// How the pages show a price: in the household's currency (a setting; by default the one of the computer's
/// locale), written the way that locale writes amounts ("€3.99", "3,99 €"); the plain number ("3.99") when no
/// currency is known (a computer set to the C locale, and no `--currency`).
public struct MoneyFormat: Sendable, Hashable {
    /// The ISO 4217 code, e.g. "EUR"; nil for plain numbers.
    public let currencyCode: String?
    /// The locale whose way of writing amounts is used.
    let locale: Locale

    public init(currencyCode: String?, locale: Locale) {
        self.currencyCode = currencyCode
        self.locale = locale
    }

    /// Plain numbers, no currency: what tests and a computer without a locale get.
    public static let plain = MoneyFormat(currencyCode: nil, locale: Locale(identifier: "en"))

    /// The computer's: the locale named by `LC_ALL`, `LC_MONETARY` or `LANG` (the first that is set, as the C
    /// library reads them), and its region's currency; `currencyCode` overrides the currency when given.
    public static func computers(
        currencyCode: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> MoneyFormat {
        let locale = localeNamed(in: environment)
        return MoneyFormat(
            currencyCode: currencyCode ?? locale?.currency?.identifier, locale: locale ?? Locale(identifier: "en"))
    }

    /// The locale the environment names ("de_DE.UTF-8" → de_DE); nil for C, POSIX or nothing at all.
    static func localeNamed(in environment: [String: String]) -> Locale? {
        let name = ["LC_ALL", "LC_MONETARY", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let name else { return nil }
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX",
            identifier.allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" })
        else { return nil }
        return Locale(identifier: identifier)
    }

    /// True for a currency code people can set: one of ISO 4217's current codes, e.g. EUR, GBP, CHF, JPY.
    public static func isKnownCurrency(_ code: String) -> Bool {
        code.count == 3 && Locale.commonISOCurrencyCodes.contains(code)
    }

    /// "€3.99", "3,99 €", "¥400"; "3.99" without a currency.
    func text(_ price: Price) -> String {
        guard let currencyCode else { return price.text }
        let amount = Decimal(price.cents) / 100
        return amount.formatted(.currency(code: currencyCode).locale(locale))
    }

    /// The price in the household's currency written as a page in `language` writes amounts: "3,99 €" in Spanish
    /// and French, "R$ 3,99" (BRL) in Portuguese, "₩3,990", "¥399", "€3.99" in English; the computer's own way when
    /// its locale speaks `language`. Without a currency, the plain number with the language's decimal mark.
    func text(_ price: Price, in language: Language) -> String {
        guard let currencyCode else { return price.text(in: language) }
        let amount = Decimal(price.cents) / 100
        return amount.formatted(.currency(code: currencyCode).locale(locale(for: language)))
    }

    /// The locale that writes amounts for a page in `language`: the computer's when it speaks that language (an
    /// Irish computer writes "€3.99", a Swiss French one "3.99 €"), else the language's own.
    func locale(for language: Language) -> Locale {
        locale.language.languageCode?.identifier == language.rawValue ? locale : LocalFormats.locale(language)
    }
}
