// Writes Sources/Catalog/Site/SearchFoldingTable.swift: what the search tokenizer does with
// each Unicode scalar, from this toolchain's Unicode data (Foundation's compatibility
// decomposition, the standard library's categories and lowercase mappings).
//   swift scripts/generate-search-folding.swift > Sources/Catalog/Site/SearchFoldingTable.swift
// Run it again after a toolchain update when SearchFoldingTests says the table differs.
//
// A scalar's answer is its NFKD, marks (\p{M}) removed, each scalar left lowercased, each
// scalar of that classified (final sigma folded to σ) as a word scalar (\p{L}, \p{N}), a CJK scalar (a term on its
// own) or a separator. Decomposing scalar by scalar gives the text's NFKD because canonical
// reordering only moves scalars with a non-zero combining class, and every such scalar is a
// mark (checked below), which the tokenizer drops. The encoding is `SearchFolding`'s.
import Foundation

func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
}

func isWord(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
         .decimalNumber, .letterNumber, .otherNumber: return true
    default: return false
    }
}

/// The browser script's `[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]`.
func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return true
    default: return false
    }
}

enum Kind: UInt32 { case separator, dropped, word, cjk, mappedWord, mappedCJK, expansion, hangul }

enum Folding {
    /// Greek final sigma (ς) is folded to σ, by the browser's script too: JavaScript's
    /// `toLowerCase` writes a word-final capital Σ as ς, the standard library's lowercase
    /// mapping as σ, so `ΣΟΦΟΣ` in a page and `σοφος` in a query would not meet otherwise.
    static func finalSigmaAsSigma(_ scalar: Unicode.Scalar) -> Unicode.Scalar { scalar == "\u{3C2}" ? "\u{3C3}" : scalar }
}

/// The scalars `scalar` becomes, each as an item (`mappedWord`, `mappedCJK` or `separator`,
/// runs of separators as one); empty when it is dropped.
func items(_ scalar: Unicode.Scalar) -> [UInt32] {
    var items: [UInt32] = []
    for decomposed in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars where !isMark(decomposed) {
        for lowered in decomposed.properties.lowercaseMapping.unicodeScalars.map(Folding.finalSigmaAsSigma) {
            let item = isCJK(lowered) ? lowered.value << 8 | Kind.mappedCJK.rawValue
                : isWord(lowered) ? lowered.value << 8 | Kind.mappedWord.rawValue : Kind.separator.rawValue
            if item == Kind.separator.rawValue, items.last == item { continue }
            items.append(item)
        }
    }
    return items
}

var entries = [UInt32](repeating: Kind.separator.rawValue, count: 0x110000)
var expansions: [UInt32] = []
var expansionOffsets: [[UInt32]: Int] = [:]
for value in UInt32(0)...0x10FFFF {
    guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates: never decoded
    precondition(scalar.properties.canonicalCombiningClass.rawValue == 0 || isMark(scalar))
    if (0xAC00...0xD7A3).contains(value) {  // Hangul syllables decompose by arithmetic
        entries[Int(value)] = Kind.hangul.rawValue
        continue
    }
    let items = items(scalar)
    switch items.count {
    case 0: entries[Int(value)] = Kind.dropped.rawValue
    case 1 where items[0] != Kind.separator.rawValue && items[0] >> 8 == value: entries[Int(value)] = (items[0] & 0xFF) - 2  // word or cjk, itself
    case 1: entries[Int(value)] = items[0]
    default:
        precondition(items.count < 32 && expansions.count < 1 << 24)
        let offset = expansionOffsets[items] ?? expansions.count
        if offset == expansions.count {
            expansions += items
            expansionOffsets[items] = offset
        }
        entries[Int(value)] = UInt32(offset) << 8 | UInt32(items.count) << 3 | Kind.expansion.rawValue
    }
}

// Two stages: blocks of 128 entries, each distinct block once.
let blockSize = 128
var blockNumbers: [ArraySlice<UInt32>: Int] = [:]
var index: [Int] = [], blocks: [UInt32] = []
for start in stride(from: 0, to: entries.count, by: blockSize) {
    let block = entries[start..<start + blockSize]
    let number = blockNumbers[block] ?? blockNumbers.count
    if number == blockNumbers.count {
        blockNumbers[block] = number
        blocks += block
    }
    index.append(number)
}
let values = Array(Set(blocks)).sorted()
let valueNumbers = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })

/// Numbers as fixed-width base-64 digits, 100 a line.
let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
func encode(_ numbers: [Int], width: Int) -> String {
    var text = ""
    for number in numbers {
        precondition(number < 1 << (6 * width))
        for place in (0..<width).reversed() { text.append(digits[(number >> (6 * place)) & 63]) }
    }
    var lines: [Substring] = []
    var rest = Substring(text)
    while !rest.isEmpty {
        lines.append(rest.prefix(100))
        rest = rest.dropFirst(100)
    }
    return lines.map { "        \($0)" }.joined(separator: "\n")
}

func literal(_ name: String, _ comment: String, _ numbers: [Int], width: Int) -> String {
    """
        /// \(comment)
        static let \(name): StaticString = \"\"\"
    \(encode(numbers, width: width))
            \"\"\"
    """
}

print("""
// Generated by scripts/generate-search-folding.swift: do not edit. Each table is fixed-width
// base-64 numbers (`SearchFolding.Tables`).
extension SearchFolding {
    static let blockShift = \(blockSize.trailingZeroBitCount)

\(literal("encodedIndex", "The block of entries for each `scalar >> blockShift` (2 digits each).", index, width: 2))

\(literal("encodedValues", "The distinct entries (5 digits each).", values.map(Int.init), width: 5))

\(literal("encodedBlocks", "The blocks: numbers of entries in `encodedValues` (2 digits each).", blocks.map { valueNumbers[$0]! }, width: 2))

\(literal("encodedExpansions", "The items of `expansion` entries (5 digits each).", expansions.map(Int.init), width: 5))
}
""")
