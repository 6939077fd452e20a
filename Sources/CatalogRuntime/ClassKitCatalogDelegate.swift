#if canImport(ClassKit)
import ClassKit
import Foundation
import ImageIO

/// A ready `CLSDataStoreDelegate`: creates each context Schoolwork or the app asks for
/// from the catalog. The data store holds its delegate weakly: keep this object, e.g.
///
///     let classKitDelegate = ClassKitCatalogDelegate(catalog: try ClassKitCatalog.bundled())
///     CLSDataStore.shared.delegate = classKitDelegate
@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, *)
public final class ClassKitCatalogDelegate: NSObject, CLSDataStoreDelegate {
    public let catalog: ClassKitCatalog
    public let locale: String
    private let thumbnail: (@Sendable (ClassKitCatalog.Context) -> CGImage?)?

    /// - Parameters:
    ///   - locale: the locale of the contexts' text; the user's preferred one by default.
    ///   - thumbnail: the image for a context, if the app has one (for example
    ///     `{ $0.bundledThumbnail() }`); nil leaves contexts without thumbnails.
    public init(catalog: ClassKitCatalog, locale: String? = nil,
                thumbnail: (@Sendable (ClassKitCatalog.Context) -> CGImage?)? = nil) {
        self.catalog = catalog
        self.locale = locale ?? catalog.preferredLocale
        self.thumbnail = thumbnail
        super.init()
    }

    public func createContext(forIdentifier identifier: String, parentContext: CLSContext,
                              parentIdentifierPath: [String]) -> CLSContext? {
        guard let context = catalog.context(at: parentIdentifierPath + [identifier]) else { return nil }
        return context.makeCLSContext(locale: locale, thumbnail: thumbnail?(context))
    }
}
#endif
