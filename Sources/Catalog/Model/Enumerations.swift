/// Apple's `CLSContextType`, as the Catalog API spells it (catalog-api.md §8.1).
public enum ContextType: String, CaseIterable, Sendable, Codable {
    case none, app, chapter, section, level, page, task, challenge, quiz, exercise
    case lesson, book, game, document, audio, video, course, custom
}

/// Apple's `CLSContextTopic` (catalog-api.md §8.2).
public enum Topic: String, CaseIterable, Sendable, Codable {
    case artsAndMusic, computerScienceAndEngineering, healthAndFitness, literacyAndWriting
    case math, science, socialScience, worldLanguage
}

/// Apple's `CLSProgressReportingCapability.Kind` (catalog-api.md §8.3).
public enum ProgressKind: String, CaseIterable, Sendable, Codable {
    case duration, percent, binary, quantity, score
}

/// How a thumbnail is made square: crop the centre, or keep the whole image padded.
public enum ThumbnailFit: String, CaseIterable, Sendable, Codable {
    case cover, contain
}

/// What happens to a context that has no translation in a locale (content-format.md §5).
public enum MissingTranslationPolicy: String, CaseIterable, Sendable, Codable {
    case fallback, omit, error
}
