import Foundation

/// libFuzzer entry point (built by scripts/fuzz with the library's rendering code): the
/// input as an author's style sheet. `CSSReferences.scan` must never crash or hang; its
/// references must be in order, apart and inside the input; and writing each again (as
/// the site does, `CSSReferences.replacement`) must leave a sheet whose references are
/// the same ones, in the same places among the same other bytes, each naming what it was
/// given: a rewrite never makes a reference appear, vanish or turn into an import.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size))
    let references = CSSReferences.scan(bytes)
    var rewritten: [UInt8] = []
    var copied = 0
    for (number, reference) in references.enumerated() {
        guard reference.range.lowerBound >= copied, reference.range.upperBound <= bytes.count,
              !reference.range.isEmpty else {
            fatalError("reference \(number) at \(reference.range) overlaps or leaves the input")
        }
        rewritten += bytes[copied..<reference.range.lowerBound]
        rewritten += CSSReferences.replacement("../media/\(number) \"x\"\\.png", for: reference).utf8
        copied = reference.range.upperBound
    }
    rewritten += bytes[copied...]
    let again = CSSReferences.scan(rewritten)
    let expected = references.indices.map { "../media/\($0) \"x\"\\.png" }
    guard again.map(\.value) == expected, again.map(\.isImport) == references.map(\.isImport) else {
        fatalError("the rewritten sheet names \(again.map(\.value)), not \(expected): \(String(decoding: rewritten, as: UTF8.self))")
    }
    return 0
}
