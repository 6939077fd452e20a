import Testing
@testable import Catalog

@Suite("Resampling, orientation and geometry")
struct ResamplerTests {
    private func image(_ width: Int, _ height: Int, channels: Int, _ pixel: (Int, Int) -> [UInt8]) -> PixelImage {
        let pixels = (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } }
        return PixelImage(width: width, height: height, channels: channels, pixels: pixels)
    }

    private func whole(_ image: PixelImage) -> SourceWindow {
        SourceWindow(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    }

    @Test func areaAverageOfACheckerboardIsMidGrey() {
        let checker = image(64, 64, channels: 3) { x, y in (x + y) % 2 == 0 ? [0, 0, 0] : [255, 255, 255] }
        let small = Resampler.resample(checker, window: whole(checker), width: 8, height: 8)
        #expect(small.pixels.allSatisfy { (127...128).contains($0) })
    }

    @Test func fractionalScaleKeepsAFlatColourFlat() {
        let flat = image(1000, 700, channels: 3) { _, _ in [200, 100, 50] }
        let window = SourceWindow(x: 150.4, y: 0, width: 700, height: 700)
        let small = Resampler.resample(flat, window: window, width: 330, height: 330)
        #expect((small.width, small.height) == (330, 330))
        #expect(small.pixels.enumerated().allSatisfy { $0.element == [200, 100, 50][$0.offset % 3] })
    }

    /// A transparent red pixel must not tint its opaque blue neighbour.
    @Test func alphaIsAveragedPremultiplied() {
        let pair = image(2, 1, channels: 4) { x, _ in x == 0 ? [255, 0, 0, 0] : [0, 0, 255, 255] }
        let one = Resampler.resample(pair, window: whole(pair), width: 1, height: 1)
        #expect(one.pixels == [0, 0, 255, 128])
    }

    @Test func windowSelectsTheCentre() {
        let stripes = image(30, 10, channels: 3) { x, _ in x < 10 || x >= 20 ? [0, 0, 0] : [255, 255, 255] }
        let centre = Resampler.resample(stripes, window: SourceWindow(x: 10, y: 0, width: 10, height: 10), width: 5, height: 5)
        #expect(centre.pixels.allSatisfy { $0 == 255 })
    }

    /// An interlaced PNG arrives pass by pass, as sparse rows; added up in the accumulator
    /// they must give what the whole decoded image gives (up to float summation order).
    @Test(arguments: ["png-rgb8-interlaced.png", "png-rgba8-interlaced.png"])
    func interlacedPassesAddUpToTheWholeImage(name: String) throws {
        let data = ImageFixtures.data(name)
        let window = SourceWindow(x: 3.5, y: 0, width: 90, height: 96)
        let expected = Resampler.resample(try ImageCodec.decode(data, minimumWidth: 1, minimumHeight: 1),
                                          window: window, width: 37, height: 40)
        var accumulator: AreaAccumulator?
        try ImageCodec.decodeRows(data, minimumWidth: 1, minimumHeight: 1, covering: nil,
                                  start: { layout in
                                      accumulator = AreaAccumulator(window: window, sourceWidth: layout.scaledWidth,
                                                                    sourceHeight: layout.scaledHeight, width: 37, height: 40,
                                                                    channels: layout.channels)
                                  },
                                  rows: { accumulator?.add($0) })
        let streamed = try #require(accumulator).image()
        #expect((streamed.width, streamed.height, streamed.channels) == (37, 40, expected.channels))
        let worst = zip(streamed.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
    }

    /// A 3×2 image numbered 1…6 row by row, under each orientation, read as displayed.
    @Test(arguments: [
        (Orientation.up, [1, 2, 3, 4, 5, 6]), (.mirrored, [3, 2, 1, 6, 5, 4]),
        (.upsideDown, [6, 5, 4, 3, 2, 1]), (.upsideDownMirrored, [4, 5, 6, 1, 2, 3]),
        (.transposed, [1, 4, 2, 5, 3, 6]), (.rotatedClockwise, [4, 1, 5, 2, 6, 3]),
        (.transverse, [6, 3, 5, 2, 4, 1]), (.rotatedCounterClockwise, [3, 6, 2, 5, 1, 4]),
    ])
    func orientationTurnsPixelsUpright(orientation: Orientation, shown: [Int]) {
        let numbered = PixelImage(width: 3, height: 2, channels: 3, pixels: (1...6).flatMap { [UInt8($0), 0, 0] })
        let upright = numbered.oriented(orientation)
        #expect((upright.width, upright.height) == (orientation.swapsAxes ? (2, 3) : (3, 2)))
        #expect(stride(from: 0, to: upright.pixels.count, by: 3).map { Int(upright.pixels[$0]) } == shown)
    }

    @Test func coverCropsTheCentredSquareOfTheShortSide() {
        let geometry = ThumbnailGeometry(width: 3000, height: 2000, fit: .cover, target: 330)
        #expect(geometry.window == SourceWindow(x: 500, y: 0, width: 2000, height: 2000))
        #expect((geometry.contentWidth, geometry.contentHeight, geometry.side) == (330, 330, 330))
        // Twice the thumbnail's resolution inside the window: 660 of 2000 → 990×660 overall.
        #expect(geometry.minimumDecodeSize(width: 3000, height: 2000) == (990, 660))
    }

    @Test func containKeepsTheWholeImage() {
        let geometry = ThumbnailGeometry(width: 600, height: 200, fit: .contain, target: 330)
        #expect(geometry.window == SourceWindow(x: 0, y: 0, width: 600, height: 200))
        #expect((geometry.contentWidth, geometry.contentHeight, geometry.side) == (330, 110, 330))
    }

    @Test func smallImagesAreNotEnlarged() {
        let cover = ThumbnailGeometry(width: 200, height: 150, fit: .cover, target: 330)
        #expect((cover.contentWidth, cover.side) == (150, 150))
        let contain = ThumbnailGeometry(width: 200, height: 150, fit: .contain, target: 330)
        #expect((contain.contentWidth, contain.contentHeight, contain.side) == (200, 150, 200))
    }

    @Test func opacityAndPadding() {
        let opaque = image(4, 2, channels: 4) { _, _ in [9, 9, 9, 255] }
        #expect(opaque.isOpaque)
        let padded = opaque.padded(toSquare: 4)
        #expect(!padded.isOpaque)
        #expect(Array(padded.pixel(x: 0, y: 0)) == [0, 0, 0, 0] && Array(padded.pixel(x: 0, y: 1)) == [9, 9, 9, 255])
    }
}
