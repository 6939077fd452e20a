// Generated from catalog-build's Swift export (`SwiftExportTemplates.classKitMappings`), the one
// source of this code: do not edit; `SNAPSHOT_RECORD=1 swift test --filter CatalogRuntimeSourceTests`
// writes it again.
#if canImport(ClassKit)
import ClassKit
import Foundation
import ImageIO

@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, *)
extension ClassKitCatalog.Context {
    /// A new `CLSContext` with this context's type, identifier and title, and every other
    /// field set (`update`).
    public func makeCLSContext(locale: String,
                               thumbnail: CGImage? = nil) -> CLSContext {
        let context = CLSContext(type: type.classKit, identifier: identifier,
                                 title: text(title, locale: locale) ?? identifier)
        update(context, locale: locale, thumbnail: thumbnail)
        return context
    }

    /// Sets every field of `context` to this context's values in `locale` (after the app
    /// shipped new content, say). The thumbnail is set only when one is given.
    public func update(_ context: CLSContext, locale: String,
                       thumbnail: CGImage? = nil) {
        context.setType(type.classKit)
        context.title = text(title, locale: locale) ?? identifier
        context.summary = text(summary, locale: locale)
        context.customTypeName = text(customTypeName, locale: locale)
        context.topic = topic?.classKit
        context.displayOrder = displayOrder
        context.isAssignable = isAssignable
        context.suggestedAge = (suggestedAge ?? .unbounded).classKit
        context.suggestedCompletionTime = (suggestedCompletionTime ?? .unbounded).classKit
        context.resetProgressReportingCapabilities()
        let capabilities = progressReportingCapabilities.map {
            CLSProgressReportingCapability(kind: $0.kind.classKit, details: text($0.details, locale: locale))
        }
        if !capabilities.isEmpty { context.addProgressReportingCapabilities(Set(capabilities)) }
        context.universalLinkURL = universalLinkURL.flatMap { URL(string: $0) }
        if let thumbnail { context.thumbnail = thumbnail }
    }

    /// The thumbnail from the app's bundle, when the app copies the build's `thumbnails/`
    /// folder into it (as a folder reference named `thumbnails`).
    public func bundledThumbnail(in bundle: Bundle = .main, subdirectory: String? = "thumbnails") -> CGImage? {
        guard let thumbnail,
              let url = bundle.url(forResource: thumbnail, withExtension: nil, subdirectory: subdirectory),
              let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, 0, nil)
    }
}

@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, *)
extension ClassKitCatalog.ContextType {
    public var classKit: CLSContextType {
        switch self {
        case .none: return CLSContextType.none
        case .app: return .app
        case .chapter: return .chapter
        case .section: return .section
        case .level: return .level
        case .page: return .page
        case .task: return .task
        case .challenge: return .challenge
        case .quiz: return .quiz
        case .exercise: return .exercise
        case .lesson: return .lesson
        case .book: return .book
        case .game: return .game
        case .document: return .document
        case .audio: return .audio
        case .video: return .video
        case .course: return .course
        case .custom: return .custom
        }
    }
}

@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, *)
extension ClassKitCatalog.Topic {
    public var classKit: CLSContextTopic {
        switch self {
        case .artsAndMusic: return .artsAndMusic
        case .computerScienceAndEngineering: return .computerScienceAndEngineering
        case .healthAndFitness: return .healthAndFitness
        case .literacyAndWriting: return .literacyAndWriting
        case .math: return .math
        case .science: return .science
        case .socialScience: return .socialScience
        case .worldLanguage: return .worldLanguage
        }
    }
}

@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, *)
extension ClassKitCatalog.ProgressKind {
    public var classKit: CLSProgressReportingCapability.Kind {
        switch self {
        case .duration: return .duration
        case .percent: return .percent
        case .binary: return .binary
        case .quantity: return .quantity
        case .score: return .score
        }
    }
}

@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, *)
extension ClassKitCatalog.Bounds {
    /// The inclusive bounds as ClassKit's `NSRange`: `NSRange(lower...upper)`.
    public var classKit: NSRange {
        NSRange(location: Int(lower), length: Int(upper - lower) + 1)
    }
}
#endif
