import Foundation

/// A finished thumbnail: the bytes as they will be uploaded.
struct EncodedThumbnail: Sendable {
    var data: Data
    var format: ImageFormat
    var side: Int
}

/// Turns one source image into thumbnail bytes: decode small while resampling the window,
/// turn upright, pad (contain), then JPEG when fully opaque, else PNG.
struct ThumbnailRenderer: Sendable {
    var settings: ThumbnailSettings

    func render(_ data: Data, header: ImageHeader, geometry: ThumbnailGeometry, fit: ThumbnailFit,
                buffers: WorkerBuffers = WorkerBuffers()) throws(ImageCodecError) -> EncodedThumbnail {
        let image = try pixels(data, header: header, geometry: geometry, fit: fit, buffers: buffers)
        if image.isOpaque {
            return EncodedThumbnail(data: try ImageCodec.encodeJPEG(image, quality: settings.jpegQuality), format: .jpeg, side: geometry.side)
        }
        return EncodedThumbnail(data: try ImageCodec.encodePNG(image), format: .png, side: geometry.side)
    }

    /// The thumbnail's pixels, upright and padded, before they are encoded.
    func pixels(_ data: Data, header: ImageHeader, geometry: ThumbnailGeometry, fit: ThumbnailFit,
                buffers: WorkerBuffers = WorkerBuffers()) throws(ImageCodecError) -> PixelImage {
        let image = try resample(data, header: header, geometry: geometry, buffers: buffers).oriented(header.orientation)
        guard fit == .contain, image.width != image.height else { return image }
        return image.padded(toSquare: geometry.side)
    }

    /// Streams the decode into the area filter, so only a few decoded rows and the
    /// thumbnail's sums are ever in memory, whatever the image's size.
    private func resample(_ data: Data, header: ImageHeader, geometry: ThumbnailGeometry,
                          buffers: WorkerBuffers) throws(ImageCodecError) -> PixelImage {
        let minimum = geometry.minimumDecodeSize(width: header.width, height: header.height)
        var accumulator: AreaAccumulator?
        try ImageCodec.decodeRows(data, minimumWidth: minimum.width, minimumHeight: minimum.height,
                                  covering: geometry.coveredPixels, limits: settings.limits, rowBuffer: buffers.rows,
                                  start: { layout in
                                      let window = geometry.window(scaledTo: layout, stored: (header.width, header.height))
                                      accumulator = AreaAccumulator(window: window, sourceWidth: layout.scaledWidth,
                                                                    sourceHeight: layout.scaledHeight, width: geometry.contentWidth,
                                                                    height: geometry.contentHeight, channels: layout.channels,
                                                                    buffers: buffers)
                                  },
                                  rows: { accumulator?.add($0) })
        guard let accumulator else { throw .corrupt(format: header.format, "the decoder delivered no image") }
        return accumulator.image()
    }
}
