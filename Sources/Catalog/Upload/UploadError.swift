import Foundation

/// Why an upload stopped. Every description is meant for the person running the
/// command: what failed, what Apple said, and what to do. None of them ever quotes
/// the private key.
public enum UploadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The files `build` wrote are missing or malformed.
    case badInput(String, String)
    /// Credentials are missing or the key file is unusable: a command-line problem.
    case usage(String)
    /// The state file cannot be read or written.
    case state(String, String)
    /// The run was stopped from outside (cancelled) before it finished.
    case interrupted(String)
    /// Apple (or the network) refused an operation on one item.
    case rejected(subject: String, failure: APIFailure)

    /// Escaped for the terminal: paths and names come from the manifest, failures
    /// from the server.
    public var description: String { TerminalText.escape(text) }

    private var text: String {
        switch self {
        case .badInput(let path, let reason): "\(path): \(reason)"
        case .usage(let reason): reason
        case .state(let path, let reason): "state file \(path): \(reason)"
        case .interrupted(let reason): "the upload was interrupted (\(reason)); run it again to resume"
        case .rejected(let subject, let failure): "\(subject): \(failure)"
        }
    }

    /// True when the command line, not the service, is at fault (exit status 2).
    public var isUsageError: Bool {
        if case .usage = self { return true }
        return false
    }
}

/// What the Catalog API answered when an operation did not succeed.
public struct APIFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status, the status object's `statusCode`, or nil for a network failure.
    public var status: Int?
    public var error: AppleError?
    /// A network error or a body that is not Apple's JSON, shortened.
    public var detail: String?

    public init(status: Int?, error: AppleError? = nil, detail: String? = nil) {
        self.status = status
        self.error = error
        self.detail = detail
    }

    public var description: String {
        var parts: [String] = []
        if let status { parts.append("HTTP \(status)") }
        if let error {
            parts.append([error.code, error.message].compactMap { $0 }.joined(separator: ": "))
            if let id = error.id { parts.append("(error id \(id))") }
        } else if let detail, !detail.isEmpty {
            parts.append(detail)
        }
        let advice = self.advice
        return TerminalText.escape(parts.joined(separator: " ") + (advice.isEmpty ? "" : ". " + advice))
    }

    /// Plain advice for the failures whose cause is known (catalog-api.md §4, §5).
    public var advice: String {
        switch (error?.code, status) {
        case ("INVALID_IDENTIFIER_PATH", _):
            "Register the App ID (the bundle identifier) in your developer account, then create the ClassKit Catalog key; a key made before the App ID cannot manage it."
        case ("THUMBNAIL_NOT_REFERENCED", _):
            "Upload the contexts that use this thumbnail first; run `catalog-build build` again and re-run the upload."
        case (_, 401?), (_, 403?):
            "Apple did not accept the credentials: check the key id (--key-id), the team id (--team-id), that the .p8 key belongs to them and has ClassKit Catalog enabled, and that this machine's clock is right."
        case (_, .some(300..<400)):
            "The upload never follows a redirect, so that the token goes only to --api-url: set --api-url to the address that answers."
        case (_, 400?):
            "Apple rejected the request: fix the content it names, run `catalog-build build` and upload again."
        case (_, nil):
            "Check the network connection and --api-url, then run the upload again; it resumes where it stopped."
        default:
            "Run the upload again later; it resumes where it stopped."
        }
    }
}

/// Apple's error object: `{code, id, message}` (catalog-api.md §2.10, §4.2).
public struct AppleError: Sendable, Equatable, Codable {
    public var code: String?
    public var id: String?
    public var message: String?

    public init(code: String?, id: String?, message: String?) {
        self.code = code
        self.id = id
        self.message = message
    }

    /// Parses an error body tolerantly: `{code,id,message}`, then `{"error":{…}}`, then
    /// `{"errors":[{…}]}`; nil when the body holds none of those.
    public static func parse(_ body: Data) -> AppleError? {
        guard let json = try? JSONReader.parse(body) else { return nil }
        return [json, json["error"], json["errors"]?.arrayValue?.first].lazy.compactMap { $0.flatMap(from) }.first
    }

    /// The error in one JSON object, when it has a code or a message.
    static func from(_ object: JSON) -> AppleError? {
        let found = AppleError(
            code: object["code"]?.stringValue, id: object["id"]?.stringValue,
            message: object["message"]?.stringValue ?? object["detail"]?.stringValue)
        return found.code != nil || found.message != nil ? found : nil
    }

    /// A readable excerpt of a body that is not Apple's JSON.
    static func rawExcerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return TerminalText.escape(text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces))
    }
}
