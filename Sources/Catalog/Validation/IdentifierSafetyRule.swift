/// identifier-unsafe: an identifier names a folder of the site (`LOCALE/ID1/ID2/…`), is
/// printed in diagnostics and sent to Apple, so it is never `.` or `..` and holds no path
/// separator (`/`, `\`) and no control character (`ControlCharacters`). Checked for
/// identifiers from front matter (reported at the value) and from file and folder names
/// (reported at line 1, column 1 of the file), so that `validate` finds them too and
/// `build` writes nothing.
enum IdentifierSafetyRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            guard let problem = problem(context.identifier) else { continue }
            bag.error("identifier-unsafe", at: context.identifierLocation,
                      "the identifier '\(context.identifier)' \(problem); write a name of letters, digits and dashes, such as measurements-quiz")
        }
    }

    /// What is wrong with `identifier`, or nil when it is safe.
    static func problem(_ identifier: String) -> String? {
        if identifier == "." || identifier == ".." {
            return "would name the folder of its parent's page or one above it"
        }
        if identifier.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
            return "holds a path separator (/ or \\)"
        }
        if ControlCharacters.contains(in: identifier) {
            return "holds a control character"
        }
        return nil
    }
}
