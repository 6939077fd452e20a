import ArgumentParser
import Catalog
import Dispatch
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on 127.0.0.1, rebuild on every change and reload the open pages.",
        discussion: "While the content has errors, every page shows the list of them. Stop with Ctrl-C. "
            + "--host opens the preview to other machines: anyone who can reach it reads the site and the error list.")

    @Option(name: .long, help: "The content directory.")
    var content: String = "content"

    @Option(name: .long, help: "The output directory.")
    var output: String = "site"

    @Option(name: .long, help: "The address to listen on (another than 127.0.0.1 opens the preview to the network).")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to serve on.")
    var port: UInt16 = 8000

    @Option(name: .long, help: "Where processed thumbnails and the build state are cached.")
    var cache: String = ".catalog-cache"

    @Flag(name: .long, help: "Replace the output directory even when it holds files that catalog-build did not make.")
    var force = false

    func validate() throws {
        let cwd = FileManager.default.currentDirectoryPath
        if let problem = OutputGuard.problem(output: URL(fileURLWithPath: output), content: ContentRoot(path: content),
                                             currentDirectory: cwd) {
            throw ValidationError(problem)
        }
        if !force, let problem = OutputOwnership.problem(output: URL(fileURLWithPath: output), displayPath: output) {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        var options = ServeOptions(content: ContentRoot(path: content), output: URL(fileURLWithPath: output),
                                   cacheDirectory: URL(fileURLWithPath: cache), host: host, port: port)
        options.force = force
        if !ServeOptions.isLoopback(host) {
            Output.standardError("warning: serving on \(host), not 127.0.0.1: other machines that reach this address "
                + "can read the site and its error list while serve runs\n")
        }
        let server: PreviewServer
        do {
            server = try PreviewServer(options) { Output.standardError($0 + "\n") }
        } catch {
            Output.standardError("error: \(error)\n")
            throw Exit.contentError
        }
        server.start()
        let shown = host.contains(":") ? "[\(host)]" : host
        Output.standardError("Serving \(output)/ at http://\(shown):\(server.port)/ (Ctrl-C to stop)\n")
        await Self.waitForInterrupt()
        server.stop()
        Output.standardError("Stopped\n")
    }

    /// Returns on SIGINT or SIGTERM, which are caught (not fatal) so that the socket is
    /// closed and the command exits with status 0.
    private static func waitForInterrupt() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = SignalOnce(continuation)
            let queue = DispatchQueue(label: "serve.signals")
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { once.resume() }
                source.resume()
                once.sources.append(source)
            }
        }
    }
}

/// Resumes the waiting command once, whichever signal comes first, and keeps the signal
/// sources alive meanwhile (their handlers hold it). Only touched on one serial queue.
private final class SignalOnce: @unchecked Sendable {
    var sources: [DispatchSourceSignal] = []
    private var continuation: CheckedContinuation<Void, Never>?

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    func resume() {
        continuation?.resume()
        continuation = nil
    }
}
