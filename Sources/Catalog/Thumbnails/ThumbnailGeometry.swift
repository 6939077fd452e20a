/// The fixed parameters of every thumbnail; all of them are part of the cache key.
public struct ThumbnailSettings: Hashable, Sendable {
    /// The side Apple recommends (catalog-api.md §3.6 T2).
    public var side: Int = 330
    /// Apple ignores thumbnails under this many pixels on a side.
    public var minimumSide: Int = 80
    public var jpegQuality: Int = 85
    /// What one decode may use: the file and the decoder's memory together, and a JPEG's
    /// scans. With the tool's own memory (about 40 MB) an image stays under 256 MB.
    public var limits = DecodeLimits()
    /// Source files larger than this are refused before being read into memory: the
    /// image's whole memory budget, which a file that size would leave no room in.
    public var maximumFileBytes: Int = DecodeLimits().memory

    /// Bump whenever decoding, resampling or encoding changes its output, so thumbnails
    /// cached by an older build are made again.
    public static let codecVersion = 2

    public init() {}

    var cacheSalt: String { "codec \(Self.codecVersion), side \(side), quality \(jpegQuality)" }
}

/// Which part of the stored image a thumbnail shows and at what size, worked out from the
/// header alone. Everything is in stored orientation until `side`, which is the square
/// thumbnail's side once it is upright (and padded, for `contain`).
struct ThumbnailGeometry: Hashable, Sendable {
    /// The shown region of the stored image: the centred square (cover) or all of it (contain).
    var window: SourceWindow
    /// The resampled size of that region.
    var contentWidth: Int
    var contentHeight: Int
    /// The side of the square thumbnail.
    var side: Int

    init(width: Int, height: Int, fit: ThumbnailFit, target: Int) {
        switch fit {
        case .cover:
            let short = min(width, height)
            side = min(target, short)
            window = SourceWindow(x: Double((width - short) / 2), y: Double((height - short) / 2),
                                  width: Double(short), height: Double(short))
            (contentWidth, contentHeight) = (side, side)
        case .contain:
            let long = max(width, height)
            side = min(target, long)
            window = SourceWindow(x: 0, y: 0, width: Double(width), height: Double(height))
            contentWidth = max(1, Int((Double(width) * Double(side) / Double(long)).rounded()))
            contentHeight = max(1, Int((Double(height) * Double(side) / Double(long)).rounded()))
        }
    }

    /// Smallest decode (of the whole stored image) that still holds twice the thumbnail's
    /// resolution inside the window: enough for the area filter to antialias well, while
    /// a JPEG can skip most of the DCT work.
    func minimumDecodeSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let perSourceX = 2 * Double(contentWidth) / window.width
        let perSourceY = 2 * Double(contentHeight) / window.height
        return (Int((Double(width) * perSourceX).rounded(.up)), Int((Double(height) * perSourceY).rounded(.up)))
    }

    /// The stored pixels the window touches: all a decode needs to produce.
    var coveredPixels: PixelRect {
        let x = Int(window.x.rounded(.down)), y = Int(window.y.rounded(.down))
        return PixelRect(x: x, y: y, width: Int((window.x + window.width).rounded(.up)) - x,
                         height: Int((window.y + window.height).rounded(.up)) - y)
    }

    /// The window in the pixels of the whole image as decoded at `layout`'s scale, for an
    /// image stored at `stored` size.
    func window(scaledTo layout: DecodeLayout, stored: (width: Int, height: Int)) -> SourceWindow {
        let fx = Double(layout.scaledWidth) / Double(stored.width), fy = Double(layout.scaledHeight) / Double(stored.height)
        return SourceWindow(x: window.x * fx, y: window.y * fy, width: window.width * fx, height: window.height * fy)
    }
}
