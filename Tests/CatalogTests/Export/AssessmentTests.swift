import Foundation
import Testing
@testable import Catalog

/// `assessment: true`: read into the model for assignable activities only, reported on
/// anything else, shared by every locale, and shown on the activity's page.
struct AssessmentTests {
    private let files = [
        "b/index.md": "---\ntitle: B\nassessment: true\n---\n",
        "b/quiz.md": "---\ntitle: Quiz\ntype: quiz\nsummary: A quiz.\nassessment: true\n---\n",
        "b/notes.md": "---\ntitle: Notes\nsummary: Notes.\nassignable: false\nassessment: yes\n---\n",
        "b/plain.md": "---\ntitle: Plain\nsummary: Plain.\nassessment: false\n---\n",
    ]

    @Test func onlyAssignableActivitiesRunInAssessmentMode() throws {
        let content = try TempContent(files)
        defer { content.remove() }
        let loaded = CatalogLoader.load(content.root)
        let model = try #require(loaded.model)
        let flags = Dictionary(uniqueKeysWithValues: model.contexts.map { ($0.identifier, $0.isAssessment) })
        #expect(flags == ["b": false, "quiz": true, "notes": false, "plain": false])
        let warnings = loaded.diagnostics.sorted.filter { $0.rule == "assessment-unassignable" }
            .map { "\($0.location.line):\($0.location.column) \($0.location.file.hasSuffix("b/index.md") ? "book" : "notes")" }
        #expect(warnings == ["3:13 book", "5:13 notes"])
        #expect(loaded.diagnostics.sorted.first { $0.rule == "assessment-unassignable" }?.message
            == "assessment mode applies only to an assignable activity, and this context is not assignable, so the flag is ignored; remove `assessment: true`, or set it on the quiz or test inside")
    }

    @Test func aTranslationMayNotSetIt() throws {
        var files = files
        files["b/quiz.es-us.md"] = "---\ntitle: Prueba\nassessment: false\n---\n"
        let content = try TempContent(files)
        defer { content.remove() }
        let errors = CatalogLoader.load(content.root).diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.map { "\($0.rule) \($0.location.line):\($0.location.column)" } == ["translation-field 3:1"])
        #expect(errors.first?.message.contains("a translation may not set 'assessment'") == true)
    }

    @Test func theActivityPageShowsIt() throws {
        let content = try TempContent(files)
        defer { content.remove() }
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try Build.run(BuildOptions(content: content.root, output: work.appendingPathComponent("site"), cacheDirectory: nil))
        #expect(result.wrote)
        let quiz = try String(contentsOf: work.appendingPathComponent("site/en-us/b/quiz/index.html"), encoding: .utf8)
        #expect(quiz.contains("<p class=\"eyebrow\">Quiz · <strong>Assessment mode</strong></p>"))
        #expect(quiz.contains("<div><dt>Assessment mode</dt><dd>Runs in assessment mode: the device locks to the app until the student finishes</dd></div>"))
        for other in ["b", "b/notes", "b/plain"] {
            let page = try String(contentsOf: work.appendingPathComponent("site/en-us/\(other)/index.html"), encoding: .utf8)
            #expect(!page.contains("Assessment mode"), "\(other)")
        }
    }
}
