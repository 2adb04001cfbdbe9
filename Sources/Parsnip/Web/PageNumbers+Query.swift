extension PageNumbers {
    /// The `page` of a list's query string: 1 when absent or empty; a bad request unless it is a number from 1 to
    /// `maximumPage` in ASCII digits.
    static func page(_ fields: FormFields) throws(PageError) -> Int {
        guard let text = fields["page"], !text.isEmpty else { return 1 }
        guard text.utf8.count <= 7, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text),
            (1...maximumPage).contains(number)
        else { throw .badRequest("a malformed page number") }
        return number
    }
}
