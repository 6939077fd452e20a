import Foundation

/// Reading content files with every failure turned into a diagnostic.
enum ContentFiles {
    static func readText(_ url: URL, file: SourceFile, into bag: inout DiagnosticBag) -> String? {
        readText(path: url.path, file: file, into: &bag)
    }

    /// By path: building a URL per file (`appendingPathComponent`) showed in profiles.
    /// - Parameter noFollow: refuse a final symbolic link (the path was already resolved).
    static func readText(path: String, file: SourceFile, noFollow: Bool = false, into bag: inout DiagnosticBag) -> String? {
        readIdentifiedText(path: path, file: file, noFollow: noFollow, into: &bag)?.text
    }

    /// `readText`, with the identity of the file read.
    static func readIdentifiedText(path: String, file: SourceFile, noFollow: Bool = false, into bag: inout DiagnosticBag)
        -> (text: String, identity: ContentFile.Identity)? {
        switch SourceText.readIdentified(path: path, noFollow: noFollow) {
        case .success(let read):
            return read
        case .failure(.tooLarge(let size)):
            bag.error("file-too-large", at: file.location(),
                      "the file has \(size) bytes, more than the \(SourceText.maximumBytes / 1_048_576) MiB a content file may have; split it or remove it")
        case .failure(.notUTF8(let line, let column)):
            bag.error("encoding", at: file.location(line: line, column: column),
                      "the file is not UTF-8 text (the first invalid byte is here); save it as UTF-8")
        case .failure(.notRegular(let kind)):
            bag.error("file-not-regular", at: file.location(), ContentFile.notRegularMessage("the file", is: kind))
        case .failure(.unreadable(let reason)):
            bag.error("encoding", at: file.location(), "the file cannot be read: \(reason)")
        }
        return nil
    }
}
