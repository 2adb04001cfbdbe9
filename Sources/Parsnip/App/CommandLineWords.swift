/// The catalogues for the command-line tool, which starts no web app: the messages it shares with the pages (a
/// password rule, a record rule) are said in English from them.
public enum CommandLineWords {
    /// Reads the catalogues from the `Locales` folder beside the templates, unless they are read already.
    public static func load() {
        guard !Catalogues.isLoaded, let folder = ParsnipSettings.locateDirectory(named: "Locales") else { return }
        if let catalogues = try? Catalogues(directory: folder) { Catalogues.use(catalogues) }
    }
}
