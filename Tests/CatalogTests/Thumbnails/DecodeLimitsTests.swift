import Foundation
import Testing
@testable import Catalog

/// The codec's budget (codec.h's cic_limits) at small sizes: a limit moved by a byte
/// decides, so every boundary is exact. End-to-end runs at full size are in
/// Security/ImageBudgetTests.swift.
@Suite("Decode limits: scans and memory")
struct DecodeLimitsTests {
    static let progressive444 = try! HostileImages.progressive(width: 512, height: 384, fullChroma: true)
    static let progressive420 = try! HostileImages.progressive(width: 500, height: 375, fullChroma: false)

    @Test func coefficientBuffersAreCountedAsLibjpegAllocatesThem() throws {
        // 4:4:4: 64×48 blocks in each of 3 components. 4:2:0 at 500×375: luma 63×47 blocks
        // rounded up to whole MCUs (64×48), chroma 32×24 each.
        #expect(HostileImages.coefficientBytes(width: 512, height: 384, fullChroma: true) == 3 * 64 * 48 * 128)
        #expect(HostileImages.coefficientBytes(width: 500, height: 375, fullChroma: false) == (64 * 48 + 2 * 32 * 24) * 128)
        for (data, fullChroma, size) in [(Self.progressive444, true, (512, 384)), (Self.progressive420, false, (500, 375))] {
            let needed = HostileImages.coefficientBytes(width: size.0, height: size.1, fullChroma: fullChroma)
            #expect(throws: ImageCodecError.overMemory(width: size.0, height: size.1, needed: needed, fileBytes: data.count,
                                                       limit: 1 << 19)) {
                try ImageCodec.decode(data, minimumWidth: 1, minimumHeight: 1, covering: nil, limits: limits(memory: 1 << 19))
            }
        }
    }

    @Test func theLimitCoversTheFileAndTheDecoder() throws {
        let data = Self.progressive444, needed = 3 * 64 * 48 * 128
        let refusal = ImageCodecError.overMemory(width: 512, height: 384, needed: needed, fileBytes: data.count,
                                                 limit: needed + data.count - 1)
        // One byte short of the coefficients and the file: refused from the header.
        #expect(throws: refusal) {
            try ImageCodec.decode(data, minimumWidth: 1, minimumHeight: 1, covering: nil, limits: limits(memory: needed + data.count - 1))
        }
        // Exactly enough for both, but libjpeg's other allocations count too: its own
        // limit (max_memory_to_use) refuses, with the same numbers.
        #expect(throws: ImageCodecError.overMemory(width: 512, height: 384, needed: needed, fileBytes: data.count,
                                                   limit: needed + data.count)) {
            try ImageCodec.decode(data, minimumWidth: 1, minimumHeight: 1, covering: nil, limits: limits(memory: needed + data.count))
        }
        let image = try ImageCodec.decode(data, minimumWidth: 512, minimumHeight: 384, covering: nil,
                                          limits: limits(memory: needed + data.count + (1 << 20))).image
        #expect(image.width == 512 && image.height == 384 && Array(image.pixel(x: 300, y: 200)) == [120, 130, 140])
    }

    @Test func aBaselineJPEGHoldsNoCoefficients() throws {
        let image = PixelImage(width: 512, height: 384, channels: 3, pixels: [UInt8](repeating: 90, count: 512 * 384 * 3))
        let data = try ImageCodec.encodeJPEG(image, quality: 90)
        let decoded = try ImageCodec.decode(data, minimumWidth: 512, minimumHeight: 384, covering: nil,
                                            limits: limits(memory: data.count + 1)).image
        #expect(decoded.width == 512 && decoded.height == 384)
    }

    @Test func aJPEGStopsAfterTheScanLimit() throws {
        let small = try HostileImages.progressive(width: 96, height: 96, fullChroma: false)
        #expect(HostileImages.scans(small) == 10)
        let atLimit = HostileImages.repeatingLastScan(small, times: 490), overLimit = HostileImages.repeatingLastScan(small, times: 491)
        #expect(HostileImages.scans(atLimit) == 500 && ImageCodec.maxScans == 500)
        let decoded = try ImageCodec.decode(atLimit, minimumWidth: 96, minimumHeight: 96)
        #expect(Array(decoded.pixel(x: 50, y: 50)) == [120, 130, 140])
        #expect(throws: ImageCodecError.tooManyScans(limit: 500)) {
            try ImageCodec.decode(overLimit, minimumWidth: 96, minimumHeight: 96)
        }
        #expect(throws: ImageCodecError.tooManyScans(limit: 11)) {
            try ImageCodec.decode(HostileImages.repeatingLastScan(small, times: 2), minimumWidth: 1, minimumHeight: 1,
                                  covering: nil, limits: DecodeLimits(memory: 1 << 30, scans: 11))
        }
    }

    @Test func aHugeProgressiveHeaderIsRefusedBeforeItsBuffersExist() {
        let data = HostileImages.claiming(width: 10000, height: 10000, Self.progressive444)
        let needed = HostileImages.coefficientBytes(width: 10000, height: 10000, fullChroma: true)
        #expect(needed == 600_000_000)
        #expect(throws: ImageCodecError.overMemory(width: 10000, height: 10000, needed: needed, fileBytes: data.count,
                                                   limit: 176 << 20)) {
            try ImageCodec.decode(data, minimumWidth: 1, minimumHeight: 1)
        }
    }

    @Test func theDiagnosticsNameTheLimitAndTheFix() {
        let memory = ThumbnailProblem.codec(.overMemory(width: 10000, height: 10000, needed: 600_000_000,
                                                        fileBytes: 40 << 20, limit: 176 << 20))
        #expect(memory.rule == "thumbnail-memory")
        #expect(memory.detail == "is a progressive JPEG of 10000×10000 pixels whose decoding needs 573 MB for its coefficients and 40 MB for its file, over the 176 MB an image may use; save it again as a baseline (non-progressive) JPEG, or scale it down below 23 megapixels")
        let scans = ThumbnailProblem.codec(.tooManyScans(limit: 500))
        #expect(scans.rule == "thumbnail-scans")
        #expect(scans.detail == "is a JPEG with more than 500 scans (a progressive JPEG usually has about 10), which would take minutes to decode; save it again as a baseline JPEG, or as a progressive JPEG with the encoder's default scans")
    }

    /// The generator of ImageBudgetTests' 100-megapixel PNG, checked at small sizes: every
    /// pass (some empty at these sides) decodes to black.
    @Test(arguments: [1, 5, 9, 300])
    func theHandMadeInterlacedPNGIsBlack(side: Int) throws {
        let data = InterlacedPNG.black(side: side)
        let image = try ImageCodec.decode(data, minimumWidth: side, minimumHeight: side)
        #expect(image.width == side && image.height == side && image.channels == 3)
        #expect(image.pixels == [UInt8](repeating: 0, count: side * side * 3))
    }

    private func limits(memory: Int) -> DecodeLimits { DecodeLimits(memory: memory, scans: ImageCodec.maxScans) }
}
