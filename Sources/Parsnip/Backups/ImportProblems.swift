import ParseStore

/// How an import's problem names one object of the file: "Recipe 2 (objectId bad0000001)", "Book “Dune” (objectId
/// book000001)"; a class the apps do not read keeps its own name ("_History 3"). `label` is the English one.
enum ImportedRecord {
    /// The `number`-th object (from 1) of `className`, with its objectId when it has one.
    static func numbered(_ className: String, kind: ClassKind?, label: String, _ number: Int, objectId: String?)
        -> ReportText
    {
        guard let objectId else {
            return ReportText(
                words: labelled(className, kind, Words("backups.record.numbered", ["number": String(number)])),
                english: "\(label) \(number)")
        }
        return ReportText(
            words: labelled(
                className, kind,
                Words("backups.record.numberedWithId", ["number": String(number), "objectId": objectId])),
            english: "\(label) \(number) (objectId \(objectId))")
    }

    /// The object `objectId` of `className`, by its title or name when it has one.
    static func named(_ className: String, kind: ClassKind?, label: String, name: String?, objectId: String)
        -> ReportText
    {
        guard let name else {
            return ReportText(
                words: labelled(className, kind, Words("backups.record.withId", ["objectId": objectId])),
                english: "\(label) (objectId \(objectId))")
        }
        return ReportText(
            words: labelled(className, kind, Words("backups.record.named", ["name": name, "objectId": objectId])),
            english: "\(label) “\(name)” (objectId \(objectId))")
    }

    /// `words` with the class's label: the household's word for a class the apps read, else the class's name.
    private static func labelled(_ className: String, _ kind: ClassKind?, _ words: Words) -> Words {
        var words = words
        if let label = ClassNames.label(kind) {
            words.nested["label"] = label
        } else {
            words.arguments["label"] = className
        }
        return words
    }
}

/// An import's problems and warnings about one object, each for a page and for the command line.
enum ImportProblems {
    /// "Recipe 2 (objectId …): releaseDate is not a date (it is text)."
    static func type(record: ReportText, field: String, expected: ParseFieldType, actual: ParseFieldType)
        -> ReportText
    {
        let parts = [
            "record": record.words, "expected": FieldTypeWords.words(expected), "actual": FieldTypeWords.words(actual),
        ]
        return ReportText(
            words: Words("backups.import.problem.type", ["field": field], nested: parts),
            english:
                "\(record.english): \(field) is not \(FieldTypeWords.english(expected)) (it is "
                + "\(FieldTypeWords.english(actual))).")
    }

    /// A record rule's refusal: "Book “Dune” (objectId …): This ISBN is already used by “The Dispossessed”." (In
    /// English the rule's words come from the catalogue, which the command line must have loaded.)
    static func refused(record: ReportText, because reason: Words) -> ReportText {
        ReportText(
            words: Words("backups.import.problem.refused", nested: ["record": record.words, "reason": reason]),
            english: "\(record.english): \(reason.text(in: .en)).")
    }

    /// A store error in plain words: "Recipe 2 (objectId …): its objectId … appears more than once in the file."
    static func refused(record: ReportText, _ error: ParseError, objectId: String?) -> ReportText {
        let named = ["record": record.words]
        if error.code == .duplicateValue, let objectId {
            return ReportText(
                words: Words("backups.import.problem.duplicateId", ["objectId": objectId], nested: named),
                english: "\(record.english): its objectId \(objectId) appears more than once in the file.")
        }
        return ReportText(
            words: Words("backups.import.problem.refused", ["reason": error.message], nested: named),
            english: "\(record.english): \(error.message).")
    }

    /// "Recipe 2 (objectId …): its photo … is in neither the file nor Parsnip; it will show without one."
    static func missingPhoto(record: ReportText, file: String) -> ReportText {
        ReportText(
            words: Words("backups.import.line.missingPhoto", ["file": file], nested: ["record": record.words]),
            english:
                "\(record.english): its photo \(file) is in neither the file nor Parsnip; it will show without one.")
    }
}

/// A field type as a household reads it: "text", "a number".
enum FieldTypeWords {
    /// The type for a page.
    static func words(_ type: ParseFieldType) -> Words {
        switch type {
        case .string: Words("backups.type.string")
        case .number: Words("backups.type.number")
        case .boolean: Words("backups.type.boolean")
        case .date: Words("backups.type.date")
        case .object: Words("backups.type.object")
        case .array: Words("backups.type.array")
        case .pointer(let target): Words("backups.type.pointer", ["target": target])
        case .relation(let target): Words("backups.type.relation", ["target": target])
        case .geoPoint: Words("backups.type.geoPoint")
        case .file: Words("backups.type.file")
        case .bytes: Words("backups.type.bytes")
        case .polygon: Words("backups.type.polygon")
        case .acl: Words("backups.type.acl")
        }
    }

    /// The type in English, for the command line.
    static func english(_ type: ParseFieldType) -> String {
        switch type {
        case .string: "text"
        case .number: "a number"
        case .boolean: "true or false"
        case .date: "a date"
        case .object: "an object"
        case .array: "a list"
        case .pointer(let target): "a link to a \(target)"
        case .relation(let target): "links to \(target) objects"
        case .geoPoint: "a map location"
        case .file: "a file"
        case .bytes: "bytes"
        case .polygon: "a shape"
        case .acl: "an ACL"
        }
    }
}
