import Foundation
import ParseStore
import ZIPFoundation

/// A Paprika export (`.paprikarecipes`): a zip of `.paprikarecipe` files, each one recipe as gzipped JSON with
/// `name`, `ingredients` and `directions` (text, a line each), `servings`, `prep_time`, `cook_time` ("20 mins",
/// "1 hr 10 min"), `notes`, `nutritional_info`, `source`, `source_url`, `categories`, `photo_data` (the photo, a
/// base64 JPEG), `rating`, `uid`, ….
///
/// Ingredients are read line by line as the recipe editor reads a pasted list (`IngredientLine`); the directions
/// become the method's steps; the times whole minutes; the photo is kept as a photo chosen in the editor would be
/// (a JPEG, PNG or WebP of at most 5 MB, told by its bytes; any other is left out with a line). A category named
/// Breakfast, Lunch or Dinner becomes the recipe's category; the others are named in the preview and not kept.
/// Rating and uid are left out. A recipe whose name a recipe here has already (ignoring case) is skipped.
enum PaprikaImport {
    static let app = "Paprika"
    static let fileExtension = "paprikarecipes"

    static let format = AppImportFormat { url, head throws(AppImportProblem) in
        guard head.starts(with: [0x50, 0x4B]) else {
            guard url.pathExtension.lowercased() != fileExtension else { throw damaged(url) }
            return nil
        }
        let opened: Archive?
        do { opened = try Archive(url: url, accessMode: .read, pathEncoding: nil) } catch { opened = nil }
        guard let archive = opened else {
            guard url.pathExtension.lowercased() != fileExtension else { throw damaged(url) }
            return nil
        }
        let entries = archive.filter { $0.type == .file && $0.path.lowercased().hasSuffix(".paprikarecipe") }
        guard !entries.isEmpty else {
            guard url.pathExtension.lowercased() != fileExtension else { throw damaged(url) }
            return nil
        }
        let recipes = try read(entries, of: archive, url: url)
        return AppImportFile(app: app, rows: recipes.count) { reader, _ in
            try PaprikaRecipes.plan(recipes, reader: reader)
        }
    }

    /// The largest export taken, unpacked: photos and all.
    static let largestUnpacked = 256_000_000

    /// Each entry's JSON object, in the zip's order; nil for an entry that is not a recipe (said in the plan).
    private static func read(_ entries: [Entry], of archive: Archive, url: URL) throws(AppImportProblem)
        -> [PaprikaRecipes.Entry]
    {
        var total = 0
        var recipes: [PaprikaRecipes.Entry] = []
        for entry in entries {
            var packed = Data()
            do {
                _ = try archive.extract(entry) { chunk in
                    total += chunk.count
                    guard total <= largestUnpacked else { throw Gunzip.Failure.tooBig }
                    packed.append(chunk)
                }
            } catch Gunzip.Failure.tooBig {
                throw tooBig(url)
            } catch {
                throw damaged(url)
            }
            let file = (entry.path as NSString).lastPathComponent
            let json: Data
            if packed.first == UInt8(ascii: "{") {
                json = packed
            } else {
                do {
                    json = try Gunzip.unpack(packed, limit: largestUnpacked - total)
                } catch Gunzip.Failure.tooBig {
                    throw tooBig(url)
                } catch {
                    recipes.append(PaprikaRecipes.Entry(file: file, fields: nil))
                    continue
                }
            }
            total += json.count
            guard total <= largestUnpacked else { throw tooBig(url) }
            let fields = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
            recipes.append(PaprikaRecipes.Entry(file: file, fields: fields.map(PaprikaRecipes.Fields.init)))
        }
        return recipes
    }

    private static func damaged(_ url: URL) -> AppImportProblem {
        AppImportProblem(Words("backups.app.problem.damagedZip", ["file": url.lastPathComponent, "app": app]))
    }

    private static func tooBig(_ url: URL) -> AppImportProblem {
        AppImportProblem(
            Words(
                "backups.app.problem.tooBig", ["file": url.lastPathComponent, "app": app], counts: ["megabytes": 256]))
    }
}
