import Foundation

/// libFuzzer entry point (built by scripts/fuzz with the library's rendering code): the
/// input as a fenced code block's text, coloured in every language `CodeHighlighter`
/// knows. It must never crash or hang; its spans must be whole (`<span class="hl-…">`,
/// never nested, each closed before the next opens); and the text without them must be
/// exactly the plain block's HTML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    // Only valid UTF-8: a code block reaches the renderer as a `String` read from a checked file.
    guard text.utf8.elementsEqual(bytes) else { return 0 }
    let plain = HTMLBuilder()
    plain.text(text)
    let expected = plain.string
    for (names, language) in CodeLanguage.definitions {
        let out = HTMLBuilder()
        CodeHighlighter.write(text, as: language, into: out)
        CodeFuzz.check(out.string, names: names, expected: expected, input: text)
    }
    return 0
}

enum CodeFuzz {
    static let open = Array("<span class=\"hl-".utf8), close = Array("</span>".utf8)

    /// The plain text has no `<` (it is escaped), so each `<` of the output starts a span's
    /// tag: an opening one (`<span class="hl-X">`, X one letter) outside a span, or the
    /// closing one inside.
    static func check(_ html: String, names: String, expected: String, input: String) {
        let bytes = Array(html.utf8)
        var text: [UInt8] = [], index = 0, inside = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            if !inside, bytes[index...].starts(with: open), index + open.count + 3 <= bytes.count,
               bytes[index + open.count + 1] == UInt8(ascii: "\""), bytes[index + open.count + 2] == UInt8(ascii: ">") {
                index += open.count + 3
                inside = true
            } else if inside, bytes[index...].starts(with: close) {
                index += close.count
                inside = false
            } else {
                fatalError("\(names): a stray or nested tag at byte \(index) of \(html.debugDescription) for \(input.debugDescription)")
            }
        }
        guard !inside else { fatalError("\(names): a span left open in \(html.debugDescription) for \(input.debugDescription)") }
        guard String(decoding: text, as: UTF8.self) == expected else {
            fatalError("\(names): the text is not the plain block's: \(html.debugDescription) for \(input.debugDescription)")
        }
    }
}
