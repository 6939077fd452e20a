import Foundation

/// libFuzzer entry point (built by scripts/fuzz together with the library's loading code):
/// bytes → UTF-8 decoding → front-matter split → YAML (Yams) → `YAMLNode` → typed fields,
/// in every reading mode, and the same text as a whole YAML document as catalog.yml is
/// read. Besides crashes, it stops on a diagnostic whose position lies outside the input,
/// since authors are sent to that line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard case .success(let text) = SourceText.decode(bytes) else { return 0 }
    let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    let file = SourceFile(relativePath: "fuzz.md", displayPath: "fuzz.md")
    let reader = FrontMatterReader(root: FuzzInput.root, locales: FuzzInput.locales)
    for mode in [FrontMatterReader.Mode.context, .translation, .home] {
        var bag = DiagnosticBag()
        _ = reader.read(text: text, file: file, mode: mode, into: &bag)
        FuzzInput.checkPositions(bag, lineCount: lineCount)
    }
    var bag = DiagnosticBag()
    _ = YAMLReader.parse(text, file: file, firstLine: 1, into: &bag)
    FuzzInput.checkPositions(bag, lineCount: lineCount)
    return 0
}

enum FuzzInput {
    /// No file is read: the root only resolves thumbnail paths, which find nothing here.
    static let root = ContentRoot(path: "/nonexistent-fuzz-content")
    static let locales = [LocaleID(rawValue: "en-us"), LocaleID(rawValue: "es-us")]

    static func checkPositions(_ bag: DiagnosticBag, lineCount: Int) {
        for diagnostic in bag.items {
            let location = diagnostic.location
            guard (1...lineCount + 1).contains(location.line), location.column >= 1 else {
                fatalError("\(diagnostic.rule) at \(location.line):\(location.column) outside \(lineCount) lines: \(diagnostic.message)")
            }
        }
    }
}
