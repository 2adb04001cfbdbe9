import Hummingbird

/// Finds one cookie's value in the request's `Cookie` headers without parsing the others.
enum CookieHeader {
    static func value(named name: String, in headers: HTTPFields) -> Substring? {
        for header in headers[values: .cookie] {
            for part in header.split(separator: ";") {
                let pair = part.drop(while: { $0 == " " })
                guard pair.hasPrefix(name) else { continue }
                let rest = pair.dropFirst(name.count)
                if rest.first == "=" { return rest.dropFirst() }
            }
        }
        return nil
    }
}
