import ArgumentParser
import Catalog
import Foundation

extension CatalogEnvironment: ExpressibleByArgument {}

struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Sends the built catalog to the ClassKit Catalog API.",
        discussion: Exit.discussion("""
            Sends every context request in OUTPUT/catalog/, then every thumbnail, skipping what the \
            state file records as already uploaded. Credentials come from the options or from \
            CLASSKIT_TEAM_ID, CLASSKIT_KEY_ID and CLASSKIT_PRIVATE_KEY_FILE. Only the files build \
            writes are sent (OUTPUT/catalog, OUTPUT/thumbnails); redirects are never followed, and \
            plain http is refused except to this machine unless --insecure is given. Every plan \
            names the contexts that the state file records and the content no longer has, and \
            the command that deletes them (--prune).

            --verify reads every context back from Apple (Get a Context) and prints what \
            differs from the build; it sends nothing, and writes the state file only with \
            --rebuild-state. Its exit status is 0 when Apple holds every context as built and \
            1 when anything differs (a field, a missing context, a removed one still at Apple) \
            or a read fails, so that a pipeline stops on a catalog that has drifted.
            """))

    @Option(help: "The directory `build` wrote.")
    var output: String = "site"

    @Option(help: "The Catalog API environment: development or production.")
    var environment: CatalogEnvironment

    @Option(name: .customLong("team-id"), help: "Your Apple Developer team id (or CLASSKIT_TEAM_ID).")
    var teamId: String?

    @Option(name: .customLong("key-id"), help: "The ClassKit Catalog key's id (or CLASSKIT_KEY_ID).")
    var keyId: String?

    @Option(name: .customLong("private-key"), help: "The key's .p8 file (or CLASSKIT_PRIVATE_KEY_FILE).")
    var privateKey: String?

    @Option(name: .customLong("api-url"), help: "The service's base URL.")
    var apiURL: String = CatalogEndpoint.defaultBaseURL.absoluteString

    @Flag(help: "Allow an http --api-url on another machine (the token then crosses the network in clear text).")
    var insecure = false

    @Option(help: "The state file (default .catalog-upload/ENVIRONMENT.json).")
    var state: String?

    @Flag(help: "Print what would be created, replaced and deleted; send nothing.")
    var dryRun = false

    @Flag(help: "Also delete contexts and thumbnails that the catalog no longer has.")
    var prune = false

    @Flag(help: "Read every context back from Apple and report what differs from the build; send nothing (exit status 1 when anything differs).")
    var verify = false

    @Flag(name: .customLong("rebuild-state"), help: "With --verify: rewrite the state file from what Apple holds (for a lost or stale state file).")
    var rebuildState = false

    func validate() throws {
        if rebuildState && !verify { throw ValidationError("--rebuild-state works with --verify: add --verify") }
        if verify && (dryRun || prune) { throw ValidationError("--verify sends nothing: leave out --dry-run and --prune") }
    }

    func run() async throws {
        let store = StateStore(file: URL(fileURLWithPath: statePath))
        let interrupt = UploadInterrupt()
        InterruptCleanup.shared.handOver(to: interrupt.receive)
        InterruptCleanup.shared.install(lines: InterruptCleanup.Lines(unchanged: "", replaced: ""))
        do {
            // Checked first: nothing is read, and no key, before the address is known to be safe.
            let (base, insecureWarning) = try APIAddress.check(apiURL, insecure: insecure)
            let catalog = try ManifestLoader.load(outputDirectory: URL(fileURLWithPath: output))
            let recorded = try loadState(store)
            let plan = UploadPlan(catalog: catalog, state: recorded, prune: prune)
            let pruneCommand = SuggestedCommand.prune(from: Self.typedArguments)
            if dryRun {
                print(plan.report(environment: environment, pruneCommand: pruneCommand))
                return
            }
            if let insecureWarning { Console.error(insecureWarning) }
            let signer = await TokenSigner(credentials: try credentials())
            if verify {
                try await runVerify(catalog, state: recorded, at: base, store: store, signer: signer)
                return
            }
            try await upload(plan, to: base, from: recorded, store: store, signer: signer, interrupt: interrupt)
            plan.leftoverNotice(environment: environment, pruneCommand: pruneCommand)?
                .split(separator: "\n").forEach { Console.error("upload: " + $0) }
        } catch let error as UploadError {
            Console.error("error: " + error.description)
            throw error.isUsageError ? Exit.usage : Exit.contentError
        }
    }

    private func upload(_ plan: UploadPlan, to base: URL, from recorded: UploadState, store: StateStore,
                        signer: TokenSigner, interrupt: UploadInterrupt) async throws {
        let api = CatalogAPI(
            endpoint: CatalogEndpoint(baseURL: base, environment: environment), tokens: signer,
            transport: URLSessionTransport())
        let progress = ProgressPrinter()
        Console.error("upload: \(plan.requestCount) requests to make: \(plan.contextCount) contexts in \(plan.contextBatches.count) requests, "
            + "\(plan.thumbnails.count) thumbnails, \(plan.contextDeletes.count + plan.thumbnailDeletes.count) deletes")
        let uploader = Uploader(api: api, store: store, progress: progress.show)
        let task = Task { await uploader.run(plan, state: recorded) }
        interrupt.whileRunning { task.cancel() }
        let summary = await task.value
        progress.finish()
        if let signal = interrupt.signal {
            Console.error("upload: interrupted; \(summary.report), recorded in \(statePath); "
                + "run the same command to send the rest")
            Foundation.exit(128 + signal)
        }
        Console.error("upload: " + summary.report)
        if let failure = summary.failure {
            throw failure
        }
    }

    /// The state file as the user gave it (or the default, relative to the current folder).
    private var statePath: String { state ?? ".catalog-upload/\(environment.rawValue).json" }

    /// The command line as typed, with the program's name as the user would type it.
    static var typedArguments: [String] {
        let arguments = CommandLine.arguments
        return ["catalog-build"] + arguments.dropFirst()
    }

    /// With --rebuild-state, a state file that cannot be read is replaced rather than
    /// an obstacle: rebuilding it is what the user asked for.
    private func loadState(_ store: StateStore) throws -> UploadState {
        do {
            return try store.load(environment: environment.rawValue)
        } catch let error as UploadError where rebuildState {
            Console.error("warning: \(error) (it is rebuilt from what Apple holds)")
            return UploadState(environment: environment.rawValue)
        }
    }

    private func runVerify(_ catalog: UploadCatalog, state: UploadState, at base: URL, store: StateStore,
                           signer: TokenSigner) async throws {
        let api = CatalogAPI(
            endpoint: CatalogEndpoint(baseURL: base, environment: environment), tokens: signer,
            transport: URLSessionTransport())
        let (built, removed) = Verifier.keys(catalog: catalog, state: state)
        Console.error("verify: reading \(built.count + removed.count) contexts back from the \(environment.rawValue) environment")
        let progress = ProgressPrinter()
        let total = built.count + removed.count
        let result = try await Verifier(api: api) { done in progress.show(read: done, of: total) }.run(catalog: catalog, state: state)
        progress.finish()
        var note: String?
        if rebuildState {
            let rebuilt = result.rebuiltState(catalog: catalog, previous: state)
            try store.save(rebuilt)
            note = "Rebuilt the state file \(store.file.path) from what Apple holds: \(rebuilt.contexts.count) contexts, "
                + "\(rebuilt.thumbnails.count) thumbnails."
        }
        let typed = Self.typedArguments
        let commands = VerifyResult.Commands(
            upload: SuggestedCommand.line(from: typed, removing: ["--verify", "--rebuild-state"]),
            prune: SuggestedCommand.prune(from: typed),
            rebuildState: SuggestedCommand.line(from: typed, removing: [], adding: ["--rebuild-state"]))
        print(result.report(environment: environment, disagreements: result.stateDisagreements(state, catalog: catalog),
                            stateNote: note, commands: commands))
        if !result.matches { throw Exit.contentError }
    }

    /// Options win over the environment; a missing value is a command-line error.
    private func credentials() throws -> Credentials {
        let variables = ProcessInfo.processInfo.environment
        func value(_ option: String?, _ variable: String, _ flag: String) throws -> String {
            guard let found = option ?? variables[variable], !found.isEmpty else {
                throw UploadError.usage("missing \(flag) (or the \(variable) environment variable)")
            }
            return found
        }
        let (team, key) = try (value(teamId, "CLASSKIT_TEAM_ID", "--team-id"), value(keyId, "CLASSKIT_KEY_ID", "--key-id"))
        let file = URL(fileURLWithPath: try value(privateKey, "CLASSKIT_PRIVATE_KEY_FILE", "--private-key"))
        if let warning = KeyFile.permissionWarning(file) { Console.error(warning) }
        return try Credentials(teamId: team, keyId: key, privateKeyFile: file)
    }
}

/// What Ctrl-C or SIGTERM does to an upload: while requests are being sent, it cancels
/// them (the request in flight stops, no other starts; every confirmed one is already in
/// the state file) and the command prints one line and exits 128 + signal; before or
/// after that, it exits at once, having sent nothing it has not recorded.
private final class UploadInterrupt: Sendable {
    private struct State {
        var signal: Int32?
        var cancel: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    var signal: Int32? { state.withLock { $0.signal } }

    func receive(_ signal: Int32) {
        let cancel = state.withLock { state in
            state.signal = state.signal ?? signal
            return state.cancel
        }
        guard let cancel else {
            Console.error("upload: interrupted; nothing was being sent")
            Foundation.exit(128 + signal)
        }
        cancel()
    }

    /// Cancels the requests with `cancel` on a signal from now on (at once if one came).
    func whileRunning(_ cancel: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            state.cancel = cancel
            return state.signal != nil
        }
        if already { cancel() }
    }
}

/// Writes to standard error, which carries everything but the dry-run plan. Every line
/// is escaped for the terminal once more, whatever its source.
private enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.escape(line) + "\n").utf8))
    }
}

/// Shows upload progress: one line redrawn in place on a terminal, one line per
/// request otherwise (CI logs keep every step).
private struct ProgressPrinter: Sendable {
    let isTerminal = isatty(STDERR_FILENO) == 1

    func show(_ progress: UploadProgress) {
        let counts = "\(progress.requestsDone)/\(progress.requestsTotal) requests, \(Self.bytes(progress.bytesSent))"
        if isTerminal {
            FileHandle.standardError.write(Data("\r\u{1B}[Kupload: \(counts): \(TerminalText.escape(progress.lastStep))".utf8))
        } else {
            Console.error("upload: [\(counts)] \(progress.lastStep)")
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// A verify's reads: redrawn on a terminal, every tenth of the way in a log.
    func show(read done: Int, of total: Int) {
        if isTerminal {
            FileHandle.standardError.write(Data("\r\u{1B}[Kverify: \(done)/\(total) contexts read".utf8))
        } else if done == total || (done * 10 / total) > ((done - 1) * 10 / total) {
            Console.error("verify: [\(done)/\(total) contexts read]")
        }
    }

    static func bytes(_ count: Int) -> String {
        count < 1024 ? "\(count) B" : count < 1 << 20 ? String(format: "%.1f KB", Double(count) / 1024)
            : String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
