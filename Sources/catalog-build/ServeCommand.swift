import ArgumentParser
import Catalog
import Dispatch
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on 127.0.0.1, rebuild on every change and reload the open pages.",
        discussion: Exit.discussion("While the content has errors, every page shows the list of them. Stop with Ctrl-C. "
            + "--host opens the preview to other machines: anyone who can reach it reads the site and the error list. "
            + "Finds the content as build does."))

    @OptionGroup var content: ContentOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "The output folder. Default: site, beside the content folder when the content was found above the current folder.",
        valueName: "dir"))
    var output: String?

    @Option(name: .long, help: "The address to listen on (another than 127.0.0.1 opens the preview to the network).")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to serve on.")
    var port: UInt16 = 8000

    @Option(name: .long, help: "Where processed thumbnails are kept between runs (\(CacheHelp.besideOutput)).")
    var cache: String?

    @Flag(name: .long, help: "Replace the output directory even when it holds files that catalog-build did not make.")
    var force = false

    @Flag(name: .long, help: "Open the site in the browser once it is served (xdg-open on Linux, open on macOS).")
    var open = false

    @Flag(name: .long, help: "Print every diagnostic of a failed rebuild, not only the first 20 of each rule.")
    var all = false

    func run() async throws {
        let location = try content.location()
        let output = self.output ?? location.defaultOutput
        try OutputChecks.check(output: output, content: location.content, force: force)
        var options = ServeOptions(content: ContentRoot(path: location.content), output: URL(fileURLWithPath: output),
                                   cacheDirectory: URL(fileURLWithPath: cache ?? location.defaultCache), host: host, port: port)
        options.force = force
        if !ServeOptions.isLoopback(host) {
            Output.standardError("warning: serving on \(host), not 127.0.0.1: other machines that reach this address "
                + "can read the site and its error list while serve runs\n")
        }
        // An interrupt during the first build removes its staging folder and exits
        // 128 + signal, as `build` does; once it is written, serve stops cleanly (status 0).
        InterruptCleanup.shared.install(lines: StageMarks.interruptLines(output: output))
        let server: PreviewServer
        do {
            server = try PreviewServer(options, log: { Output.standardError($0 + "\n") },
                                       report: { [all] in DiagnosticPrinter(format: .text, all: all).print($0) })
        } catch {
            Output.standardError("error: \(error)\n")
            throw Exit.contentError
        }
        let interrupt = StopRequest()
        InterruptCleanup.shared.handOver { _ in interrupt.receive() }
        server.start()
        let address = PreviewServer.origin(host: host, port: server.port) + "/"
        let every = PreviewServer.isWildcard(host) ? ", and on every interface (\(host))" : ""
        Output.standardError("Serving \(output)/ at \(address)\(every) (Ctrl-C to stop)\n")
        if open, let problem = BrowserOpener.open(address) { Output.standardError("warning: \(problem)\n") }
        await interrupt.wait()
        server.stop()
        Output.standardError("Stopped\n")
    }
}

/// Remembers that SIGINT or SIGTERM came (`InterruptCleanup` calls `receive`), so that
/// one that comes before `wait`, even before the "Serving" line, is not lost: `wait`
/// returns at once then, and the command closes the socket and exits with status 0. Its
/// state is only touched on one serial queue.
private final class StopRequest: @unchecked Sendable {
    private let queue = DispatchQueue(label: "serve.signals")
    private var received = false
    private var continuation: CheckedContinuation<Void, Never>?

    func receive() {
        queue.async { [self] in
            received = true
            continuation?.resume()
            continuation = nil
        }
    }

    /// Returns once a signal has come (at once if one already has).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                if received { continuation.resume() } else { self.continuation = continuation }
            }
        }
    }
}
