import Foundation

/// The rules for names and passwords, with the message a person sees beside the field when one is broken (said in
/// their language by the page that shows it).
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
    static func usernameProblem(_ username: String) -> Words? {
        if username.isEmpty { return Words("accounts.rule.nameMissing") }
        if username.count > usernameLimit {
            return Words("accounts.rule.nameTooLong", counts: ["limit": usernameLimit])
        }
        let hasInvisible = username.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
        }
        if hasInvisible { return Words("accounts.rule.nameInvisible") }
        return nil
    }

    /// What is wrong with a password, or nil when it is fine. Passwords are kept exactly as typed.
    static func passwordProblem(_ password: String) -> Words? {
        if password.isEmpty { return Words("accounts.rule.passwordMissing") }
        if password.count < passwordMinimum {
            return Words("accounts.rule.passwordTooShort", counts: ["minimum": passwordMinimum])
        }
        if password.count > passwordLimit {
            return Words("accounts.rule.passwordTooLong", counts: ["limit": passwordLimit])
        }
        if password.utf8.count > passwordByteLimit { return Words("accounts.rule.passwordTooManyBytes") }
        return nil
    }

    /// The message when the repeated password differs, or nil when both match.
    static func repeatProblem(_ password: String, repeated: String) -> Words? {
        if repeated.isEmpty { return Words("accounts.rule.repeatMissing") }
        return password == repeated ? nil : Words("accounts.rule.repeatDiffers")
    }

    /// The hint under a new password field, "8 to 64 characters.", in `language`.
    static func passwordRule(in language: Language) -> String {
        let counts = ["minimum": passwordMinimum, "maximum": passwordLimit]
        return language.text("accounts.field.passwordRule", counts: counts)
    }
}
