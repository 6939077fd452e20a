import CCatalogSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a build into a staging directory beside the output and swaps it in whole, so
/// that a failed or interrupted build never leaves a mix of old and new files.
///
/// The output is replaced only when the build made it (`OutputOwnership`) or `force` is
/// set; the staging directory carries the ownership marker from the start, so every output
/// swapped in has it. Staging directories of builds that died are removed first.
public struct StagedOutput {
    public let output: URL
    public let staging: URL

    public init(output: URL, force: Bool = false) throws {
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: self.output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StagedOutputError.notADirectory(self.output.path)
        }
        if !force, let problem = OutputOwnership.problem(output: self.output, displayPath: self.output.path) {
            throw StagedOutputError.notOurs(problem)
        }
        StaleStaging.remove(beside: self.output)
        staging = parent.appendingPathComponent(".\(self.output.lastPathComponent).building-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        // Registered first: an interrupt just after the folder is made must remove it too.
        InterruptCleanup.shared.register(staging, trashPrefix: StaleStaging.trashPrefix(beside: self.output))
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            InterruptCleanup.shared.unregister(staging)
            throw error
        }
        do {
            try OutputDirectory(path: staging.path).write(OutputOwnership.markerName, Data(OutputOwnership.markerText.utf8))
        } catch {
            discard()
            throw error
        }
    }

    /// Removes the staging directory; the output stays exactly as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
        InterruptCleanup.shared.unregister(staging)
    }

    /// Replaces the output with the staging directory: an atomic exchange where the file
    /// system supports it, else two renames. No interrupt comes between the renames
    /// (`InterruptCleanup.replacing`); one during the removal of the old output removes it
    /// and says that the output was replaced.
    public func commit() throws {
        defer { InterruptCleanup.shared.unregister(staging) }
        var leftOver: URL?
        try InterruptCleanup.shared.replacing {
            guard FileManager.default.fileExists(atPath: output.path) else {
                return try FileManager.default.moveItem(at: staging, to: output)
            }
            if Self.exchange(staging.path, output.path) {
                leftOver = staging  // now holds the old output
                return
            }
            let old = staging.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
            InterruptCleanup.shared.register(old, trashPrefix: StaleStaging.trashPrefix(beside: output))
            try FileManager.default.moveItem(at: output, to: old)
            try FileManager.default.moveItem(at: staging, to: output)
            leftOver = old
        }
        guard let leftOver else { return }
        defer { InterruptCleanup.shared.unregister(leftOver) }
        try FileManager.default.removeItem(at: leftOver)
    }

    private static func exchange(_ a: String, _ b: String) -> Bool {
        cb_exchange_paths(a, b) == 0
    }
}

public enum StagedOutputError: Error, CustomStringConvertible {
    case notADirectory(String)
    /// The output holds files the build did not make; the text says how to proceed.
    case notOurs(String)

    public var description: String {
        switch self {
        case .notADirectory(let path): "the output \(path) exists and is not a directory"
        case .notOurs(let problem): problem
        }
    }
}
