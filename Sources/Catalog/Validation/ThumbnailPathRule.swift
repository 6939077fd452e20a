import Foundation

/// path-outside-content and thumbnail-missing for `thumbnail:` values. Decoding and
/// pixel sizes are checked by the thumbnails stage.
enum ThumbnailPathRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            guard let named = context.fields.thumbnail else { continue }
            guard let path = tree.root.resolve(named.value, from: context.source.relativePath) else {
                bag.error("path-outside-content", at: named.location,
                          "the thumbnail '\(named.value)' is outside the content directory; move the image into content/ and point at it there")
                continue
            }
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: tree.root.absoluteURL(path).path, isDirectory: &isDirectory)
            if !exists || isDirectory.boolValue {
                bag.error("thumbnail-missing", at: named.location,
                          "the thumbnail '\(named.value)' does not exist (looked for \(tree.root.file(path).displayPath)); correct the path, which is relative to this file")
            }
        }
    }
}
