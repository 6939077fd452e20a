import Foundation
import ImageIO

public enum CLSContextType: Int, @unchecked Sendable {
    case none = 0, app, chapter, section, level, page, task, challenge, quiz, exercise, lesson, book, game
    case document, audio, video, course, custom
}

public struct CLSContextTopic: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let math = CLSContextTopic(rawValue: "math")
    public static let science = CLSContextTopic(rawValue: "science")
    public static let literacyAndWriting = CLSContextTopic(rawValue: "literacyAndWriting")
    public static let worldLanguage = CLSContextTopic(rawValue: "worldLanguage")
    public static let socialScience = CLSContextTopic(rawValue: "socialScience")
    public static let computerScienceAndEngineering = CLSContextTopic(rawValue: "computerScienceAndEngineering")
    public static let artsAndMusic = CLSContextTopic(rawValue: "artsAndMusic")
    public static let healthAndFitness = CLSContextTopic(rawValue: "healthAndFitness")
}

open class CLSObject: NSObject {}

open class CLSProgressReportingCapability: CLSObject {
    public enum Kind: Int, @unchecked Sendable {
        case duration = 0, percent, binary, quantity, score
    }

    open var kind: Kind
    open var details: String?

    public init(kind: Kind, details: String?) {
        self.kind = kind
        self.details = details
    }
}

open class CLSContext: CLSObject {
    open private(set) var type: CLSContextType
    open var identifier: String
    open var title: String
    open var summary: String?
    open var customTypeName: String?
    open var topic: CLSContextTopic?
    open var displayOrder: Int = 0
    open var isAssignable: Bool = true
    open var suggestedAge = NSRange(location: 0, length: Int.max)
    open var suggestedCompletionTime = NSRange(location: 0, length: Int.max)
    open private(set) var progressReportingCapabilities: Set<CLSProgressReportingCapability> = []
    open var universalLinkURL: URL?
    open var thumbnail: CGImage?

    public init(type: CLSContextType, identifier: String, title: String) {
        self.type = type
        self.identifier = identifier
        self.title = title
    }

    open func setType(_ type: CLSContextType) { self.type = type }
    open func addProgressReportingCapabilities(_ capabilities: Set<CLSProgressReportingCapability>) {}
    open func resetProgressReportingCapabilities() {}
}

public protocol CLSDataStoreDelegate: NSObjectProtocol {
    func createContext(forIdentifier identifier: String, parentContext: CLSContext,
                       parentIdentifierPath: [String]) -> CLSContext?
}
