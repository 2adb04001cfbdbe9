/// This Parsnip's version, written into backups and exports (and, later, answered by the Parse API's serverInfo).
enum ParsnipVersion {
    static let current = "0.12.0"
}
