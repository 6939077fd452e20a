import Foundation

/// identifier-invalid and identifier-path-length: identifiers have 1–256 UTF-16 code
/// units, and a whole identifier path (the bundle identifier included) at most 256.
enum IdentifierRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            let length = context.identifier.appleLength
            if length == 0 || length > 256 || showsNothing(context.identifier) {
                bag.error("identifier-invalid", at: context.identifierLocation,
                          "the identifier '\(context.identifier)' must have 1 to 256 characters with visible text; write a short, stable identifier")
                continue
            }
            let total = context.identifierPath.reduce(0) { $0 + $1.appleLength }
            if total > 256 {
                bag.error("identifier-path-length", at: context.identifierLocation,
                          "the identifier path \(context.identifierPath.joined(separator: "/")) has \(total) characters, more than Apple's 256; give this context or its parents shorter identifiers")
            }
        }
    }

    /// Spaces (Zs and tab, what `CharacterSet.whitespaces` trims) and format characters (Cf:
    /// a byte order mark, zero-width joiners, direction marks) alone: nothing a reader sees.
    /// Line breaks and other controls are `identifier-unsafe`'s.
    static func showsNothing(_ identifier: String) -> Bool {
        !identifier.startsWithVisibleASCII && identifier.unicodeScalars.allSatisfy {
            $0 == "\t" || [.spaceSeparator, .format].contains($0.properties.generalCategory)
        }
    }
}
