// Standard library features that Linux has with Swift 6 but macOS only from 15 on, while
// the package supports macOS 13 (Package.swift): each with what macOS 13 and 14 do instead.
// (The preview server's tasks, which need task executors, are in Serve/PreviewHTTPServer.swift:
// `serveTask`.)

/// The text of `bytes`, or nil when they are not UTF-8: `String(validating:as:)`; before
/// macOS 15, decoding with repair and comparing, since repair changes the bytes exactly
/// when they are not UTF-8.
func validatedUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    if #available(macOS 15, *) { return String(validating: bytes, as: UTF8.self) }
    return validatedUTF8ByRepair(bytes)
}

/// `validatedUTF8` before macOS 15 (a function of its own so that Linux tests it too).
func validatedUTF8ByRepair<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let repaired = String(decoding: bytes, as: UTF8.self)
    return repaired.utf8.elementsEqual(bytes) ? repaired : nil
}
