import Foundation
import Testing
@testable import Catalog

@Suite("Image codec (libjpeg, libpng)")
struct ImageCodecTests {
    /// Every fixture decodes at full size, turned upright, to the colours it was made of.
    @Test(arguments: ImageFixtures.decodableNames)
    func decodesFixtureToExpectedPixels(name: String) throws {
        let expected = try #require(ImageFixtures.expected[name])
        let data = ImageFixtures.data(name)
        let header = try ImageCodec.probe(data)
        #expect(header.orientation.rawValue == (expected.orientation ?? 1))
        #expect(header.displayWidth == expected.width && header.displayHeight == expected.height)
        let image = try ImageCodec.decode(data, minimumWidth: header.width, minimumHeight: header.height)
            .oriented(header.orientation)
        #expect(image.width == expected.width && image.height == expected.height)
        let tolerance = header.format == .jpeg ? 16 : 2
        for (index, sample) in expected.samples.enumerated() {
            let pixel = image.pixel(x: sample.x, y: sample.y)
            if expected.alphaOnly?.contains(index) == true {
                #expect(pixel.count == 4 && pixel.last == UInt8(sample.rgba[3]), "\(name) at \(sample.x),\(sample.y)")
            } else {
                #expect(colourDistance(pixel, sample.rgba) <= tolerance, "\(name) at \(sample.x),\(sample.y): \(Array(pixel)) vs \(sample.rgba)")
            }
        }
    }

    @Test(arguments: ["huge-60000.png", "huge-60000.jpg"])
    func hugeHeaderIsRefusedBeforeDecoding(name: String) {
        let data = ImageFixtures.data(name)
        #expect(throws: ImageCodecError.tooLarge(width: 60000, height: 60000)) { try ImageCodec.probe(data) }
        #expect(throws: ImageCodecError.tooLarge(width: 60000, height: 60000)) {
            try ImageCodec.decode(data, minimumWidth: 1, minimumHeight: 1)
        }
    }

    @Test(arguments: ["truncated.jpg", "truncated.png", "corrupt.jpg", "corrupt.png"])
    func damagedFileFailsWithTheLibrarysMessage(name: String) {
        let data = ImageFixtures.data(name)
        #expect {
            let header = try ImageCodec.probe(data)
            _ = try ImageCodec.decode(data, minimumWidth: header.width, minimumHeight: header.height)
        } throws: { error in
            guard case .corrupt(let format, let message)? = error as? ImageCodecError else { return false }
            return format == (name.hasSuffix("jpg") ? .jpeg : .png) && !message.isEmpty
        }
    }

    @Test func truncatedJPEGNamesThePrematureEnd() {
        let data = ImageFixtures.data("truncated.jpg")
        #expect(throws: ImageCodecError.corrupt(format: .jpeg, "Premature end of JPEG file")) {
            try ImageCodec.decode(data, minimumWidth: 1600, minimumHeight: 1200)
        }
    }

    @Test func textFileIsNotAnImage() {
        #expect {
            try ImageCodec.probe(ImageFixtures.data("not-an-image.png"))
        } throws: { error in
            guard case .unsupported(let message)? = error as? ImageCodecError else { return false }
            return message.contains("47 49 46 38")
        }
        #expect(throws: ImageCodecError.unsupported("the file is empty")) { try ImageCodec.probe(Data()) }
    }

    /// libjpeg's default handlers print to stderr (and exit); ours must stay silent.
    @Test func truncatedJPEGWritesNothingToStandardError() throws {
        let captured = try captureStandardError {
            _ = try? ImageCodec.decode(ImageFixtures.data("truncated.jpg"), minimumWidth: 1600, minimumHeight: 1200)
            _ = try? ImageCodec.decode(ImageFixtures.data("corrupt.jpg"), minimumWidth: 1600, minimumHeight: 1200)
        }
        // The test runner writes its own events to the same stream as tests start and end
        // on other threads (`◇ Test …JPEG… started`): only other lines are libjpeg's.
        let library = captured.split(separator: "\n").filter { line in
            !(line.drop { $0 == " " }.first.map { "◇✔✘↳".contains($0) } ?? false)
        }
        #expect(!library.contains { $0.contains("JPEG") }, "stderr got: \(captured)")
    }

    @Test func jpegDecodesAtTheSmallestSufficientDCTScale() throws {
        let data = ImageFixtures.data("large-1600x1200.jpg")
        let quarter = try ImageCodec.decode(data, minimumWidth: 400, minimumHeight: 300)
        #expect((quarter.width, quarter.height) == (400, 300))
        let threeEighths = try ImageCodec.decode(data, minimumWidth: 401, minimumHeight: 1)
        #expect((threeEighths.width, threeEighths.height) == (600, 450))
        let full = try ImageCodec.decode(data, minimumWidth: 5000, minimumHeight: 5000)
        #expect((full.width, full.height) == (1600, 1200))
    }

    /// A JPEG decodes only the columns and rows that cover the region asked for.
    @Test func jpegDecodesOnlyTheCoveredRegion() throws {
        let data = ImageFixtures.data("large-1600x1200.jpg")
        let centre = PixelRect(x: 200, y: 300, width: 1200, height: 600)
        let part = try ImageCodec.decode(data, minimumWidth: 800, minimumHeight: 600, covering: centre)
        #expect((part.scaledWidth, part.scaledHeight) == (800, 600))
        #expect(part.x <= 100 && part.x + part.image.width >= 700 && part.image.width < 800)
        #expect(part.y == 150 && part.image.height == 300)
        // Scaled (500, 200) is red, top left; (500, 400) is white, bottom right.
        #expect(colourDistance(part.image.pixel(x: 300 - part.x, y: 50), [255, 0, 0, 255]) <= 16)
        #expect(colourDistance(part.image.pixel(x: 500 - part.x, y: 250), [255, 255, 255, 255]) <= 16)
    }

    @Test func encodedImagesDecodeBackWithoutMetadata() throws {
        var pixels: [UInt8] = []
        for i in 0..<(90 * 80) {
            let alpha: UInt8 = i % 7 == 0 ? 0 : 255
            pixels += [UInt8(i % 256), 128, 64, alpha]
        }
        let image = PixelImage(width: 90, height: 80, channels: 4, pixels: pixels)
        let png = try ImageCodec.encodePNG(image)
        #expect(try ImageCodec.probe(png) == ImageHeader(format: .png, width: 90, height: 80, orientation: .up, hasAlpha: true))
        #expect(try ImageCodec.decode(png, minimumWidth: 90, minimumHeight: 80) == image)
        #expect(png.range(of: Data("tEXt".utf8)) == nil && png.range(of: Data("eXIf".utf8)) == nil)
        let jpeg = try ImageCodec.encodeJPEG(image, quality: 85)
        #expect(try ImageCodec.probe(jpeg) == ImageHeader(format: .jpeg, width: 90, height: 80, orientation: .up, hasAlpha: false))
        #expect(jpeg.range(of: Data("Exif".utf8)) == nil)
    }
}

/// Runs `body` with file descriptor 2 sent to a temporary file; returns what it got.
func captureStandardError(_ body: () throws -> Void) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    let saved = dup(2)
    dup2(handle.fileDescriptor, 2)
    defer {
        dup2(saved, 2)
        close(saved)
        try? handle.close()
    }
    try body()
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
}
