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
    let node = YAMLReader.parse(text, file: file, firstLine: 1, into: &bag)
    FuzzInput.checkPositions(bag, lineCount: lineCount)
    FuzzInput.checkSameAsYams(text, node: node, diagnostics: bag, file: file)
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

    /// Differential: the event reader must read as Yams' composer did, except that it
    /// reports every repeated key where Yams reported the first.
    static func checkSameAsYams(_ text: String, node: YAMLNode?, diagnostics: DiagnosticBag, file: SourceFile) {
        var yamsBag = DiagnosticBag()
        let yamsNode = YAMLComposer.parse(YAMLReader.yamlLines(text), file: file, firstLine: 1, into: &yamsBag)
        guard !yamsBag.items.contains(where: { $0.rule == "duplicate-key" }) else {
            guard node == nil, diagnostics.items.contains(where: { $0.rule == "duplicate-key" }) else {
                fatalError("Yams found a repeated key that the event reader did not")
            }
            return
        }
        guard diagnostics.items == yamsBag.items, node.map(describe) == yamsNode.map(describe) else {
            fatalError("the event reader and Yams differ: \(diagnostics.items) vs \(yamsBag.items)")
        }
    }

    private static func describe(_ node: YAMLNode) -> String {
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.value {
        case .scalar(let text, let isPlain): return "\(isPlain)\(text.debugDescription)\(at)"
        case .sequence(let items): return "[" + items.map(describe).joined(separator: ",") + "]\(at)"
        case .mapping(let pairs):
            return "{" + pairs.map { "\($0.key.debugDescription)@\($0.keyLocation.line):\($0.keyLocation.column)=\(describe($0.value))" }
                .joined(separator: ",") + "}\(at)"
        }
    }
}
