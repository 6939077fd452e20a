import Foundation
import PackagePlugin

/// `swift package catalog-build build|export|validate …`: runs catalog-build, built for this
/// machine, in the package's folder, so `--content`, `--output` and the cache are the
/// package's (`content`, `site` and `.catalog-cache` there by default). SwiftPM lets a
/// plugin write into the package only with the user's permission: it asks, or
/// `--allow-writing-to-package-directory` gives it.
@main
struct CatalogBuildPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "catalog-build")
        let status = try run(tool.url, arguments, in: context.package.directoryURL)
        guard status == 0 else {
            Diagnostics.error("catalog-build \(arguments.first ?? "") exited with status \(status)")
            throw PluginFailure(status: status)
        }
    }

    private func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command from an Xcode project (File ▸ Packages, or the project's context menu).
extension CatalogBuildPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool = try context.tool(named: "catalog-build")
        let status = try run(tool.url, arguments, in: context.xcodeProject.directoryURL)
        guard status == 0 else { throw PluginFailure(status: status) }
    }
}
#endif

struct PluginFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "catalog-build exited with status \(status)" }
}
