import ParseStore

/// The other apps' exports an import recognises by their content, each read by its own feature's reader: the
/// books' Goodreads and Libib exports, Paprika's recipes, Todoist's and Apple Reminders' to-dos. The page and
/// `parsnip import` both use this list (through `ImportRules.apps`).
let appImportFormats: [AppImportFormat] = [
    GoodreadsImport.format,
    LibibImport.format,
    PaprikaImport.format,
    TodoistImport.format(members: { reader in
        try StoreAccountRepository.everyone(reader).map(\.username)
    }),
    RemindersImport.format,
]
