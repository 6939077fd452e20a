import Foundation

/// Readers for values that catalog.yml and front matter share.
enum SharedFields {
    /// A quoted string of dot-separated numbers; an unquoted number is an error that says
    /// to quote it, since YAML reads 2.10 as 2.1.
    static func bundleVersion(_ node: YAMLNode, reader: inout FieldReader) -> String? {
        guard case .scalar(let text, let isPlain) = node.value, !node.isNull else {
            reader.typeError("minimumBundleVersion", node, expected: "a quoted version such as \"2.1\"")
            return nil
        }
        if isPlain, text.first?.isNumber == true {
            reader.diagnostics.error("bundle-version", at: node.location,
                                     "minimumBundleVersion \(text) must be quoted, or YAML may read it as a number (2.10 becomes 2.1); write \"\(text)\"")
            return nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            reader.diagnostics.error("bundle-version", at: node.location,
                                     "minimumBundleVersion '\(text)' must be numbers separated by dots, such as \"2.1\" or \"10.5.12\"")
            return nil
        }
        return text
    }

    /// An absolute http(s) URL.
    static func absoluteURL(_ key: String, _ node: YAMLNode, reader: inout FieldReader) -> String? {
        guard let text = reader.text(key, node) else { return nil }
        guard isAbsoluteURL(text.value) else {
            reader.diagnostics.error("universal-link", at: text.location,
                                     "\(key) '\(text.value)' is not an absolute URL; write the full address, starting with https://")
            return nil
        }
        return text.value
    }

    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else { return false }
        return !text.contains(" ")
    }
}
