import Foundation
import Parsnip

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `parsnip --reset-password NAME`: a new password typed twice on this computer, for when the owner forgot theirs.
enum PasswordRecoveryCommand {
    /// Finds the person, asks for the password twice, changes it and answers the exit status (0 when changed).
    static func run(name: String, databasePath: String) async -> Int32 {
        let recovery: PasswordRecovery
        do {
            CommandLineWords.load()
            recovery = try PasswordRecovery(databasePath: databasePath)
        } catch {
            report((error as? StartupError)?.description ?? "The database cannot be opened: \(error)")
            return 1
        }
        defer { try? recovery.close() }
        do {
            return try await reset(name, with: recovery)
        } catch {
            report("The password was not changed: \(error)")
            return 1
        }
    }

    private static func reset(_ name: String, with recovery: PasswordRecovery) async throws -> Int32 {
        let person: Person
        switch try await recovery.person(named: name) {
        case .success(let found): person = found
        case .failure(let refusal):
            report(message(for: refusal, name: name))
            return 1
        }
        let password = readPassword(prompt: "New password for \(person.username): ")
        let repeated = readPassword(prompt: "The same password again: ")
        switch try await recovery.resetPassword(named: person.username, password: password, repeated: repeated) {
        case .success(let changed):
            let name = changed.username
            print("The password for \(name) is changed. Everyone signed in as \(name) has been signed out.")
            return 0
        case .failure(let refusal):
            report(message(for: refusal, name: name))
            return 1
        }
    }

    /// The one line that says why nothing was changed.
    static func message(for refusal: PasswordRecovery.Refusal, name: String) -> String {
        switch refusal {
        case .unknownName(let names) where names.isEmpty:
            return "Nobody is called \(name): nobody has an account yet. Start Parsnip and open /setup to set it up."
        case .unknownName(let names):
            return "Nobody is called \(name). The names are: \(names.joined(separator: ", "))."
        case .passwordRule(let problem), .repeatDiffers(let problem):
            return "\(problem). The password was not changed."
        }
    }

    /// One line typed without showing it when stdin is a terminal; otherwise the next line of stdin (scripts, tests).
    private static func readPassword(prompt: String) -> String {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) ?? "" }
        guard let typed = getpass(prompt) else { return "" }
        return String(cString: typed)
    }

    /// Prints one line on stderr, as every other refusal of `parsnip` does.
    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("parsnip: \(message)\n".utf8))
    }
}
