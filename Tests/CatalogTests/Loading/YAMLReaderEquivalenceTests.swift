import Foundation
import PropertyBased
import Testing
@testable import Catalog

/// The event reader (`YAMLReader`) against the Yams reader it replaced (`YAMLComposer`) on
/// generated front matter, broken YAML included: the same nodes at the same positions and
/// the same diagnostics, except that every repeated key of a map is reported where Yams
/// reported one.
@Suite struct YAMLReaderEquivalenceTests {
    private static let file = SourceFile(relativePath: "f.md", displayPath: "f.md")

    private static func readers(_ yaml: String) -> (event: Outcome, yams: Outcome) {
        var eventBag = DiagnosticBag(), yamsBag = DiagnosticBag()
        let event = YAMLReader.parse(yaml, file: file, firstLine: 2, into: &eventBag)
        let yams = YAMLComposer.parse(YAMLReader.yamlLines(yaml), file: file, firstLine: 2, into: &yamsBag)
        return (Outcome(event, eventBag), Outcome(yams, yamsBag))
    }

    @Test func generatedFrontMatterReadsAlike() async {
        await propertyCheck(count: 3000, input: Gen.int(in: 0...Int.max)) { seed in
            var generator = YAMLGenerator(seed: UInt64(seed))
            let yaml = generator.document()
            let (event, yams) = Self.readers(yaml)
            if yams.diagnostics.contains(where: { $0.hasPrefix("duplicate-key") }) {
                #expect(event.node == nil && yams.node == nil, "\(yaml)")
                #expect(event.diagnostics.contains { $0.hasPrefix("duplicate-key") }, "\(yaml)")
                #expect(event.diagnostics.allSatisfy { $0.hasPrefix("duplicate-key") || $0.hasPrefix("yaml-syntax") }, "\(yaml)")
            } else {
                #expect(event == yams, "\(yaml)")
            }
        }
    }

    /// Around the alias cap: `b` repeats a 10-value list `m` times, `extra` keys add one each.
    @Test(arguments: [(9998, 7), (9998, 8), (9998, 9), (9998, 10), (20, 0), (10_000_000, 0)])
    func aliasCapAlike(repeats: Int, extra: Int) {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        if repeats > 100_000 {
            // Nested: 10^7 values from six short lines.
            lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
            for (previous, name) in zip("abcdef", "bcdefg") {
                lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
            }
        } else {
            lines.append("b: [" + Array(repeating: "*a", count: repeats).joined(separator: ", ") + "]")
        }
        lines += (0..<extra).map { "k\($0): v" }
        let (event, yams) = Self.readers(lines.joined(separator: "\n"))
        #expect(event == yams)
    }

    @Test func everyRepeatedKeyOfAMapIsReported() {
        var bag = DiagnosticBag()
        let yaml = "title: A\nsummary: B\ntitle: C\nsummary: D\ntitle: E\nlist:\n  - kind: a\n    kind: b"
        #expect(YAMLReader.parse(yaml, file: Self.file, firstLine: 2, into: &bag) == nil)
        #expect(bag.items.map { "\($0.rule) \($0.location.line):\($0.location.column) \($0.message)" } == [
            "duplicate-key 4:1 the key 'title' is given twice in one map; keep only one of them",
            "duplicate-key 5:1 the key 'summary' is given twice in one map; keep only one of them",
            "duplicate-key 6:1 the key 'title' is given twice in one map; keep only one of them",
            "duplicate-key 9:5 the key 'kind' is given twice in one map; keep only one of them",
        ])
    }

    @Test func largeMapsFindRepeatedKeysToo() {
        var bag = DiagnosticBag()
        let yaml = (0..<40).map { "k\($0 % 37): v" }.joined(separator: "\n")
        _ = YAMLReader.parse(yaml, file: Self.file, firstLine: 2, into: &bag)
        #expect(bag.items.map { "\($0.rule) \($0.location.line)" } == ["duplicate-key 39", "duplicate-key 40", "duplicate-key 41"])
    }

    @Test func keysAreTheSameByTextAndTag() {
        var bag = DiagnosticBag()
        _ = YAMLReader.parse("a: 1\n'a': 2\n!!str a: 3\n!x a: 4\n\"b\": 5\nb: 6", file: Self.file, firstLine: 1, into: &bag)
        #expect(bag.items.map { "\($0.location.line):\($0.location.column)" } == ["2:1", "3:1", "6:1"])
    }

    @Test func complexKeysAreReadByYams() {
        let (event, yams) = Self.readers("? [a, b]\n: 1\n? [a, b]\n: 2\nc: 3")
        #expect(event == yams)
        #expect(event.diagnostics.count == 1)
    }
}

/// What a reader gave, in comparable form.
private struct Outcome: Equatable {
    var node: String?
    var diagnostics: [String]

    init(_ node: YAMLNode?, _ bag: DiagnosticBag) {
        self.node = node.map(Self.describe)
        diagnostics = bag.items.map { "\($0.rule) \($0.severity) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    private static func describe(_ node: YAMLNode) -> String {
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.value {
        case .scalar(let text, let isPlain): return "\(isPlain ? "plain" : "quoted")(\(text.debugDescription))\(at)"
        case .sequence(let items): return "[" + items.map(describe).joined(separator: ", ") + "]\(at)"
        case .mapping(let pairs):
            let entries = pairs.map { "\($0.key.debugDescription)@\($0.keyLocation.line):\($0.keyLocation.column): \(describe($0.value))" }
            return "{" + entries.joined(separator: ", ") + "}\(at)"
        }
    }
}

/// Random front matter in most of the forms YAML allows (block and flow collections, every
/// scalar style, tags, anchors and aliases, explicit and complex keys, repeated keys), with
/// now and then a line that breaks it.
private struct YAMLGenerator {
    var rng: SplitMix
    var anchors: [String] = []

    init(seed: UInt64) { rng = SplitMix(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    mutating func pick(_ options: [String]) -> String { options[int(options.count)] }

    mutating func document() -> String {
        var lines: [String] = []
        blockMap(indent: "", depth: 0, into: &lines)
        if chance(3) { lines.insert(pick(["%YAML 1.1", "# comment", ""]), at: 0) }
        return lines.joined(separator: pick(["\n", "\n", "\n", "\r\n"]))
    }

    private mutating func blockMap(indent: String, depth: Int, into lines: inout [String]) {
        for _ in 0..<(1 + int(6)) {
            if chance(3) { lines.append(indent + junk()) }
            let key = key()
            if key.hasPrefix("?") {
                lines.append(indent + key)
                lines.append(indent + ": " + scalar())
                continue
            }
            switch int(10) {
            case 0 where depth < 3:
                lines.append(indent + key + ":" + anchor(prefix: " "))
                blockMap(indent: indent + pick(["  ", "    "]), depth: depth + 1, into: &lines)
            case 1 where depth < 3:
                lines.append(indent + key + ":" + anchor(prefix: " "))
                let itemIndent = indent + pick(["", "  "])
                for _ in 0..<(1 + int(3)) {
                    if chance(30), depth < 2 {
                        var nested: [String] = []
                        blockMap(indent: itemIndent + "  ", depth: depth + 2, into: &nested)
                        nested[0] = itemIndent + "- " + nested[0].dropFirst(itemIndent.count + 2)
                        lines += nested
                    } else {
                        lines.append(itemIndent + "- " + scalar())
                    }
                }
            case 2:
                lines.append(indent + key + ": |" + pick(["", "-", "+"]))
                lines.append(indent + "  " + pick(["line one", "ünïcode", "a: b"]))
                if chance(50) { lines.append(indent + "  second") }
            default:
                lines.append(indent + key + ": " + inlineValue(depth: depth))
            }
        }
    }

    private mutating func key() -> String {
        let name = pick(["title", "summary", "type", "a", "b", "en-us", "kind", "details", "日本", "x y"])
        switch int(40) {
        case 0: return "'\(name)'"
        case 1: return "\"\(name)\""
        case 2: return "!!str \(name)"
        case 3: return "!x \(name)"
        case 4: return "? \(name)"
        case 5: return "&k\(int(3)) \(name)"
        case 6 where chance(25): return pick(["[a, b]", "{a: 1}", "*k0", "? [x]"])
        default: return name
        }
    }

    private mutating func anchor(prefix: String) -> String {
        guard chance(10) else { return "" }
        let name = "n\(int(4))"
        anchors.append(name)
        return prefix + "&" + name
    }

    private mutating func inlineValue(depth: Int) -> String {
        switch int(8) {
        case 0: return anchor(prefix: "") + " [" + (0..<int(4)).map { _ in scalar() }.joined(separator: ", ") + "]"
        case 1: return "{" + (0..<int(4)).map { _ in key() + ": " + scalar() }.joined(separator: ", ") + "}"
        case 2 where !anchors.isEmpty: return "*" + pick(anchors)
        case 3 where chance(15): return "*nowhere"
        default: return anchor(prefix: "") + " " + scalar()
        }
    }

    private mutating func scalar() -> String {
        if chance(4) { return pick(["\"unclosed", "a: b", "[unclosed", "\u{7}", "`tick", "@reserved", "- dash", ">", "|"]) }
        return pick([
            "plain words", "9-11", "15-20 min", "3", "-3", "1.5", "yes", "~", "null", "", "日本語のタイトル",
            "'single ''quoted'''", "\"double \\u00e9 \\t\"", "\"\"", "!!int 3", "!foo bar", "a #comment",
            "http://x.y/z?q=1", "é\u{301}", "tab\there", "x\u{2028}y", "'it''s'", "a\u{85}b", "\"multi\n  line\"",
        ])
    }

    private mutating func junk() -> String {
        pick(["# a comment", "", "  bad: indentation", "---", "...", "\tkey: tab", "- item", "key \"q\": v", "}", "&a", "*a"])
    }
}
