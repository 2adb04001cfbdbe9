import ArgumentParser

/// `parsnip`: runs the web app (the default), or backs up, restores and copies its database.
@main
struct ParsnipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parsnip",
        abstract: "Parsnip: your household's to-do list, recipe book and book catalogue, on this computer.",
        discussion: """
            With no command, or with serve, Parsnip runs: open the address it prints in a web browser. \
            See parsnip serve --help for its options.
            """,
        subcommands: [
            ServeCommand.self, BackupCommand.self, RestoreCommand.self, ExportCommand.self, ImportCommand.self,
            APIKeysCommand.self, CopyCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
