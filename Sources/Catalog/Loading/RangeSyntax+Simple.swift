import Foundation

extension RangeSyntax {
    /// The forms nearly every file writes (`9-11`, `9+`, `9`, `15-20 min`, `30+ h`), read
    /// from the UTF-8 bytes without trimming, lowercasing or splitting strings. Anything
    /// else (spaces around the dash, an en dash, decimals, a unit `units` lacks, more than
    /// 15 digits, non-ASCII) returns nil and goes through `parseGeneral`, which gives the
    /// same result for every text this accepts (`RangeSyntaxTests` compares the two).
    static func parseSimple(_ text: String, units: [String: Decimal]) -> Result<ClosedIntRange, Failure>? {
        var scanner = SimpleRangeScanner(bytes: Array(text.utf8))
        guard let lower = scanner.number() else { return nil }
        let isOpen = scanner.take(UInt8(ascii: "+"))
        var upper = lower
        if !isOpen, scanner.take(UInt8(ascii: "-")) {
            guard let number = scanner.number() else { return nil }
            upper = number
        }
        guard let factor = scanner.unitFactor(units) else { return nil }
        let low = lower * factor, high = upper * factor
        guard high < ClosedIntRange.unboundedUpper else { return nil }
        if isOpen { return .success(ClosedIntRange(lower: low, upper: ClosedIntRange.unboundedUpper)) }
        return low <= high ? .success(ClosedIntRange(lower: low, upper: high)) : .failure(.reversed(lower: low, upper: high))
    }
}

/// A cursor over the bytes of a simple range.
private struct SimpleRangeScanner {
    let bytes: [UInt8]
    var index = 0

    /// 1 to 15 ASCII digits.
    mutating func number() -> Int64? {
        var value: Int64 = 0, count = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), count < 16 {
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        return (1...15).contains(count) ? value : nil
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The rest: nothing (factor 1), or spaces and an ASCII unit that `units` knows.
    mutating func unitFactor(_ units: [String: Decimal]) -> Int64? {
        guard index < bytes.count else { return 1 }
        while take(UInt8(ascii: " ")) {}
        let letters = bytes[index...]
        guard !letters.isEmpty, letters.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else {
            return nil
        }
        switch units[String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)] {
        case 1?: return 1
        case 60?: return 60
        default: return nil
        }
    }
}
