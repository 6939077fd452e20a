/// Splits text into search terms, exactly as the search script does in the browser:
/// compatibility-decompose, drop combining marks, lowercase, take runs of letters and
/// digits; Chinese and Japanese characters are terms on their own (these languages
/// do not separate words with spaces); other terms need at least two characters and
/// keep at most `maxTermLength` of them.
enum SearchTokenizer {
    /// A longer word (a hex dump, a base64 blob) is indexed by its first 64 characters
    /// (Unicode scalars), as the browser's script cuts the words of a query: whole words
    /// and their prefixes are still found, and no term outgrows a shard
    /// (`SearchIndexBuilder.shardBudget`).
    static let maxTermLength = 64

    static func terms(_ text: String, into terms: inout Set<String>) {
        forEachTerm(text) { terms.insert($0) }
    }

    /// Calls `body` for every term in order, repeats included.
    static func forEachTerm(_ text: String, _ body: (String) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink { body(String(decoding: $0, as: UTF8.self)) }
            tokenize(text, into: &sink)
        }
    }

    /// Hands every term of `text`, in order and repeats included, to `sink` as its UTF-8
    /// bytes, valid only during the call: ASCII text (most bodies) then makes no `String`
    /// for a term the sink has seen. Generic rather than a closure, so that the sink's
    /// code is inlined into the loop over the bytes.
    static func tokenize(_ text: String, into sink: inout some SearchTermSink) {
        var bytes = text
        bytes.withUTF8 { tokenize(utf8: $0, into: &sink) }
    }

    /// `tokenize` for text given as its UTF-8 bytes.
    static func tokenize(utf8 text: UnsafeBufferPointer<UInt8>, into sink: inout some SearchTermSink) {
        if isASCII(text) {
            asciiTerms(text, into: &sink)
        } else {
            unicodeTerms(text, into: &sink)
        }
    }

    private struct ClosureSink: SearchTermSink {
        let body: (UnsafeBufferPointer<UInt8>) -> Void
        init(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) { self.body = body }
        mutating func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt32) { body(term) }
    }

    /// Eight bytes at a time: bodies are kilobytes long.
    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0, high: UInt64 = 0
        while offset + 8 <= text.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < text.count {
            high |= UInt64(base[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The rules for text that is not all ASCII (`Word.take(utf8:)`), a scalar at a time.
    /// Each word is written as UTF-8 into one scratch buffer and handed to the sink from
    /// there: no `String`, and no Foundation, per text, word or scalar.
    private static func unicodeTerms(_ text: UnsafeBufferPointer<UInt8>, into sink: inout some SearchTermSink) {
        withWord { word, fold in
            word.take(utf8: text, fold, into: &sink)
            word.flush(into: &sink)
        }
    }

    /// Calls `body` with an empty word (its scratch buffer valid during the call) and the
    /// ASCII table.
    static func withWord<Result>(_ body: (inout Word, UnsafePointer<UInt8>) -> Result) -> Result {
        asciiFold.withUnsafeBufferPointer { fold in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * maxTermLength) { scratch in
                var word = Word(scratch.baseAddress!)
                return body(&word, fold.baseAddress!)
            }
        }
    }

    /// The scalar whose UTF-8 starts at `offset` (a byte of 0x80 or more) and its length
    /// in bytes; nil when the bytes there are not well-formed UTF-8. Skipping only the
    /// first byte then gives the same scalars as `String(decoding:)`'s repair: the bytes
    /// it replaces are all continuation bytes, each not well-formed on its own.
    @inline(__always)
    fileprivate static func utf8Scalar(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int)? {
        let lead = text[offset], rest = text.count - offset
        func next(_ index: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> UInt32? {
            index < rest && range.contains(text[offset + index]) ? UInt32(text[offset + index] & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let second = next(1) else { return nil }
            return (UInt32(lead & 0x1F) << 6 | second, 2)
        case 0xE0...0xEF:
            let range: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard let second = next(1, range), let third = next(2) else { return nil }
            return (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3)
        case 0xF0...0xF4:
            let range: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard let second = next(1, range), let third = next(2), let fourth = next(3) else { return nil }
            return (UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
        default:
            return nil
        }
    }

    /// The same rules for ASCII text, which needs no decomposition: the text is
    /// lowercased into one scratch buffer and each word handed out as a slice of it (its
    /// first `maxTermLength` bytes), with its hash (`SearchTermSet.hash`) computed on the
    /// way, not in a second pass.
    private static func asciiTerms(_ text: UnsafeBufferPointer<UInt8>, into sink: inout some SearchTermSink) {
        asciiFold.withUnsafeBufferPointer { fold in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(text.count, 1)) { lowered in
                let out = lowered.baseAddress!, fold = fold.baseAddress!
                var start = 0, length = 0, hash = SearchTermSet.hashSeed
                for offset in 0..<text.count {
                    let folded = fold[Int(text[offset])]
                    out[offset] = folded
                    if folded != 0 {
                        if length == 0 { start = offset }
                        if length < maxTermLength {
                            length &+= 1
                            hash = SearchTermSet.hash(hash, folded)
                        }
                    } else {
                        if length >= 2 { sink.add(UnsafeBufferPointer(start: out + start, count: length), hash: hash) }
                        length = 0
                        hash = SearchTermSet.hashSeed
                    }
                }
                if length >= 2 { sink.add(UnsafeBufferPointer(start: out + start, count: length), hash: hash) }
            }
        }
    }

    /// ASCII byte → itself for digits and lowercase letters, its lowercase for uppercase
    /// letters, 0 (a separator) for everything else.
    private static let asciiFold: [UInt8] = (0...255).map { value -> UInt8 in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte + 32
        default: return 0
        }
    }

    static func terms(_ text: String) -> Set<String> {
        var out = Set<String>()
        terms(text, into: &out)
        return out
    }

    /// The JS side's `[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]`.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return true
        default: return false
        }
    }
}

extension SearchTokenizer.Word {
    /// Every scalar of `text` (UTF-8), the word going on from the text before it: runs of
    /// ASCII bytes take the ASCII table (`takeASCII`), other scalars are decoded and looked
    /// up (`SearchFolding`: decomposed, marks dropped, lowercased, sorted into words, CJK
    /// characters and separators).
    @inline(__always)
    mutating func take(utf8 text: UnsafeBufferPointer<UInt8>, _ fold: UnsafePointer<UInt8>,
                       into sink: inout some SearchTermSink) {
        let tables = SearchFolding.tables
        var offset = 0
        while offset < text.count {
            if text[offset] < 0x80 {
                offset = takeASCII(text, from: offset, fold, into: &sink)
            } else if let (scalar, length) = SearchTokenizer.utf8Scalar(in: text, at: offset) {
                let own = UnsafeBufferPointer(rebasing: text[offset..<offset + length])
                take(scalar, own, tables.entry(scalar), tables, into: &sink)
                offset += length
            } else {  // not UTF-8: `String(decoding:)` made it U+FFFD, a separator
                flush(into: &sink)
                offset += 1
            }
        }
    }
}

/// What a tokenizer hands its terms to (see `SearchTokenizer.tokenize`).
protocol SearchTermSink {
    /// One term's UTF-8 bytes, valid only during the call, and their `SearchTermSet.hash`.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt32)
}
