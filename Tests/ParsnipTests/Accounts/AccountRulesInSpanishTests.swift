import Foundation
import XCTest

@testable import Parsnip

/// The name and password rules speak the reader's language: their messages are catalogue words, said in Spanish on a
/// Spanish page, and in English on the command line and in the Parse API.
final class AccountRulesInSpanishTests: XCTestCase {
    override func setUp() async throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    func testEveryNameAndPasswordRuleIsSaidInSpanish() throws {
        let cases: [(Words?, String)] = [
            (AccountRules.usernameProblem(""), "Escribe un nombre"),
            (
                AccountRules.usernameProblem(String(repeating: "n", count: 41)),
                "Usa como máximo 40 caracteres en el nombre"
            ),
            (
                AccountRules.usernameProblem("Ben\u{7}"),
                "Usa solo letras, números, espacios y signos de puntuación en el nombre"
            ),
            (AccountRules.passwordProblem(""), "Escribe una contraseña"),
            (AccountRules.passwordProblem("corta"), "Usa al menos 8 caracteres en la contraseña"),
            (
                AccountRules.passwordProblem(String(repeating: "p", count: 65)),
                "Usa como máximo 64 caracteres en la contraseña"
            ),
            (
                AccountRules.passwordProblem(String(repeating: "🍐", count: 20)),
                "Esa contraseña es demasiado larga: las letras con tilde y los emojis cuentan como varios caracteres. "
                    + "Acórtala"
            ),
            (AccountRules.repeatProblem("una contraseña", repeated: ""), "Vuelve a escribir la contraseña"),
            (
                AccountRules.repeatProblem("una contraseña", repeated: "otra contraseña"),
                "Las dos contraseñas son distintas. Escribe la misma contraseña dos veces"
            ),
        ]
        for (problem, spanish) in cases {
            XCTAssertEqual(problem?.text(in: .es), spanish)
        }
        XCTAssertNil(AccountRules.passwordProblem("una contraseña larga"))
        XCTAssertNil(AccountRules.repeatProblem("una contraseña", repeated: "una contraseña"))
        XCTAssertEqual(AccountRules.passwordRule(in: .es), "De 8 a 64 caracteres.")
        XCTAssertEqual(
            AccountRules.passwordProblem("short")?.text(in: .en), "Use at least 8 characters for the password",
            "the English is as it was")
    }

    func testASpanishBrowserSeesTheRulesInSpanishBesideTheFields() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let refused = try await owner.post(
                "/people", form: [("username", ""), ("password", "corta"), ("role", "editor")],
                headers: [.acceptLanguage: "es-MX,es;q=0.9"])
            XCTAssertEqual(refused.status, .unprocessableContent)
            let html = refused.text
            XCTAssertTrue(html.contains(#"<html lang="es">"#))
            XCTAssertTrue(
                html.contains(
                    #"<p class="field-error" id="password-error"><span class="visually-hidden">Error:</span> Usa al menos 8 caracteres en la contraseña</p>"#
                ), html)
            XCTAssertTrue(html.contains(##"<li><a href="#username">Escribe un nombre</a></li>"##))
            XCTAssertTrue(html.contains("De 8 a 64 caracteres. Comunícasela en persona."))
        }
    }

    func testTheCommandLineAndTheParseAPIKeepSayingTheRulesInEnglish() async throws {
        let recovery = PasswordRecovery(accounts: try memoryAccounts())
        let short = try await recovery.resetPassword(named: "Ana", password: "corta", repeated: "corta")
        XCTAssertEqual(short, .failure(.passwordRule("Use at least 8 characters for the password")))
        let refused = try await recovery.accounts.signUpFromApp(username: " ", password: "a long password", fields: [:])
        XCTAssertEqual(refused, .failure(.rule("Enter a name")))
    }
}
