import Foundation

/// The rules for names and passwords, with the message a person sees beside the field when one is broken.
enum AccountRules {
    /// The longest name, in characters.
    static let usernameLimit = 40
    /// The shortest password, in characters.
    static let passwordMinimum = 8
    /// The longest password, in characters; bcrypt reads only the first 72 bytes.
    static let passwordLimit = 64
    /// bcrypt ignores every byte after the 72nd, so a longer password would be only partly checked.
    static let passwordByteLimit = 72

    /// The name as it will be kept: spaces at both ends removed.
    static func cleanUsername(_ typed: String) -> String {
        typed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What is wrong with a (cleaned) name, or nil when it is fine.
    static func usernameProblem(_ username: String) -> String? {
        if username.isEmpty { return "Enter a name" }
        if username.count > usernameLimit { return "Use at most \(usernameLimit) characters for the name" }
        let hasInvisible = username.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
        }
        if hasInvisible { return "Use only letters, numbers, spaces and punctuation in the name" }
        return nil
    }

    /// What is wrong with a password, or nil when it is fine. Passwords are kept exactly as typed.
    static func passwordProblem(_ password: String) -> String? {
        if password.isEmpty { return "Enter a password" }
        if password.count < passwordMinimum {
            return "Use at least \(passwordMinimum) characters for the password"
        }
        if password.count > passwordLimit { return "Use at most \(passwordLimit) characters for the password" }
        if password.utf8.count > passwordByteLimit {
            return "That password is too long: accented letters and emoji count as several characters. Shorten it"
        }
        return nil
    }

    /// The message when the repeated password differs, or nil when both match.
    static func repeatProblem(_ password: String, repeated: String) -> String? {
        if repeated.isEmpty { return "Enter the password again" }
        return password == repeated ? nil : "The two passwords are different. Type the same password twice"
    }
}
