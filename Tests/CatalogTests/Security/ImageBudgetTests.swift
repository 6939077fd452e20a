import Foundation
import Testing
@testable import Catalog

/// Images have a budget (SECURITY.md): a JPEG stops after 500 scans (`thumbnail-scans`), a
/// progressive JPEG's coefficients and file fit in 176 MB (`thumbnail-memory`), and a
/// header over 100 megapixels is refused (`thumbnail-too-large`), so that one image keeps
/// the whole process under 256 MB. Each case runs `validate` and `build` (which makes every
/// thumbnail in both) with a time limit, measures peak memory, and checks that nothing
/// outside the output changed. The images are made at test time (HostileImages.swift).
@Suite(.serialized) struct ImageBudgetTests {
    private static let memoryLimit = 256 << 20

    /// A catalog with one quiz whose thumbnail is `_media/NAME`.
    private static func work(image name: String, _ data: Data) throws -> HostileWork {
        let work = try HostileWork()
        try work.write("quiz.md", "---\ntitle: Quiz\nsummary: A short quiz.\nthumbnail: _media/\(name)\n---\n\nA body.\n")
        try work.write("_media/\(name)", data)
        return work
    }

    /// `validate` then `build` on `work`, each safe, under 256 MB and within `seconds`; the
    /// listing outside the output unchanged.
    private static func runBoth(_ work: HostileWork, seconds: Double,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [HostileOutcome] {
        let outputs = ["out", "out/site", "cache", ".catalog-cache"]
        let before = work.listing(excluding: outputs)
        let runs = try [["validate", "--content", "content"],
                        ["build", "--content", "content", "--output", "out/site", "--cache", "cache"]].map {
            let outcome = try HostileRun.run($0, in: work, seconds: seconds)
            outcome.expectSafe(memoryLimit: memoryLimit, sourceLocation: sourceLocation)
            return outcome
        }
        #expect(work.listing(excluding: outputs) == before, "something outside the output changed", sourceLocation: sourceLocation)
        return runs
    }

    private static func errors(_ outcome: HostileOutcome) -> [String] {
        (outcome.stdout + outcome.stderr).split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
    }

    /// Issue #16: a progressive JPEG whose last scan is repeated 2,000 times took 64 s and
    /// 624 MB. Now the decoder stops at the 501st scan.
    @Test func aScanRepeatedTwoThousandTimesStopsAtTheScanLimit() throws {
        let small = try HostileImages.progressive(width: 1000, height: 800, fullChroma: false)
        let work = try Self.work(image: "scans.jpg", HostileImages.repeatingLastScan(small, times: 2000))
        defer { work.remove() }
        for outcome in try Self.runBoth(work, seconds: 10) {
            #expect(outcome.status == 1)
            #expect(Self.errors(outcome) == ["content/quiz.md:4:12: error: thumbnail '_media/scans.jpg' is a JPEG with more than 500 scans (a progressive JPEG usually has about 10), which would take minutes to decode; save it again as a baseline JPEG, or as a progressive JPEG with the encoder's default scans [thumbnail-scans]"])
        }
    }

    /// Issue #16: a 100-megapixel progressive JPEG took 623 MB. Its header now says what its
    /// coefficients need, and it is refused before they exist. (The header is a real one
    /// over a small image's scans: were it believed, libjpeg would zero 573 MB of
    /// coefficients before finding the data short, and the memory limit would catch it.)
    @Test func aHundredMegapixelProgressiveJPEGIsRefusedFromItsHeader() throws {
        let small = try HostileImages.progressive(width: 512, height: 384, fullChroma: true)
        let work = try Self.work(image: "huge.jpg", HostileImages.claiming(width: 10000, height: 10000, small))
        defer { work.remove() }
        for outcome in try Self.runBoth(work, seconds: 10) {
            #expect(outcome.status == 1)
            #expect(Self.errors(outcome) == ["content/quiz.md:4:12: error: thumbnail '_media/huge.jpg' is a progressive JPEG of 10000×10000 pixels whose decoding needs 573 MB for its coefficients, over the 176 MB an image may use; save it again as a baseline (non-progressive) JPEG, or scale it down below 30 megapixels [thumbnail-memory]"])
            #expect(outcome.peakMemory < 128 << 20, "peak memory \(outcome.peakMemory >> 20) MB")
        }
    }

    /// What the limit is for: a 24-megapixel progressive photo at full colour resolution
    /// (4:4:4, as Photoshop and Lightroom export at high quality) needs 137 MB of
    /// coefficients, and builds, with the whole process under 256 MB.
    @Test func aTwentyFourMegapixelProgressivePhotoBuildsUnder256MB() throws {
        let photo = try HostileImages.progressive(width: 6000, height: 4000, fullChroma: true)
        #expect(HostileImages.coefficientBytes(width: 6000, height: 4000, fullChroma: true) == 144_000_000)
        let work = try Self.work(image: "photo.jpg", photo)
        defer { work.remove() }
        for outcome in try Self.runBoth(work, seconds: 60) {
            #expect(outcome.status == 0, "\(outcome.stderr.suffix(500))")
            #expect(Self.errors(outcome) == [])
        }
        let thumbnails = work.root.appendingPathComponent("out/site/thumbnails")
        #expect(try FileManager.default.contentsOfDirectory(atPath: thumbnails.path).count == 1)
    }

    /// The README's claim: an interlaced PNG is streamed pass by pass. At 16 megapixels
    /// (48 MB decoded whole; the 100-megapixel case, measured by hand, takes a minute in a
    /// debug build) the process stays within a few MB of what it needs without an image.
    @Test func anInterlacedPNGStreams() throws {
        let work = try Self.work(image: "big.png", InterlacedPNG.black(side: 4000))
        defer { work.remove() }
        for outcome in try Self.runBoth(work, seconds: 60) {
            #expect(outcome.status == 0, "\(outcome.stderr.suffix(500))")
            #expect(outcome.peakMemory < 64 << 20, "peak memory \(outcome.peakMemory >> 20) MB")
        }
    }

    /// The pixel budget is unchanged: a header over 100 megapixels is refused before any
    /// allocation, in both commands.
    @Test func aPNGHeaderOverTheBudgetIsRefused() throws {
        let work = try Self.work(image: "bomb.png", ImageFixtures.data("huge-60000.png"))
        defer { work.remove() }
        for outcome in try Self.runBoth(work, seconds: 10) {
            #expect(outcome.status == 1)
            #expect(Self.errors(outcome) == ["content/quiz.md:4:12: error: thumbnail '_media/bomb.png' is 60000×60000 pixels, over the limit of 100 megapixels and 30000 pixels on a side; scale the image down before adding it [thumbnail-too-large]"])
        }
    }
}
