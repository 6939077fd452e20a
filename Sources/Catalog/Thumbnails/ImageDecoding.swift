import CImageCodec
import Foundation

/// The budget of one decode (codec.h's cic_limits): the file's bytes and the decoder's
/// memory together, and a JPEG's scans. The defaults are the tool's; tests scale them down.
public struct DecodeLimits: Hashable, Sendable {
    /// Bytes: the file plus what the decoder allocates (`CIC_IMAGE_MEMORY`, 176 MB).
    public var memory: Int = ImageCodec.imageMemory
    /// A JPEG's scans (`CIC_MAX_SCANS`, 500, as TurboJPEG's scan limit).
    public var scans: Int = ImageCodec.maxScans

    public init() {}

    public init(memory: Int, scans: Int) { (self.memory, self.scans) = (memory, scans) }
}

/// What an open decode will deliver, known before the first row.
public struct DecodeLayout: Hashable, Sendable {
    /// The whole image at the decode scale (JPEG: DCT-scaled; PNG: the stored size).
    public var scaledWidth: Int
    public var scaledHeight: Int
    /// 3 (RGB) or 4 (RGBA, straight alpha).
    public var channels: Int
    /// The part of the scaled image that the rows cover.
    public var region: PixelRect
}

/// A batch of decoded rows, lent for the duration of one call: rows `y`, `y + yStep`, …
/// of the scaled image, each holding `width` pixels for the columns `x`, `x + xStep`, ….
/// The steps are 1 except in the passes of an interlaced PNG. A pixel is always 4 bytes:
/// RGBA, or RGB and a filler when `channels` is 3 (one 32-bit load in the resampler).
struct DecodedRows {
    var y: Int, yStep: Int, count: Int
    var x: Int, xStep: Int, width: Int
    var channels: Int
    /// Bytes from one row to the next.
    var stride: Int
    var base: UnsafePointer<UInt8>

    func row(_ index: Int) -> UnsafePointer<UInt8> { base + index * stride }
}

extension ImageCodec {
    /// Decodes row by row: `start` gets the layout, then `rows` each batch as it comes out
    /// of libjpeg or libpng, into one reused buffer of a few rows. No buffer for the whole
    /// image exists, so memory stays bounded whatever the image's size; the pixel budget is
    /// still checked from the header before anything is allocated.
    ///
    /// A JPEG is decoded at the smallest DCT scale of at least `minimumWidth` ×
    /// `minimumHeight`, and only the part covering `region` (stored pixels) gets an IDCT.
    /// The batch is decoded into `rowBuffer` (a worker's, kept between images).
    ///
    /// `limits` bound the file and the decoder's memory together and a JPEG's scans; past
    /// them the decode stops with `overMemory` or `tooManyScans` (the pixel budget,
    /// `tooLarge`, is fixed).
    static func decodeRows(_ data: Data, minimumWidth: Int, minimumHeight: Int, covering region: PixelRect?,
                           limits: DecodeLimits = DecodeLimits(), rowBuffer: ReusableBuffer<UInt8> = ReusableBuffer(),
                           start: (DecodeLayout) -> Void, rows: (DecodedRows) -> Void) throws(ImageCodecError) {
        let outcome: Result<Void, ImageCodecError> = data.withUnsafeBytes { raw in
            var session = DecodeSession(format: sniff(data), buffer: rowBuffer, limits: limits)
            return session.run(raw.bindMemory(to: UInt8.self), minimum: (minimumWidth, minimumHeight),
                               region: region, start: start, rows: rows)
        }
        try outcome.get()
    }
}

/// One decode's C calls and message buffer (CIC_MESSAGE_CAPACITY bytes).
private struct DecodeSession {
    let format: ImageFormat?
    let buffer: ReusableBuffer<UInt8>
    let limits: DecodeLimits
    /// The size of the file being decoded, which counts against `limits.memory`.
    var fileBytes = 0
    var text = [CChar](repeating: 0, count: Int(CIC_MESSAGE_CAPACITY))

    init(format: ImageFormat?, buffer: ReusableBuffer<UInt8>, limits: DecodeLimits) {
        (self.format, self.buffer, self.limits) = (format, buffer, limits)
    }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, minimum: (width: Int, height: Int), region: PixelRect?,
                      start: (DecodeLayout) -> Void, rows: (DecodedRows) -> Void) -> Result<Void, ImageCodecError> {
        fileBytes = bytes.count
        var decoder: OpaquePointer?
        var stream = cic_stream()
        var wanted = region.map { cic_rect(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height)) }
            ?? cic_rect()
        var budget = cic_limits(memory: Int64(limits.memory), scans: Int32(clamping: limits.scans))
        let (width, height) = (Int32(clamping: minimum.width), Int32(clamping: minimum.height))
        let capacity = text.count
        let opened = region == nil
            ? cic_open(bytes.baseAddress, bytes.count, width, height, nil, &budget, &decoder, &stream, &text, capacity)
            : cic_open(bytes.baseAddress, bytes.count, width, height, &wanted, &budget, &decoder, &stream, &text, capacity)
        guard opened == Int32(CIC_OK.rawValue), let decoder else {
            return .failure(failure(opened, stream))
        }
        defer { cic_close(decoder) }
        start(stream.layout)
        return read(decoder, stream, rows)
    }

    /// Reads every batch into one buffer of `batch_rows` rows and hands each to `rows`.
    private mutating func read(_ decoder: OpaquePointer, _ stream: cic_stream, _ rows: (DecodedRows) -> Void)
        -> Result<Void, ImageCodecError> {
        let stride = Int(stream.row_pixels) * 4
        let buffer = self.buffer.take(Int(stream.batch_rows) * stride)
        let capacity = text.count
        while true {
            var batch = cic_batch()
            let status = cic_read(decoder, buffer, &batch, &text, capacity)
            guard status == Int32(CIC_OK.rawValue) else { return .failure(failure(status, stream)) }
            guard batch.rows > 0 else { return .success(()) }
            rows(DecodedRows(y: Int(batch.y), yStep: Int(batch.y_step), count: Int(batch.rows),
                             x: Int(batch.x), xStep: Int(batch.x_step), width: Int(batch.width),
                             channels: Int(stream.channels), stride: stride, base: UnsafePointer(buffer)))
        }
    }

    /// The error for a status of cic_open or cic_read; the limits' failures carry their numbers.
    private func failure(_ status: Int32, _ stream: cic_stream) -> ImageCodecError {
        switch cic_status(rawValue: UInt32(bitPattern: status)) {
        case CIC_TOO_LARGE:
            return .tooLarge(width: Int(stream.width), height: Int(stream.height))
        case CIC_OVER_MEMORY:
            return .overMemory(width: Int(stream.width), height: Int(stream.height), needed: Int(stream.decoder_memory),
                               fileBytes: fileBytes, limit: limits.memory)
        case CIC_TOO_MANY_SCANS:
            return .tooManyScans(limit: limits.scans)
        case let other:
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return ImageCodec.error(other, format, message)
        }
    }
}

private extension cic_stream {
    var layout: DecodeLayout {
        DecodeLayout(scaledWidth: Int(scaled_width), scaledHeight: Int(scaled_height), channels: Int(channels),
                     region: PixelRect(x: Int(region.x), y: Int(region.y), width: Int(region.width), height: Int(region.height)))
    }
}

/// Gathers streamed rows into one image of the decoded region, for `ImageCodec.decode`.
struct RegionCollector {
    let layout: DecodeLayout
    private var pixels: [UInt8]

    init(_ layout: DecodeLayout) {
        self.layout = layout
        pixels = [UInt8](repeating: 0, count: layout.region.width * layout.region.height * layout.channels)
    }

    mutating func add(_ rows: DecodedRows) {
        let region = layout.region, channels = layout.channels
        pixels.withUnsafeMutableBufferPointer { out in
            for i in 0..<rows.count {
                let y = rows.y + i * rows.yStep - region.y
                guard (0..<region.height).contains(y) else { continue }
                let source = rows.row(i)
                for k in 0..<rows.width {
                    let x = rows.x + k * rows.xStep - region.x
                    guard (0..<region.width).contains(x) else { continue }
                    let target = (y * region.width + x) * channels
                    for c in 0..<channels { out[target + c] = source[k * 4 + c] }
                }
            }
        }
    }

    var region: DecodedRegion {
        let image = PixelImage(width: layout.region.width, height: layout.region.height, channels: layout.channels, pixels: pixels)
        return DecodedRegion(image: image, x: layout.region.x, y: layout.region.y,
                             scaledWidth: layout.scaledWidth, scaledHeight: layout.scaledHeight)
    }
}
