import Foundation
import Testing
@testable import Catalog

/// `allUTF8` and `containsUTF8` read a string's storage and answer what `utf8.allSatisfy`
/// and `utf8.contains` answer, for ASCII and non-ASCII texts, small and large, and for a
/// string that is a slice's copy or built by appending.
@Suite struct StringBytesTests {
    static let pieces = ["", "a", "<", "Plain words", "é", "中文", "🙂", "\t", "\u{1}", "\u{7F}", "\u{85}", "<b>", "&amp;", "/",
                         String(repeating: "x", count: 40)]

    @Test func answersAsTheUTF8View() {
        var state: UInt64 = 18
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let tests: [(UInt8) -> Bool] = [{ $0 < 0x80 }, { $0 >= 0x20 && $0 < 0x7F }, { $0 != UInt8(ascii: "<") }, PercentEncoding.isUnreserved]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<next() % 6 { text += Self.pieces[next() % Self.pieces.count] }
            if next() % 3 == 0 { text = String(text.dropFirst()) }
            for test in tests { #expect(text.allUTF8(test) == text.utf8.allSatisfy(test), "\(text.debugDescription)") }
            for byte: UInt8 in [UInt8(ascii: "<"), 0x01, 0xA9, UInt8(ascii: "x"), 0] {
                #expect(text.containsUTF8(byte) == text.utf8.contains(byte), "\(text.debugDescription)")
            }
        }
    }

    /// `utf8Precedes` orders as the UTF-8 bytes do, and as `<` does for text in NFC.
    @Test func precedesAsTheUTF8Bytes() {
        var state: UInt64 = 19
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        func text() -> String {
            var text = ""
            for _ in 0..<next() % 5 { text += Self.pieces[next() % Self.pieces.count] }
            return next() % 3 == 0 ? String(text.dropFirst()) : text
        }
        for _ in 0..<3_000 {
            let (left, right) = (text(), next() % 4 == 0 ? "" : text())
            #expect(left.utf8Precedes(right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left.debugDescription) \(right.debugDescription)")
            #expect(left.utf8Precedes(right) == (left < right), "\(left.debugDescription) \(right.debugDescription)")
        }
        #expect("e\u{301}".utf8Precedes("é") && !("e\u{301}" < "é") && !("é" < "e\u{301}"))
    }
}
