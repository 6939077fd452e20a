/// What the search tokenizer does with each Unicode scalar, looked up rather than computed:
/// the scalar's compatibility decomposition (NFKD), marks (`\p{M}`) removed, each scalar
/// left lowercased (`lowercaseMapping`), and each of those sorted into a word scalar
/// (`\p{L}`, `\p{N}`), a CJK scalar (a term on its own) or a separator, as the browser's
/// script does to a query. Text decomposes scalar by scalar: NFKD's canonical reordering
/// only moves scalars with a non-zero combining class, all of them marks, which are dropped.
///
/// The table (`SearchFoldingTable.swift`) is generated from this toolchain's Unicode data by
/// `scripts/generate-search-folding.swift`; `SearchFoldingTests` checks every scalar against
/// Foundation's decomposition. An entry is a `UInt32`: its low three bits a `Kind`, the rest
/// a scalar (`mappedWord`, `mappedCJK`) or, for `expansion`, a count (bits 3–7) and an offset
/// (bits 8 and up) into `expansions`, whose items are `separator`, `mappedWord` or `mappedCJK`.
enum SearchFolding {
    enum Kind: UInt32 {
        /// Ends a word.
        case separator
        /// A mark, or a scalar that decomposes to marks only: nothing, the word goes on.
        case dropped
        /// The scalar itself, in a word.
        case word
        /// The scalar itself, a term on its own.
        case cjk
        /// Another scalar (in bits 8 and up), in a word.
        case mappedWord
        /// Another scalar (in bits 8 and up), a term on its own.
        case mappedCJK
        /// Several items, in `expansions`.
        case expansion
        /// A Hangul syllable: its jamo (leading, vowel, trailing when there is one), in a word.
        case hangul
    }

    /// The decoded table, made once on first use.
    struct Tables: Sendable {
        /// Each block's first entry in `entries`, for each `scalar >> blockShift`.
        let blockStarts: [Int32]
        let entries: [UInt32]
        let expansions: [UInt32]

        init() {
            let values = Self.decode(SearchFolding.encodedValues, width: 5)
            entries = Self.decode(SearchFolding.encodedBlocks, width: 2).map { values[Int($0)] }
            blockStarts = Self.decode(SearchFolding.encodedIndex, width: 2).map { Int32($0) << SearchFolding.blockShift }
            expansions = Self.decode(SearchFolding.encodedExpansions, width: 5)
        }

        /// The entry for `scalar` (not a surrogate, at most 0x10FFFF).
        @inline(__always)
        func entry(_ scalar: UInt32) -> UInt32 {
            let shift = UInt32(SearchFolding.blockShift)
            return entries[Int(blockStarts[Int(scalar >> shift)]) + Int(scalar & (1 << shift - 1))]
        }

        /// Fixed-width numbers in base-64 digits (A–Z a–z 0–9 - _), most significant first;
        /// other bytes (line breaks) are skipped.
        private static func decode(_ text: StaticString, width: Int) -> [UInt32] {
            var numbers: [UInt32] = [], number: UInt32 = 0, digits = 0
            numbers.reserveCapacity(text.utf8CodeUnitCount / width)
            text.withUTF8Buffer { bytes in
                for byte in bytes {
                    guard let digit = digit(byte) else { continue }
                    number = number << 6 | digit
                    digits += 1
                    if digits == width {
                        numbers.append(number)
                        (number, digits) = (0, 0)
                    }
                }
            }
            return numbers
        }

        private static func digit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"): 62
            case UInt8(ascii: "_"): 63
            default: nil
            }
        }
    }

    static let tables = Tables()

    @inline(__always)
    static func kind(_ entry: UInt32) -> Kind { Kind(rawValue: entry & 7)! }

    /// The jamo of Hangul syllable `scalar` (Unicode's arithmetic decomposition).
    @inline(__always)
    static func hangulJamo(_ scalar: UInt32) -> (leading: UInt32, vowel: UInt32, trailing: UInt32?) {
        let index = scalar - 0xAC00
        let trailing = index % 28
        return (0x1100 + index / 588, 0x1161 + index % 588 / 28, trailing == 0 ? nil : 0x11A7 + trailing)
    }
}
