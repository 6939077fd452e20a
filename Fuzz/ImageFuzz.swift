import Foundation

/// libFuzzer entry point for the thumbnails stage's image readers (scripts/fuzz image):
/// `ImageCodec.probe` reads a PNG or JPEG header, and an image whose header passes the
/// size limits is decoded as the thumbnails stage would (to at least 330×330), then
/// streamed through the area resampler into a thumbnail, cropped or padded (the last
/// byte picks). The C codec installs its own libjpeg error manager; any bytes must give
/// a value or an error. A PNG that the fast path (png_fast.c) takes is also decoded by
/// libpng alone, and the two must agree (Fuzz/png_differential.c).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let header = try? ImageCodec.probe(bytes) else { return 0 }
    // Large but valid headers are legitimate; decoding them only measures memory.
    guard header.width * header.height <= 4_000_000 else { return 0 }
    precondition(pngPathsDiffer(data, size) == 0, "png_fast.c and libpng decode this PNG differently")
    if let image = try? ImageCodec.decode(bytes, minimumWidth: 330, minimumHeight: 330) {
        precondition(image.pixels.count == image.width * image.height * image.channels, "pixel buffer size")
    }
    let fit: ThumbnailFit = (bytes.last ?? 0) & 1 == 0 ? .cover : .contain
    let geometry = ThumbnailGeometry(width: header.width, height: header.height, fit: fit, target: 330)
    if let thumbnail = try? ThumbnailRenderer(settings: ThumbnailSettings())
        .render(bytes, header: header, geometry: geometry, fit: fit) {
        precondition(thumbnail.side <= 330 && !thumbnail.data.isEmpty, "thumbnail size")
    }
    return 0
}

/// Fuzz/png_differential.c: 1 when png_fast.c takes the PNG and decodes it otherwise than
/// libpng (other pixels, or one fails where the other reads every row).
@_silgen_name("cic_fuzz_png_paths_differ")
func pngPathsDiffer(_ data: UnsafeRawPointer, _ size: Int) -> CInt
