import Foundation
import Testing
@testable import Catalog

/// What the library reports of a build's progress, and the throttle that decides what a
/// display shows (the terminal drawing itself is the command line's: see
/// ProgressEndToEndTests).
@Suite struct BuildProgressTests {
    @Test(arguments: [
        (BuildProgress.Stage.loading, 1234, 10000, "Loading 1,234/10,000"),
        (.pages, 5000, 110_000, "Pages 5,000/110,000"),
        (.thumbnails, 12, 200, "Thumbnails 12/200"),
        (.pages, 0, 999, "Pages 0/999"),
        (.loading, 1_000_000, 250_000_000, "Loading 1,000,000/250,000,000"),
    ])
    func lineNamesTheStageAndCountsWithThousandsSeparators(stage: BuildProgress.Stage, done: Int, total: Int,
                                                           text: String) {
        let progress = BuildProgress(stage: stage, done: done, total: total)
        #expect(progress.text == text)
        #expect(progress.left == total - done)
    }

    @Test func throttleShowsAtMostOneLinePerTenthOfASecondWithinAStage() {
        var throttle = ProgressThrottle()
        #expect(!throttle.hasShown)
        let page = { (done: Int) in BuildProgress(stage: .pages, done: done, total: 10000) }
        #expect(throttle.line(for: page(1), at: 0) == "Pages 1/10,000")
        #expect(throttle.hasShown)
        #expect(throttle.line(for: page(2), at: 0.05) == nil)
        #expect(throttle.line(for: page(3), at: 0.099) == nil)
        #expect(throttle.line(for: page(4), at: 0.1) == "Pages 4/10,000")
        // 10,000 reports over one second: 10 lines, never two within 0.1 s.
        var shown: [Double] = []
        for done in 1...10000 {
            let now = 1 + Double(done) / 10000
            if throttle.line(for: page(done), at: now) != nil { shown.append(now) }
        }
        #expect(shown.count == 10)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $1 - $0 >= 0.1 })
    }

    @Test func throttleShowsEachNewStageAtOnceAndNeverTheSameLineTwice() {
        var throttle = ProgressThrottle()
        #expect(throttle.line(for: BuildProgress(stage: .loading, done: 5, total: 5), at: 0) == "Loading 5/5")
        #expect(throttle.line(for: BuildProgress(stage: .thumbnails, done: 1, total: 3), at: 0.01) == "Thumbnails 1/3")
        #expect(throttle.line(for: BuildProgress(stage: .thumbnails, done: 2, total: 3), at: 0.02) == nil)
        #expect(throttle.line(for: BuildProgress(stage: .pages, done: 1, total: 9), at: 0.03) == "Pages 1/9")
        #expect(throttle.line(for: BuildProgress(stage: .pages, done: 1, total: 9), at: 0.5) == nil)
    }

    @Test func buildReportsLoadingThumbnailsAndPagesInOrderUpToTheirTotals() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let reports = Locked<[BuildProgress]>([])
        let content = ContentRoot(path: Repository.root.appendingPathComponent("content").path)
        let options = BuildOptions(content: content, output: output, cacheDirectory: nil,
                                   progress: { progress in reports.withLock { $0.append(progress) } })
        let result = try Build.run(options)
        #expect(result.wrote)
        let all = reports.withLock { $0 }
        var stages: [BuildProgress.Stage] = []
        for report in all where stages.last != report.stage { stages.append(report.stage) }
        #expect(stages == [.loading, .thumbnails, .pages])
        // One report per file, image or page, each count once, up to a total that never changes.
        for stage in stages {
            let counts = all.filter { $0.stage == stage }
            #expect(counts.map(\.done).sorted() == Array(1...counts.count), "\(stage)")
            #expect(Set(counts.map(\.total)) == [counts.count], "\(stage)")
        }
    }
}
