import PageTemplates
import XCTest

/// Asserts that `parent` answers every stored property by its name with what reflection finds there (nothing for a
/// nil optional), and nothing for a name it does not have.
func assertAnswersLikeReflection(
    _ parent: any TemplateParent, file: StaticString = #filePath, line: UInt = #line
) {
    let children = Mirror(reflecting: parent).children
    XCTAssertFalse(children.isEmpty, "\(type(of: parent)) has no stored properties", file: file, line: line)
    for child in children {
        guard let label = child.label else { continue }
        let answered = parent.child(named: label).map(templateDescription)
        let reflected = TemplateValue(reflecting: child.value).map(templateDescription)
        XCTAssertEqual(answered, reflected, "\(type(of: parent)).\(label)", file: file, line: line)
    }
    XCTAssertNil(parent.child(named: "nothing"), file: file, line: line)
}

/// A template value written out, to compare two of them.
func templateDescription(_ value: TemplateValue) -> String {
    switch value {
    case .text(let text): "text(\(text))"
    case .flag(let flag): "flag(\(flag))"
    case .list(let elements): "[" + elements.map(templateDescription).joined(separator: ", ") + "]"
    case .fields(let fields):
        "{" + fields.map { "\($0.name): \(templateDescription($0.value))" }.joined(separator: ", ") + "}"
    case .parent(let parent): "parent(\(type(of: parent)))"
    }
}
