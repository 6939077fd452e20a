import Foundation

/// The scaffold's cover: a 330×330 PNG (a diagonal gradient between two blues), made with
/// the tool's own encoder, so it is the same bytes on every run and needs no file in the
/// repository.
enum ScaffoldImage {
    static let side = 330

    static func cover() throws -> Data {
        var pixels = [UInt8]()
        pixels.reserveCapacity(side * side * 3)
        for y in 0..<side {
            for x in 0..<side {
                let t = (x + y) * 255 / (2 * (side - 1))
                pixels += [UInt8(30 + t / 4), UInt8(90 + t / 3), UInt8(200 - t / 5)]
            }
        }
        return try ImageCodec.encodePNG(PixelImage(width: side, height: side, channels: 3, pixels: pixels))
    }
}
