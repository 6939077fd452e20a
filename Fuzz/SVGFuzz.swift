import Foundation

/// libFuzzer entry point (built by scripts/fuzz with the library's rendering code): the
/// input as a linked SVG file. `SVGSanitizer` must refuse it or publish a copy, never
/// crash or hang; a published copy must be read back by the same reader and come out of a
/// second pass unchanged with nothing removed (so nothing the first pass would remove is in
/// it), and, read back, must hold no element or attribute that runs script and no link elsewhere.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size))
    guard case .published(let copy, _, _) = SVGSanitizer.sanitize(bytes) else { return 0 }
    guard case .published(let again, let removals, let more) = SVGSanitizer.sanitize(copy) else {
        fatalError("the copy is refused: \(String(decoding: copy, as: UTF8.self))")
    }
    guard again == copy, removals.isEmpty, more == 0 else {
        fatalError("a second pass changes the copy: \(String(decoding: copy, as: UTF8.self)) → \(removals)")
    }
    // Read back: no element that runs script or holds HTML, no handler, no link elsewhere.
    var reader = XMLReader(copy)
    while let event = try? reader.next() {
        guard case .start(let name, let attributes, _) = event else { continue }
        guard !["script", "foreignObject", "handler", "listener"].contains(name) else { fatalError("the copy keeps <\(name)>") }
        for attribute in attributes {
            let lowered = attribute.name.lowercased(), value = LinkPolicy.cleaned(attribute.value).lowercased()
            guard !lowered.hasPrefix("on") else { fatalError("the copy keeps \(attribute.name)") }
            if lowered.hasSuffix("href") && !["#", "https://", "http://", "mailto:", "data:image/"].contains(where: value.hasPrefix) {
                fatalError("the copy keeps \(attribute.name)=\"\(attribute.value)\"")
            }
        }
    }
    return 0
}
