import ArgumentParser
import Foundation
import Parsnip

/// `parsnip api-keys`: the Parse API's application id and master key, for setting up an app; `--renew` makes a new
/// master key (Parsnip stopped), after which apps with the old one are refused.
struct APIKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-keys",
        abstract: "Show the keys a Parse app needs to use Parsnip's data (its Parse API at /parse).",
        discussion: """
            The master key opens everything to whoever has it: give it only to apps you trust. \
            The owner also sees the keys on the Apps page.
            """
    )

    @Option(help: "The database: a file, or a PostgreSQL address (postgres://…).")
    var database = "data/parsnip.sqlite"

    @Option(help: ArgumentHelp("The application id Parsnip is started with (--parse-app-id).", valueName: "id"))
    var parseAppId = "parsnip"

    @Flag(help: "Make a new master key (stop Parsnip first); apps using the old one are refused from then on.")
    var renew = false

    func run() async throws {
        let databasePath = DatabaseLocation.forCommand(database)
        do {
            let keys = try await ParseAPIKeyFile.keys(databasePath: databasePath, renew: renew)
            print("Server URL:      http://<this computer's address>:<port>/parse")
            print("Application id:  \(parseAppId)")
            print("Master key:      \(keys.masterKey)\(renew ? "  (new)" : "")")
            print(
                "Sign-up from apps: \(keys.signUpAllowed ? "allowed" : "off (the owner can allow it on the Apps page)")"
            )
        } catch let error as StartupError {
            FileHandle.standardError.write(Data("parsnip: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}
