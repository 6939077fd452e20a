import Foundation
import Testing
@testable import Catalog

/// Metadata coverage for writers: per book, how many assignable activities have a
/// thumbnail, a suggested age, a completion time and progress reporting.
@Suite struct MetadataCoverageTests {
    static let files = [
        "science/index.md": "---\ntitle: Science\nsummary: Experiments.\n---\n",
        "science/01-measure.md": """
            ---
            title: Measure
            summary: Measure things.
            thumbnail: measure.png
            suggestedAge: 9-11
            suggestedCompletionTime: 15-20 min
            progressReporting: [{kind: percent, details: "Share of the steps done"}]
            ---
            """,
        "science/02-forces.md": "---\ntitle: Forces\nsummary: Push and pull.\nsuggestedAge: 9-11\n---\n",
        "science/03-notes.md": "---\ntitle: Notes\nsummary: For teachers.\nassignable: false\n---\n",
        "geometry-and-measures/index.md": "---\ntitle: Geometry\nsummary: Shapes.\n---\n",
        "geometry-and-measures/quiz.md": "---\ntitle: Quiz\nsummary: Ten questions.\nsuggestedCompletionTime: 10 min\n---\n",
        "empty/index.md": "---\ntitle: Empty\nsummary: Nothing to assign yet.\n---\n",
    ]

    static func coverage() throws -> MetadataCoverage {
        let content = try TempContent(files)
        defer { content.remove() }
        try content.write("science/measure.png", try image())
        let model = try #require(content.load().model)
        return MetadataCoverage(model: model)
    }

    static func image() throws -> Data {
        try ImageCodec.encodePNG(PixelImage(width: 400, height: 400, channels: 3,
                                            pixels: [UInt8](repeating: 200, count: 400 * 400 * 3)))
    }

    @Test func countsAssignableActivitiesPerBook() throws {
        let entries = try Self.coverage().entries
        #expect(entries == [
            .init(book: "empty", activities: 0, thumbnail: 0, suggestedAge: 0, completionTime: 0, progressReporting: 0),
            .init(book: "geometry-and-measures", activities: 1, thumbnail: 0, suggestedAge: 0, completionTime: 1,
                  progressReporting: 0),
            .init(book: "science", activities: 2, thumbnail: 1, suggestedAge: 2, completionTime: 1, progressReporting: 1),
        ])
    }

    @Test func textReport() throws {
        #expect(CoverageReport.text(try Self.coverage()) == """
            Metadata of assignable activities:
              book                   activities  thumbnail   age         time        progress
              empty                  0           0 (100%)    0 (100%)    0 (100%)    0 (100%)
              geometry-and-measures  1           0 (0%)      0 (0%)      1 (100%)    0 (0%)
              science                2           1 (50%)     2 (100%)    1 (50%)     1 (50%)

            """)
    }

    @Test func validatePrintsItAfterTheTranslationCoverage() throws {
        let bytes = Self.files.mapValues { Data($0.utf8) }.merging(["science/measure.png": try Self.image()]) { $1 }
        let input = BadInput("metadata", bytes: bytes, expected: [])
        let workspace = try input.materialize()
        defer { workspace.remove() }
        let run = try BinaryRunner.run(["validate", "--content", "content"], in: workspace.parent)
        #expect(run.status == 0)
        #expect(run.stderr.hasSuffix("""
            Translation coverage:
              en-us    7/7 (100%)
            Metadata of assignable activities:
              book                   activities  thumbnail   age         time        progress
              empty                  0           0 (100%)    0 (100%)    0 (100%)    0 (100%)
              geometry-and-measures  1           0 (0%)      0 (0%)      1 (100%)    0 (0%)
              science                2           1 (50%)     2 (100%)    1 (50%)     1 (50%)
            Checked 8 files in content/: no problems found

            """), "\(run.stderr)")
        let json = try BinaryRunner.run(["validate", "--content", "content", "--format", "json"], in: workspace.parent)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let science = (document?["metadataCoverage"] as? [String: [String: Int]])?["science"]
        #expect(science == ["activities": 2, "thumbnail": 1, "suggestedAge": 2, "suggestedCompletionTime": 1,
                            "progressReporting": 1])
    }
}
