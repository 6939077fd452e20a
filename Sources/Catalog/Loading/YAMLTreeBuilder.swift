/// Builds a `YAMLNode` tree from libyaml's events, as Yams' `compose` followed by our old
/// node conversion did, with the same positions, the same alias and value-count rules, and
/// the same notion of a duplicate key (same text and same resolved tag) — but reporting
/// every repeated key of a map at its own position, where Yams stopped at the first.
struct YAMLTreeBuilder {
    /// Why building stopped early.
    enum Stop: Error {
        /// libyaml failed, or an alias names no anchor.
        case failure(YAMLParseFailure)
        /// A map key that is a list, a map or an alias (`? [a, b]`, `*a : x`): Yams compares
        /// such keys as whole trees, so `YAMLReader` reads the document with Yams instead.
        case needsComposer
    }

    /// Two keys are the same when their text and resolved tag are (Yams' `Node.Scalar ==`).
    private struct KeyIdentity: Hashable {
        var text: String
        var tag: String?
    }


    private struct PendingKey {
        var text: String
        var location: SourceLocation
    }

    /// A list or map being read.
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        /// Values in the expanded tree, this one included (map keys are not values).
        var count = 1
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: PendingKey?
        var keys = SmallKeySet<KeyIdentity>()
        var duplicates: [Diagnostic] = []
    }

    let file: SourceFile
    /// `file.displayPath`, joined once: every key and value has a location, and joining
    /// the path for each made a string apiece (a tenth of front matter's instructions).
    private let displayPath: String
    let lineOffset: Int
    /// Counts stop growing past this, so that an alias bomb cannot overflow them.
    let maximumValues: Int

    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, count: Int)] = [:]
    private(set) var root: YAMLNode?
    /// Values in the root's expanded tree (at most `maximumValues + 1`).
    private(set) var rootCount = 0
    /// Every repeated key of every finished map, each at the repeated key.
    private(set) var duplicates: [Diagnostic] = []

    /// True once the document's root value is finished.
    var isComplete: Bool { root != nil }

    init(file: SourceFile, lineOffset: Int, maximumValues: Int) {
        self.file = file
        displayPath = file.displayPath
        self.lineOffset = lineOffset
        self.maximumValues = maximumValues
    }

    /// Takes one event of the document's node (between its start and end events).
    mutating func add(_ event: YAMLEvent) throws(Stop) {
        switch event {
        case .scalar(let scalar):
            addScalar(scalar)
        case .alias(let anchor, let mark):
            try addAlias(anchor, at: mark)
        case .sequenceStart(let anchor, let mark):
            try open(isMapping: false, anchor: anchor, at: mark)
        case .mappingStart(let anchor, let mark):
            try open(isMapping: true, anchor: anchor, at: mark)
        case .sequenceEnd, .mappingEnd:
            close()
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            break
        }
    }

    private var expectsKey: Bool {
        guard let top = stack.last else { return false }
        return top.isMapping && top.pendingKey == nil
    }

    private mutating func addScalar(_ scalar: YAMLScalarEvent) {
        let location = location(scalar.mark)
        let node = YAMLNode(value: .scalar(scalar.text, isPlain: scalar.isPlain), location: location)
        if let anchor = scalar.anchor { anchors[anchor] = (node, 1) }
        guard expectsKey else { return complete(node, count: 1) }
        let top = stack.count - 1
        stack[top].pendingKey = PendingKey(text: scalar.text, location: location)
        if !stack[top].keys.insert(KeyIdentity(text: scalar.text, tag: scalar.keyTag)) {
            stack[top].duplicates.append(.error("duplicate-key", at: location,
                                                "the key '\(scalar.text)' is given twice in one map; keep only one of them"))
        }
    }

    private mutating func addAlias(_ anchor: String, at mark: YAMLMark) throws(Stop) {
        guard !expectsKey else { throw .needsComposer }
        guard let anchored = anchors[anchor] else {
            throw .failure(.syntax(context: nil, problem: "found undefined alias", mark: mark))
        }
        complete(anchored.node, count: anchored.count)
    }

    private mutating func open(isMapping: Bool, anchor: String?, at mark: YAMLMark) throws(Stop) {
        guard !expectsKey else { throw .needsComposer }
        stack.append(Frame(isMapping: isMapping, location: location(mark), anchor: anchor))
    }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        let node = YAMLNode(value: frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items), location: frame.location)
        duplicates += frame.duplicates
        if let anchor = frame.anchor { anchors[anchor] = (node, frame.count) }
        complete(node, count: frame.count)
    }

    /// A finished value: the root, the value of the pending key, or the next list item.
    private mutating func complete(_ node: YAMLNode, count: Int) {
        guard !stack.isEmpty else {
            root = node
            rootCount = count
            return
        }
        let top = stack.count - 1
        stack[top].count = min(stack[top].count + count, maximumValues + 1)
        if stack[top].isMapping, let key = stack[top].pendingKey {
            stack[top].pairs.append(YAMLPair(key: key.text, keyLocation: key.location, value: node))
            stack[top].pendingKey = nil
        } else {
            stack[top].items.append(node)
        }
    }

    private func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: displayPath, line: mark.line + lineOffset, column: max(mark.column, 1))
    }
}
