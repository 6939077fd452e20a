import Foundation

/// A finished thumbnail: the bytes as they will be uploaded.
struct EncodedThumbnail: Sendable {
    var data: Data
    var format: ImageFormat
    var side: Int
}

/// Turns one source image into thumbnail bytes: decode small, resample the window,
/// turn upright, pad (contain), then JPEG when fully opaque, else PNG.
struct ThumbnailRenderer: Sendable {
    var settings: ThumbnailSettings

    func render(_ data: Data, header: ImageHeader, geometry: ThumbnailGeometry, fit: ThumbnailFit) throws(ImageCodecError)
        -> EncodedThumbnail {
        let minimum = geometry.minimumDecodeSize(width: header.width, height: header.height)
        let decoded = try ImageCodec.decode(data, minimumWidth: minimum.width, minimumHeight: minimum.height,
                                            covering: geometry.coveredPixels)
        let window = geometry.window(in: decoded, stored: (header.width, header.height))
        var image = Resampler.resample(decoded.image, window: window, width: geometry.contentWidth, height: geometry.contentHeight)
            .oriented(header.orientation)
        if fit == .contain, image.width != image.height {
            image = image.padded(toSquare: geometry.side)
        }
        if image.isOpaque {
            return EncodedThumbnail(data: try ImageCodec.encodeJPEG(image, quality: settings.jpegQuality), format: .jpeg, side: geometry.side)
        }
        return EncodedThumbnail(data: try ImageCodec.encodePNG(image), format: .png, side: geometry.side)
    }
}
