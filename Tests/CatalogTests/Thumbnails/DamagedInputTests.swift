import Foundation
import Testing
@testable import Catalog

/// Untrusted bytes must never crash the codec or make it print: every damaged file either
/// decodes to the size its header promised or fails with an `ImageCodecError`.
@Suite("Damaged input")
struct DamagedInputTests {
    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: ["orient-6.jpg", "jpeg-progressive.jpg", "jpeg-cmyk-adobe.jpg", "png-rgba8-interlaced.png", "png-palette4.png"])
    func mutatedFilesFailCleanly(name: String) throws {
        let original = [UInt8](ImageFixtures.data(name))
        var random = Generator(state: UInt64(original.count))
        var decoded = 0, refused = 0
        for _ in 0..<150 {
            var bytes = original
            for _ in 0...random.next(4) { bytes[random.next(bytes.count)] = UInt8(random.next(256)) }
            if random.next(3) == 0 { bytes.removeLast(random.next(bytes.count / 2)) }
            do {
                let header = try ImageCodec.probe(Data(bytes))
                let image = try ImageCodec.decode(Data(bytes), minimumWidth: 1, minimumHeight: 1)
                #expect(image.width <= header.width && image.height <= header.height)
                decoded += 1
            } catch {
                // Typed throws: the error is an ImageCodecError by construction.
                refused += 1
            }
        }
        #expect(decoded + refused == 150 && refused > 0)
    }
}
