import Foundation

/// A thumbnail's pixels before JPEG or PNG encoding, written losslessly as PNG: what the
/// benchmark (bench/thumbnails) compares with a reference resampler, so that its quality
/// figure measures the decode and the resampling, not the JPEG encoder's losses.
public enum ThumbnailPixels {
    public static func png(of data: Data, fit: ThumbnailFit, settings: ThumbnailSettings = ThumbnailSettings()) throws -> Data {
        let header = try ImageCodec.probe(data)
        let geometry = ThumbnailGeometry(width: header.width, height: header.height, fit: fit, target: settings.side)
        let image = try ThumbnailRenderer(settings: settings).pixels(data, header: header, geometry: geometry, fit: fit)
        return try ImageCodec.encodePNG(image)
    }
}
