import Foundation

/// What a build that stopped before its thumbnails and site (at an error in loading or
/// validation) still checks, as `validate` checks it, so that every mistake is reported at
/// once: the site's logo and style sheets, and every thumbnail.
enum StoppedBuildChecks {
    /// The logo's and style sheets' problems, read as the site stage reads them.
    static func branding(_ model: CatalogModel, contentRoot: URL) -> [Diagnostic] {
        Branding.load(model.app.site, contentRoot: contentRoot, source: model.app.source).1
    }

    /// The logo's, the style sheets' and the thumbnails' problems, less those already
    /// reported at the same place.
    /// - Parameter cacheDirectory: where processed thumbnails are kept, as `BuildOptions` says.
    static func diagnostics(_ model: CatalogModel, content: ContentRoot, cacheDirectory: URL?,
                            alreadyReported: DiagnosticBag, timer: inout StageTimer) -> [Diagnostic] {
        branding(model, contentRoot: content.url) + timer.measure("thumbnails") {
            ThumbnailCheck.diagnostics(model: model, content: content, cacheDirectory: cacheDirectory,
                                       alreadyReported: alreadyReported)
        }
    }
}
