/// 8-bit interleaved pixels, top row first: RGB (3 channels) or RGBA with straight alpha (4).
public struct PixelImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var channels: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * channels, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// The samples of one pixel (3 or 4 values).
    public func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = (y * width + x) * channels
        return pixels[start..<start + channels]
    }

    /// True when no pixel is even slightly transparent: such a thumbnail is a JPEG.
    public var isOpaque: Bool {
        guard channels == 4 else { return true }
        return pixels.withUnsafeBufferPointer { buffer in
            stride(from: 3, to: buffer.count, by: 4).allSatisfy { buffer[$0] == 255 }
        }
    }

    /// The image centred on a transparent square canvas of `side` × `side` (RGBA).
    func padded(toSquare side: Int) -> PixelImage {
        let left = (side - width) / 2, top = (side - height) / 2
        var canvas = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<height {
            for x in 0..<width {
                let source = pixel(x: x, y: y)
                let target = ((top + y) * side + left + x) * 4
                canvas[target] = source[source.startIndex]
                canvas[target + 1] = source[source.startIndex + 1]
                canvas[target + 2] = source[source.startIndex + 2]
                canvas[target + 3] = channels == 4 ? source[source.startIndex + 3] : 255
            }
        }
        return PixelImage(width: side, height: side, channels: 4, pixels: canvas)
    }

    /// The image turned upright: `orientation` says how the stored pixels must be
    /// transformed for display. Applied after resampling, so it only touches thumbnail pixels.
    func oriented(_ orientation: Orientation) -> PixelImage {
        guard orientation != .up else { return self }
        let outWidth = orientation.swapsAxes ? height : width
        let outHeight = orientation.swapsAxes ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let (sx, sy) = orientation.storedPosition(ofDisplayed: (x, y), storedSize: (width, height))
                let from = (sy * width + sx) * channels, to = (y * outWidth + x) * channels
                for c in 0..<channels { out[to + c] = pixels[from + c] }
            }
        }
        return PixelImage(width: outWidth, height: outHeight, channels: channels, pixels: out)
    }
}

/// EXIF orientation: how the stored pixels must be transformed to be shown upright.
public enum Orientation: Int, Sendable, Hashable, CaseIterable {
    case up = 1, mirrored = 2, upsideDown = 3, upsideDownMirrored = 4
    case transposed = 5, rotatedClockwise = 6, transverse = 7, rotatedCounterClockwise = 8

    /// Values outside 1...8 mean "as stored", as browsers treat them.
    public init(exif: Int) { self = Orientation(rawValue: exif) ?? .up }

    /// Orientations 5–8 turn the image by a quarter: width and height trade places.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The stored pixel shown at displayed position (x, y).
    func storedPosition(ofDisplayed p: (x: Int, y: Int), storedSize s: (width: Int, height: Int)) -> (Int, Int) {
        let (lastX, lastY) = (s.width - 1, s.height - 1)
        switch self {
        case .up: return (p.x, p.y)
        case .mirrored: return (lastX - p.x, p.y)
        case .upsideDown: return (lastX - p.x, lastY - p.y)
        case .upsideDownMirrored: return (p.x, lastY - p.y)
        case .transposed: return (p.y, p.x)
        case .rotatedClockwise: return (p.y, lastY - p.x)
        case .transverse: return (lastX - p.y, lastY - p.x)
        case .rotatedCounterClockwise: return (lastX - p.y, p.x)
        }
    }
}
