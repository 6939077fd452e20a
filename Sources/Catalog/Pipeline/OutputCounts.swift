/// What a build wrote, counted from the output's file names for the summary that `build`
/// prints: HTML pages, thumbnails, and Catalog API request files.
public struct OutputCounts: Equatable, Sendable {
    public var pages = 0
    public var thumbnails = 0
    public var payloadRequests = 0

    public init() {}

    public init(paths: some Sequence<String>) {
        for path in paths {
            if path.hasSuffix(".html") {
                pages += 1
            } else if path.hasPrefix("thumbnails/") {
                thumbnails += 1
            } else if path.hasPrefix("catalog/contexts-") {
                payloadRequests += 1
            }
        }
    }
}
