import Mustache

// swift-mustache looks names up with Mirror unless a type answers them itself; Mirror costs about 86% of a
// 50-row list page. These lookups return the same stored properties (a test checks them against Mirror).

extension TodoRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "preview": preview.map { $0 as Any }
        case "createdISO": createdISO
        case "createdText": createdText
        case "editURL": editURL
        case "deleteURL": deleteURL
        default: nil
        }
    }
}
