import Foundation

/// One distinct piece of work: a resolved source file with a fit. Every context that
/// uses the same file with the same fit shares it, so the image is decoded once.
struct ThumbnailJob: Hashable, Sendable {
    var file: URL
    var fit: ThumbnailFit
}

/// Which contexts use which job, worked out before any image is read.
struct ThumbnailPlan: Sendable {
    /// A context that names a thumbnail: its index in `CatalogModel.contexts`, what it
    /// wrote, and either its job or why the path is not usable.
    struct Use: Sendable {
        var context: Int
        var source: ThumbnailSource
        var job: Result<Int, ThumbnailProblem>
    }

    private(set) var jobs: [ThumbnailJob] = []
    private(set) var uses: [Use] = []

    init(model: CatalogModel, paths: ContentPaths) {
        var jobIndex: [ThumbnailJob: Int] = [:]
        for (index, context) in model.contexts.enumerated() {
            guard let source = context.thumbnail else { continue }
            let job: Result<Int, ThumbnailProblem>
            switch paths.resolve(source.relativePath) {
            case .outside(let resolved):
                job = .failure(.outside(resolved: resolved))
            case .hidden(let path):
                job = .failure(.hidden(path))
            case .missing(let isDirectory):
                job = .failure(.missing(isDirectory: isDirectory))
            case .file(let url):
                let key = ThumbnailJob(file: url, fit: source.fit)
                if jobIndex[key] == nil {
                    jobIndex[key] = jobs.count
                    jobs.append(key)
                }
                job = .success(jobIndex[key]!)
            }
            uses.append(Use(context: index, source: source, job: job))
        }
    }
}

extension ThumbnailPlan {
    /// The jobs' indices by file size, largest first (ties by index): the bytes to decode
    /// are the best cheap guess at a job's time. Taken in this order, the workers end on
    /// small images and finish together, instead of one idling while the other decodes a
    /// large PNG drawn last. A file that cannot be examined counts as empty.
    var largestFirst: [Int] {
        let sizes = jobs.map { job -> Int in
            var info = stat()
            return stat(job.file.path, &info) == 0 ? Int(info.st_size) : 0
        }
        return jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }
}
