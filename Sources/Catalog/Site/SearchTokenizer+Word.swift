extension SearchTokenizer {
    /// The word being gathered from text that is not all ASCII: its UTF-8 in a scratch
    /// buffer of `4 * maxTermLength` bytes, cut after `maxTermLength` scalars, and handed
    /// to the sink when a separator or a CJK character ends it, with its hash
    /// (`SearchTermSet.hash`), computed as its bytes are written rather than in a second
    /// pass over them.
    struct Word {
        private let bytes: UnsafeMutablePointer<UInt8>
        /// Bytes and scalars so far.
        private var count = 0, length = 0
        /// The hash of the bytes so far.
        private var hash = SearchTermSet.hashSeed

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
                sink.add(UnsafeBufferPointer(start: bytes, count: count), hash: hash)
                restart()
            default: flush(into: &sink)
            }
        }

        /// The ASCII bytes of `text` from `offset` on, up to the next byte that is not
        /// ASCII: each lowercased by `fold` (0 for a separator, which ends the word), with
        /// the word's state in locals for the run. Returns where the run ends.
        @inline(__always)
        mutating func takeASCII(_ text: UnsafeBufferPointer<UInt8>, from offset: Int, _ fold: UnsafePointer<UInt8>,
                                into sink: inout some SearchTermSink) -> Int {
            var (offset, count, length, hash) = (offset, self.count, self.length, self.hash)
            while offset < text.count, text[offset] < 0x80 {
                let folded = fold[Int(text[offset])]
                offset &+= 1
                if folded != 0 {
                    guard length < maxTermLength else { continue }
                    bytes[count] = folded
                    (count, length) = (count &+ 1, length &+ 1)
                    hash = SearchTermSet.hash(hash, folded)
                } else {
                    if length >= 2 { sink.add(UnsafeBufferPointer(start: bytes, count: count), hash: hash) }
                    (count, length, hash) = (0, 0, SearchTermSet.hashSeed)
                }
            }
            (self.count, self.length, self.hash) = (count, length, hash)
            return offset
        }

        /// One scalar's UTF-8.
        @inline(__always)
        private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
            guard length < maxTermLength else { return }
            for byte in utf8 { append(byte: byte) }
            length &+= 1
        }

        private mutating func append(scalar: UInt32) {
            guard length < maxTermLength else { return }
            UTF8.encode(Unicode.Scalar(scalar)!) { append(byte: $0) }
            length &+= 1
        }

        /// One byte of the current scalar.
        @inline(__always)
        private mutating func append(byte: UInt8) {
            bytes[count] = byte
            count &+= 1
            hash = SearchTermSet.hash(hash, byte)
        }

        /// Hands the word to `sink` when it has at least two scalars, and starts the next.
        @inline(__always)
        mutating func flush(into sink: inout some SearchTermSink) {
            if length >= 2 { sink.add(UnsafeBufferPointer(start: bytes, count: count), hash: hash) }
            restart()
        }

        @inline(__always)
        private mutating func restart() {
            (count, length, hash) = (0, 0, SearchTermSet.hashSeed)
        }
    }
}
