import Foundation
import ParseStore

extension WritePath {
    /// The write path of Parsnip's three apps on `store`: the counted lists, their indexes and every searchable
    /// class — the same for the server and for the command line's import, so an import keeps the search index too.
    /// `timeZone` is the household's, where a repeating to-do's next day is counted.
    static func forApps(
        store: ParseStore, rules: KeepingRules = KeepingRules(), timeZone: TimeZone = .current,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> WritePath {
        try await WritePath(
            store: store, rules: rules,
            countedClasses: [StoreTodoRepository.className, StoreRecipeRepository.className, "Book"],
            indexes: StoreTodoRepository.indexes + StoreRecipeRepository.indexes + StoreBookRepository.indexes,
            searchable: [StoreTodoRepository.searchable, StoreRecipeRepository.searchable]
                + StoreBookRepository.searchable,
            places: [
                RecordPlace(className: StoreTodoRepository.className, thing: "to-do", basePath: "/todos"),
                RecordPlace(className: StoreRecipeRepository.className, thing: "recipe", basePath: "/recipes"),
                RecordPlace(className: StoreBookRepository.Schema.book, thing: "book", basePath: "/books"),
            ]
                + CatalogueKind.allCases.map {
                    RecordPlace(className: $0.className, thing: $0.singular, basePath: $0.path)
                },
            recordRules: [TodoRules.rules(timeZone: timeZone), RecipeRules.rules, BookRules.rules],
            progress: progress)
    }
}
