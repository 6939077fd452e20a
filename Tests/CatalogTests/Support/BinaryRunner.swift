import Foundation

/// Runs the built `catalog-build` executable, as users and pipelines do.
struct BinaryRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        let debug = Repository.root.appendingPathComponent(".build/debug/catalog-build")
        if FileManager.default.isExecutableFile(atPath: debug.path) { return debug }
        // `swift test` builds into the same products directory as this test bundle.
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("catalog-build")
    }

    /// - Parameter executable: another program to run instead (one that runs the binary, such as `unshare`).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:],
                    executable: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable ?? Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Output goes to files, so that a large output can never block the child on a pipe.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
