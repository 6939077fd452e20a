import CImageCodec
import Foundation

/// The image formats a thumbnail may have (catalog-api.md §3.6 T3).
public enum ImageFormat: String, Sendable, Hashable {
    case jpeg, png

    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
    public var contentType: String { self == .jpeg ? "image/jpeg" : "image/png" }
}

/// What an image file's header says, read without decoding any pixel.
public struct ImageHeader: Hashable, Sendable {
    public var format: ImageFormat
    /// The size as stored, before the orientation is applied.
    public var width: Int
    public var height: Int
    public var orientation: Orientation
    /// True for a PNG with an alpha channel or a transparent colour.
    public var hasAlpha: Bool

    /// The size as the image is shown, after its orientation is applied.
    public var displayWidth: Int { orientation.swapsAxes ? height : width }
    public var displayHeight: Int { orientation.swapsAxes ? width : height }
}

/// A rectangle of pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// Part of an image, decoded at a scale: `image` sits at (`x`, `y`) in the whole image
/// as decoded at that scale (`scaledWidth` × `scaledHeight`).
public struct DecodedRegion: Sendable {
    public var image: PixelImage
    public var x: Int
    public var y: Int
    public var scaledWidth: Int
    public var scaledHeight: Int
}

/// Why an image could not be read or written; the text is libjpeg's or libpng's own.
public enum ImageCodecError: Error, Hashable, Sendable {
    /// Neither PNG nor JPEG.
    case unsupported(String)
    /// The decoder gave up: the file is truncated, damaged or an unsupported variant.
    case corrupt(format: ImageFormat?, String)
    /// The header claims more pixels than the budget (`CIC_MAX_PIXELS`, `CIC_MAX_SIDE`).
    case tooLarge(width: Int, height: Int)
    /// A multi-scan (progressive) JPEG whose coefficient buffers (`needed` bytes) and file
    /// would exceed `limit` bytes (`DecodeLimits.memory`); refused before they are allocated.
    case overMemory(width: Int, height: Int, needed: Int, fileBytes: Int, limit: Int)
    /// A JPEG with more scans than `limit` (`DecodeLimits.scans`).
    case tooManyScans(limit: Int)
    case encodeFailed(String)
}

/// With ImageDecoding.swift, the only Swift that calls the C codec: everything else sees
/// Swift values.
public enum ImageCodec {
    /// The pixel budget, enforced from the header before anything is allocated.
    public static let maxPixels = Int(CIC_MAX_PIXELS)
    public static let maxSide = Int(CIC_MAX_SIDE)
    /// The default `DecodeLimits`: an image's file and decoder memory, a JPEG's scans.
    public static let imageMemory = Int(CIC_IMAGE_MEMORY)
    public static let maxScans = Int(CIC_MAX_SCANS)

    /// Reads format, size and orientation. Cheap: no pixel is decoded.
    public static func probe(_ data: Data) throws(ImageCodecError) -> ImageHeader {
        var header = cic_header()
        let (status, message) = call(data) { bytes, count, text, capacity in
            cic_probe(bytes, count, &header, text, capacity)
        }
        let format: ImageFormat? = header.format == Int32(CIC_FORMAT_JPEG.rawValue) ? .jpeg
            : header.format == Int32(CIC_FORMAT_PNG.rawValue) ? .png : nil
        if status == CIC_TOO_LARGE {
            throw .tooLarge(width: Int(header.width), height: Int(header.height))
        }
        guard status == CIC_OK, let format else { throw error(status, sniff(data), message) }
        return ImageHeader(format: format, width: Int(header.width), height: Int(header.height),
                           orientation: Orientation(exif: Int(header.orientation)),
                           hasAlpha: header.hasAlphaFlag)
    }

    /// Decodes the whole image at the smallest size that is still at least `minimumWidth`
    /// × `minimumHeight` (JPEG scales by eighths in the DCT domain; PNG decodes at full size).
    public static func decode(_ data: Data, minimumWidth: Int, minimumHeight: Int) throws(ImageCodecError) -> PixelImage {
        try decode(data, minimumWidth: minimumWidth, minimumHeight: minimumHeight, covering: nil).image
    }

    /// Like `decode(_:minimumWidth:minimumHeight:)`, but a JPEG decodes only the part that
    /// covers `region` (in stored pixels), skipping the IDCT of what is cropped away.
    ///
    /// This holds the whole decoded region in memory; thumbnails stream rows instead
    /// (`decodeRows`), and this is for tests and tools.
    public static func decode(_ data: Data, minimumWidth: Int, minimumHeight: Int, covering region: PixelRect?,
                              limits: DecodeLimits = DecodeLimits()) throws(ImageCodecError) -> DecodedRegion {
        var collector: RegionCollector?
        try decodeRows(data, minimumWidth: minimumWidth, minimumHeight: minimumHeight, covering: region, limits: limits,
                       start: { collector = RegionCollector($0) }, rows: { collector?.add($0) })
        guard let collector else { throw .corrupt(format: nil, "the decoder delivered no image") }
        return collector.region
    }

    /// JPEG at `quality` (4:2:0, no metadata). Alpha, if present, is ignored.
    public static func encodeJPEG(_ image: PixelImage, quality: Int) throws(ImageCodecError) -> Data {
        try encode(image) { pixels, output, size, text, capacity in
            cic_encode_jpeg(pixels, Int32(image.width), Int32(image.height), Int32(image.channels),
                            Int32(quality), output, size, text, capacity)
        }
    }

    /// A progressive JPEG (libjpeg's standard 10 scans), 4:2:0 or at full colour
    /// resolution (4:4:4); for tests and tools, thumbnails are baseline.
    public static func encodeProgressiveJPEG(_ image: PixelImage, quality: Int, fullChroma: Bool) throws(ImageCodecError) -> Data {
        let options = cic_jpeg_options(quality: Int32(quality), progressive: 1, full_chroma: fullChroma ? 1 : 0)
        return try encode(image) { pixels, output, size, text, capacity in
            cic_encode_jpeg_with(pixels, Int32(image.width), Int32(image.height), Int32(image.channels),
                                 options, output, size, text, capacity)
        }
    }

    /// PNG, RGB or RGBA by the image's channels, no metadata.
    public static func encodePNG(_ image: PixelImage) throws(ImageCodecError) -> Data {
        try encode(image) { pixels, output, size, text, capacity in
            cic_encode_png(pixels, Int32(image.width), Int32(image.height), Int32(image.channels),
                           output, size, text, capacity)
        }
    }
}

extension ImageCodec {
    private typealias Encoder = (UnsafePointer<UInt8>?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                                 UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int) -> Int32

    private static func encode(_ image: PixelImage, _ encoder: Encoder) throws(ImageCodecError) -> Data {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let capacity = Int(CIC_MESSAGE_CAPACITY)
        var text = [CChar](repeating: 0, count: capacity)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            encoder(pixels.baseAddress, &output, &size, &text, capacity)
        }
        defer { cic_free(output) }
        guard status == Int32(CIC_OK.rawValue), let output else {
            throw .encodeFailed(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Data(bytes: output, count: size)
    }

    /// Runs a C call over the file's bytes with a message buffer; returns status and message.
    static func call(
        _ data: Data,
        _ body: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) -> (cic_status, String) {
        var text = [CChar](repeating: 0, count: Int(CIC_MESSAGE_CAPACITY))
        let status = data.withUnsafeBytes { raw in
            text.withUnsafeMutableBufferPointer { buffer in
                body(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, buffer.baseAddress!, buffer.count)
            }
        }
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (cic_status(rawValue: UInt32(bitPattern: status)), message)
    }

    static func sniff(_ data: Data) -> ImageFormat? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        return nil
    }

    static func error(_ status: cic_status, _ format: ImageFormat?, _ message: String) -> ImageCodecError {
        switch status {
        case CIC_UNSUPPORTED: .unsupported(message)
        case CIC_ENCODE_FAILED: .encodeFailed(message)
        default: .corrupt(format: format, message)
        }
    }
}

private extension cic_header {
    var hasAlphaFlag: Bool { has_alpha != 0 }
}
