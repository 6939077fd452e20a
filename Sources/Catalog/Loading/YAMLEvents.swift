import CYaml

/// A position as libyaml gives it, made 1-based (columns count Unicode scalars).
struct YAMLMark: Equatable, Sendable {
    var line: Int
    var column: Int
}

extension YAMLMark {
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

/// A scalar as the tree builder needs it: its text, whether it was plain, and the tag that
/// decides whether two keys are the same (nil stands for `!!str`, which every untagged
/// scalar resolves to under the basic resolver we read with).
struct YAMLScalarEvent {
    var text: String
    var isPlain: Bool
    var keyTag: String?
    var anchor: String?
    var mark: YAMLMark
}

/// One libyaml parse event, copied out of C.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart(YAMLMark)
    case documentEnd
    case scalar(YAMLScalarEvent)
    case sequenceStart(anchor: String?, mark: YAMLMark)
    case sequenceEnd
    case mappingStart(anchor: String?, mark: YAMLMark)
    case mappingEnd
    case alias(anchor: String, mark: YAMLMark)
}

/// What libyaml reports when it stops: the same fields Yams' `YamlError` carries.
enum YAMLParseFailure: Error {
    /// A character YAML does not allow, at a character offset from the start of the text
    /// (nil when libyaml's byte offset is not on a character boundary, as in Yams).
    case reader(problem: String, characterOffset: Int?)
    /// A scanner, parser or composer error, with what was being read and where it began.
    case syntax(context: (text: String, mark: YAMLMark)?, problem: String, mark: YAMLMark)
    /// Out of memory, or an error libyaml does not describe.
    case unreadable
}

/// The one place that sees libyaml's C types (Yams vendors libyaml as its `CYaml` module,
/// which SwiftPM makes visible to every target that depends on Yams): a pull parser over
/// UTF-8 text that hands out `YAMLEvent`s. Going through events directly, instead of
/// Yams' `compose`, skips its `Node` tree, its class-based tags and its hashing of whole
/// nodes for the duplicate-key check, which together cost a quarter of `validate`.
struct YAMLEventParser: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The text parsed, to turn libyaml's byte offsets into character offsets.
    private let yaml: String

    /// Parses `bytes` (the UTF-8 of `yaml`), which must stay valid for the parser's life.
    private init(bytes: UnsafeBufferPointer<UInt8>, of yaml: String) {
        self.yaml = yaml
        parser = .allocate(capacity: 1)
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Runs `body` with a parser over the UTF-8 bytes of `yaml`.
    static func withParser<R>(_ yaml: String, _ body: (inout YAMLEventParser) -> R) -> R {
        var text = yaml
        return text.withUTF8 { bytes in
            var parser = YAMLEventParser(bytes: bytes, of: yaml)
            return body(&parser)
        }
    }

    mutating func next() -> Result<YAMLEvent, YAMLParseFailure> {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { return .failure(failure()) }
        defer { yaml_event_delete(&event) }
        return .success(Self.convert(&event))
    }

    private static func convert(_ event: inout yaml_event_t) -> YAMLEvent {
        let mark = YAMLMark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_DOCUMENT_START_EVENT: return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(anchor: string(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SCALAR_EVENT: return .scalar(scalar(event, mark: mark))
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: string(event.data.sequence_start.anchor), mark: mark)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart(anchor: string(event.data.mapping_start.anchor), mark: mark)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd
        }
    }

    private static func scalar(_ event: yaml_event_t, mark: YAMLMark) -> YAMLScalarEvent {
        let data = event.data.scalar
        // The value may hold NUL characters: read it by length. libyaml checked the input,
        // so the bytes are valid UTF-8.
        let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
        return YAMLScalarEvent(text: text, isPlain: data.style == YAML_PLAIN_SCALAR_STYLE,
                               keyTag: keyTag(event), anchor: string(data.anchor), mark: mark)
    }

    /// Yams' rule: a quoted scalar without a tag is `!!str`; otherwise the tag as written
    /// (libyaml expands `!!x` handles), and no tag resolves to `!!str` too, as does the
    /// non-specific tag `!` on a scalar (YAML 1.2 §6.9.1): `! title` repeats `title`.
    private static func keyTag(_ event: yaml_event_t) -> String? {
        let data = event.data.scalar
        guard data.quoted_implicit != 1, let tag = string(data.tag), !tag.isEmpty,
              tag != "!", tag != "tag:yaml.org,2002:str" else { return nil }
        return tag
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func failure() -> YAMLParseFailure {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? ""
        switch parser.pointee.error {
        case YAML_READER_ERROR:
            let offset = Int(parser.pointee.problem_offset)
            let index = yaml.utf8.index(yaml.utf8.startIndex, offsetBy: offset, limitedBy: yaml.utf8.endIndex)?
                .samePosition(in: yaml)
            return .reader(problem: problem, characterOffset: index.map { yaml.distance(from: yaml.startIndex, to: $0) })
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let context = parser.pointee.context.map { (text: String(cString: $0), mark: YAMLMark(parser.pointee.context_mark)) }
            return .syntax(context: context, problem: problem, mark: YAMLMark(parser.pointee.problem_mark))
        default:
            return .unreadable
        }
    }
}
