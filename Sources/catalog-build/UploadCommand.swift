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
            plain http is refused except to this machine unless --insecure is given.
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

    func run() async throws {
        let store = StateStore(file: URL(fileURLWithPath: state ?? ".catalog-upload/\(environment.rawValue).json"))
        do {
            // Checked first: nothing is read, and no key, before the address is known to be safe.
            let (base, insecureWarning) = try APIAddress.check(apiURL, insecure: insecure)
            let catalog = try ManifestLoader.load(outputDirectory: URL(fileURLWithPath: output))
            let recorded = try store.load(environment: environment.rawValue)
            let plan = UploadPlan(catalog: catalog, state: recorded, prune: prune)
            if dryRun {
                print(plan.report(environment: environment))
                return
            }
            if let insecureWarning { Console.error(insecureWarning) }
            let signer = await TokenSigner(credentials: try credentials())
            try await upload(plan, to: base, from: recorded, store: store, signer: signer)
        } catch let error as UploadError {
            Console.error("error: " + error.description)
            throw error.isUsageError ? Exit.usage : Exit.contentError
        }
    }

    private func upload(_ plan: UploadPlan, to base: URL, from recorded: UploadState, store: StateStore,
                        signer: TokenSigner) async throws {
        let api = CatalogAPI(
            endpoint: CatalogEndpoint(baseURL: base, environment: environment), tokens: signer,
            transport: URLSessionTransport())
        let progress = ProgressPrinter()
        Console.error("upload: \(plan.requestCount) requests to make: \(plan.contextCount) contexts in \(plan.contextBatches.count) requests, "
            + "\(plan.thumbnails.count) thumbnails, \(plan.contextDeletes.count + plan.thumbnailDeletes.count) deletes")
        let summary = await Uploader(api: api, store: store, progress: progress.show).run(plan, state: recorded)
        progress.finish()
        Console.error("upload: " + summary.report)
        if let failure = summary.failure {
            throw failure
        }
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

    static func bytes(_ count: Int) -> String {
        count < 1024 ? "\(count) B" : count < 1 << 20 ? String(format: "%.1f KB", Double(count) / 1024)
            : String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
