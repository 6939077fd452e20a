import Foundation

extension ClassKitCatalog {
    /// Apple's `CLSContextType`.
    public enum ContextType: String, Sendable, CaseIterable, Codable {
        case none, app, chapter, section, level, page, task, challenge, quiz, exercise
        case lesson, book, game, document, audio, video, course, custom
    }

    /// Apple's `CLSContextTopic`.
    public enum Topic: String, Sendable, CaseIterable, Codable {
        case artsAndMusic, computerScienceAndEngineering, healthAndFitness, literacyAndWriting
        case math, science, socialScience, worldLanguage
    }

    /// Apple's `CLSProgressReportingCapability.Kind`.
    public enum ProgressKind: String, Sendable, CaseIterable, Codable {
        case duration, percent, binary, quantity, score
    }

    /// Inclusive bounds (years or minutes), as the catalog's payloads send them.
    public struct Bounds: Sendable, Hashable {
        /// Apple's open upper bound, `Int.max - 1` on 64-bit platforms.
        public static let unboundedUpper: Int64 = 9_223_372_036_854_775_806
        public static let unbounded = Bounds(lower: 0, upper: unboundedUpper)

        public let lower: Int64
        public let upper: Int64

        public var isUpperUnbounded: Bool { upper >= Self.unboundedUpper }
    }

    /// A progress reporting capability: its kind and its details per locale.
    public struct Capability: Sendable, Hashable {
        public let kind: ProgressKind
        public let details: [String: String]
    }

    /// One context, with every field its `CLSContext` has; text per locale.
    public struct Context: Sendable, Hashable {
        public let identifierPath: [String]
        public let type: ContextType
        public let title: [String: String]
        public let summary: [String: String]
        public let customTypeName: [String: String]
        /// The locales the context is published in, in the catalog's order.
        public let locales: [String]
        public let topic: Topic?
        public let isAssignable: Bool
        /// True when the app runs this activity in assessment mode (`beginAssessmentIfNeeded`).
        public let isAssessment: Bool
        public let suggestedAge: Bounds?
        public let suggestedCompletionTime: Bounds?
        public let progressReportingCapabilities: [Capability]
        public let displayOrder: Int
        /// The thumbnail's file name in the build's `thumbnails/` folder, if any.
        public let thumbnail: String?
        public let universalLinkURL: String?
        /// The children's identifiers, in display order.
        public let children: [String]
        /// The catalog's default locale, for `text(_:locale:)`.
        let defaultLocale: String

        /// The last element of the identifier path.
        public var identifier: String { identifierPath[identifierPath.count - 1] }

        /// `text` in `locale`, else in the default locale, else in the first locale that has it.
        public func text(_ text: [String: String], locale: String) -> String? {
            text[locale] ?? text[defaultLocale] ?? locales.lazy.compactMap { text[$0] }.first
        }
    }
}
