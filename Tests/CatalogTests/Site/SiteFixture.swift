import Foundation
@testable import Catalog

/// A small catalog built by hand: the app, one book, one chapter and three activities
/// in three locales (`ar` right to left). In `es-us` the chapter and the quiz fall back
/// to English; in `ar` the lab-safety briefing is omitted.
enum SiteFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/site")
    static let contentRoot = fixtures.appendingPathComponent("content")

    static let en = LocaleID(rawValue: "en-us")
    static let es = LocaleID(rawValue: "es-us")
    static let ar = LocaleID(rawValue: "ar")

    static func file(_ path: String) -> SourceFile { SourceFile(relativePath: path, displayPath: "content/" + path) }

    static func body(_ text: String, _ path: String, firstLine: Int = 4) -> MarkdownBody {
        MarkdownBody(text: text, source: file(path), firstLine: firstLine)
    }

    static func model() -> CatalogModel {
        let site = SiteSettings(title: [en: "Science Books for Teachers", es: "Libros de Ciencia para docentes"],
                                baseURL: "https://books.example.com/catalog/", accentColor: "#ff9500",
                                strings: [es: ["openInApp": "Abrir en Libros de Ciencia"]])
        let app = AppContext(
            bundleIdentifier: "com.example.sciencebooks", defaultLocale: en, locales: [en, es, ar],
            title: [en: "Science Books", es: "Libros de Ciencia", ar: "كتب العلوم"], source: file("catalog.yml"),
            summary: [en: "Hands-on science for curious minds.", es: "Ciencia práctica para mentes curiosas."],
            body: [en: body("Welcome! Start with [Fun with Science](fun-with-science/index.md).\n", "index.md", firstLine: 1)],
            topic: .science, universalLinkBase: "https://books.example.com/classkit/", site: site, children: [0])
        return CatalogModel(app: app, contexts: [book(), chapter(), investigation(), quiz(), safety()])
    }

    static func path(_ ids: String...) -> [String] { ["com.example.sciencebooks"] + ids }

    static func book() -> ContextNode {
        ContextNode(identifier: "fun-with-science", identifierPath: path("fun-with-science"), type: .book,
                    source: file("fun-with-science/index.md"), isDirectory: true, isAssignable: false, topic: .science,
                    suggestedAge: ClosedIntRange(lower: 8, upper: 12),
                    universalLinkURL: "https://books.example.com/classkit/fun-with-science",
                    versions: [
                        en: ContextVersion(locale: en, title: "Fun with Science", summary: "Experiments for every week of the year."),
                        es: ContextVersion(locale: es, title: "Ciencia divertida", summary: "Experimentos para cada semana del año."),
                        ar: ContextVersion(locale: ar, title: "متعة العلوم", summary: "تجارب لكل أسبوع من السنة."),
                    ], children: [1])
    }

    static func chapter() -> ContextNode {
        let english = ContextVersion(locale: en, title: "Inquiry", summary: "Ask questions and find answers.")
        var spanish = english
        spanish.locale = es
        spanish.isFallback = true
        return ContextNode(identifier: "inquiry", identifierPath: path("fun-with-science", "inquiry"), type: .chapter,
                           source: file("fun-with-science/inquiry/index.md"), isDirectory: true, displayOrder: 1,
                           isAssignable: false, topic: .science,
                           versions: [en: english, es: spanish,
                                      ar: ContextVersion(locale: ar, title: "الاستقصاء", summary: "اطرح الأسئلة وابحث عن الإجابات.")],
                           parent: 0, children: [2, 3, 4])
    }

    static let investigationBody = """
        # Plan an investigation

        Read the [measurements quiz](measurements-quiz.md#start) first, then look at the diagram:

        ![A labelled diagram](../diagram.png)

        | Step | Time |
        |:-----|-----:|
        | Ask  | 5 min |
        | Test | 10 min |

        Print the [worksheet](../../_media/worksheet.pdf) or read [more](https://example.com/more?a=1&b=2).
        """

    static func investigation() -> ContextNode {
        let source = "fun-with-science/inquiry/science-investigation.md"
        return ContextNode(
            identifier: "science-investigation", identifierPath: path("fun-with-science", "inquiry", "science-investigation"),
            type: .exercise, source: file(source), isDirectory: false, displayOrder: 1, topic: .science,
            suggestedAge: ClosedIntRange(lower: 9, upper: 11), suggestedCompletionTime: ClosedIntRange(lower: 15, upper: 20),
            universalLinkURL: "https://books.example.com/classkit/fun-with-science/inquiry/science-investigation",
            standardsAlignments: ["NGSS 3-5-ETS1-1"],
            versions: [
                en: ContextVersion(locale: en, title: "Science Investigation", summary: "Plan and run a fair test.",
                                   keywords: ["experiment", "fair test"],
                                   progressReporting: [ProgressCapability(kind: .score, details: "One point per correct step"),
                                                       ProgressCapability(kind: .binary, details: "Done when the report is sent")],
                                   body: body(investigationBody, source)),
                es: ContextVersion(locale: es, title: "Investigación científica", summary: "Planifica y realiza una prueba justa.",
                                   keywords: ["experimento"],
                                   progressReporting: [ProgressCapability(kind: .score, details: "Un punto por paso correcto"),
                                                       ProgressCapability(kind: .binary, details: "Hecho al enviar el informe")],
                                   body: body("Lee la [prueba](measurements-quiz.md) primero.\n", "fun-with-science/inquiry/science-investigation.es-us.md")),
                ar: ContextVersion(locale: ar, title: "تحقيق علمي", summary: "خطط لاختبار عادل ونفذه.", keywords: ["تجربة"],
                                   progressReporting: [ProgressCapability(kind: .score, details: "نقطة لكل خطوة صحيحة"),
                                                       ProgressCapability(kind: .binary, details: "يكتمل عند إرسال التقرير")],
                                   body: body("اقرأ [الاختبار](measurements-quiz.md) أولاً.\n", source)),
            ], parent: 1)
    }

    static func quiz() -> ContextNode {
        let source = "fun-with-science/inquiry/measurements-quiz.md"
        let english = ContextVersion(locale: en, title: "Measurements Quiz", summary: "Ten questions about units.",
                                     keywords: ["units", "metric"],
                                     progressReporting: [ProgressCapability(kind: .percent, details: "Share of questions answered")],
                                     body: body("## Start\n\nUse a ruler. See the [lab safety](lab-safety.md) briefing.\n", source))
        var spanish = english
        spanish.locale = es
        spanish.isFallback = true
        return ContextNode(identifier: "measurements-quiz", identifierPath: path("fun-with-science", "inquiry", "measurements-quiz"),
                           type: .quiz, source: file(source), isDirectory: false, displayOrder: 2, topic: .math,
                           suggestedAge: ClosedIntRange(lower: 9, upper: ClosedIntRange.unboundedUpper),
                           suggestedCompletionTime: ClosedIntRange(lower: 60, upper: 120),
                           versions: [en: english, es: spanish,
                                      ar: ContextVersion(locale: ar, title: "اختبار القياسات", summary: "عشرة أسئلة عن الوحدات.",
                                                         progressReporting: [ProgressCapability(kind: .percent, details: "نسبة الأسئلة")])],
                           parent: 1, isAssessment: true)
    }

    static func safety() -> ContextNode {
        let source = "fun-with-science/inquiry/lab-safety.md"
        return ContextNode(identifier: "lab-safety", identifierPath: path("fun-with-science", "inquiry", "lab-safety"),
                           type: .custom, source: file(source), isDirectory: false, displayOrder: 3, topic: .healthAndFitness,
                           suggestedAge: ClosedIntRange(lower: 8, upper: 8),
                           suggestedCompletionTime: ClosedIntRange(lower: 30, upper: ClosedIntRange.unboundedUpper),
                           versions: [
                               en: ContextVersion(locale: en, title: "Lab Safety", summary: "Goggles on!", customTypeName: "Safety briefing",
                                                  body: body("Back to the [quiz](measurements-quiz.md).\n", source)),
                               es: ContextVersion(locale: es, title: "Seguridad en el laboratorio", summary: "¡Gafas puestas!",
                                                  customTypeName: "Charla de seguridad"),
                           ], parent: 1)
    }

    static func thumbnails() -> ThumbnailSet {
        ThumbnailSet(byContext: [
            0: ProcessedThumbnail(thumbnailId: "b00c0ffee0000001.png", contentType: "image/png", byteCount: 1, width: 96, height: 96),
            2: ProcessedThumbnail(thumbnailId: "1a2b3c4d5e6f7081.png", contentType: "image/png", byteCount: 1, width: 96, height: 96),
        ])
    }

    /// The thumbnail files the thumbnails stage would have written, for browser tests.
    static let thumbnailFiles = ["b00c0ffee0000001.png": "thumb-book.png", "1a2b3c4d5e6f7081.png": "thumb-investigation.png"]
}

extension MemorySink {
    func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
}

extension SiteFixture {
    static func build(_ model: CatalogModel = model(), thumbnails: ThumbnailSet = thumbnails()) throws -> (MemorySink, [Diagnostic]) {
        let sink = MemorySink()
        let diagnostics = try SiteStage(contentRoot: contentRoot).run(model: model, thumbnails: thumbnails, sink: sink)
        return (sink, diagnostics)
    }
}
