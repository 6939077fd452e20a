extension SearchTokenizer {
    /// The word being gathered from text that is not all ASCII: its UTF-8 in a scratch
    /// buffer of `4 * maxTermLength` bytes, cut after `maxTermLength` scalars, and handed
    /// to the sink when a separator or a CJK character ends it.
    struct Word {
        private let bytes: UnsafeMutablePointer<UInt8>
        /// Bytes and scalars so far.
        private var count = 0, length = 0

        init(_ scratch: UnsafeMutablePointer<UInt8>) { bytes = scratch }

        /// Does with `scalar` what its `SearchFolding` entry says; `own` is its UTF-8.
        @inline(__always)
        mutating func take(_ scalar: UInt32, _ own: UnsafeBufferPointer<UInt8>, _ entry: UInt32,
                           _ tables: SearchFolding.Tables, into sink: inout some SearchTermSink) {
            switch SearchFolding.kind(entry) {
            case .dropped: break
            case .word: append(own)
            case .cjk:
                flush(into: &sink)
                sink.add(own, hash: SearchTermSet.hash(own))
            case .expansion:
                let start = Int(entry >> 8), count = Int(entry >> 3 & 31)
                for item in tables.expansions[start..<start + count] { take(item, into: &sink) }
            case .hangul:
                let jamo = SearchFolding.hangulJamo(scalar)
                append(scalar: jamo.leading)
                append(scalar: jamo.vowel)
                if let trailing = jamo.trailing { append(scalar: trailing) }
            case .separator, .mappedWord, .mappedCJK: take(entry, into: &sink)
            }
        }

        /// A `separator`, `mappedWord` or `mappedCJK` item.
        @inline(__always)
        private mutating func take(_ item: UInt32, into sink: inout some SearchTermSink) {
            switch SearchFolding.kind(item) {
            case .mappedWord: append(scalar: item >> 8)
            case .mappedCJK:
                flush(into: &sink)
                append(scalar: item >> 8)
                let term = UnsafeBufferPointer(start: bytes, count: count)
                sink.add(term, hash: SearchTermSet.hash(term))
                (count, length) = (0, 0)
            default: flush(into: &sink)
            }
        }

        /// An ASCII byte, lowercased.
        @inline(__always)
        mutating func append(_ byte: UInt8) {
            guard length < maxTermLength else { return }
            bytes[count] = byte
            count &+= 1
            length &+= 1
        }

        /// One scalar's UTF-8.
        @inline(__always)
        private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
            guard length < maxTermLength else { return }
            for byte in utf8 {
                bytes[count] = byte
                count &+= 1
            }
            length &+= 1
        }

        private mutating func append(scalar: UInt32) {
            guard length < maxTermLength else { return }
            UTF8.encode(Unicode.Scalar(scalar)!) { byte in
                bytes[count] = byte
                count &+= 1
            }
            length &+= 1
        }

        /// Hands the word to `sink` when it has at least two scalars, and starts the next.
        @inline(__always)
        mutating func flush(into sink: inout some SearchTermSink) {
            if length >= 2 {
                let term = UnsafeBufferPointer(start: bytes, count: count)
                sink.add(term, hash: SearchTermSet.hash(term))
            }
            (count, length) = (0, 0)
        }
    }
}
