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
///
/// With a `trash` folder (the `build` command's cache), the old output is not removed by
/// `commit`: it is renamed into that folder and removed by a process of its own once this
/// one has ended (`DetachedRemoval`), so the command returns right after the swap. Old
/// outputs that such a remover left (killed) are removed first, like dead builds' staging.
public struct StagedOutput {
    public let output: URL
    public let staging: URL
    /// Where `commit` puts the old output for a remover process (nil: removed at once).
    public let trash: URL?
    /// The folders above the output that were not there and this build made (the innermost
    /// first): `discard`, or an interrupt's remover after the staging folder, removes those
    /// it leaves empty, so a failed or interrupted build leaves none behind.
    private let madeFolders: [URL]

    public init(output: URL, force: Bool = false, trash: URL? = nil) throws {
        self.trash = trash
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        madeFolders = Self.missingFolders(from: parent)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: self.output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StagedOutputError.notADirectory(self.output.path)
        }
        if !force, let problem = OutputOwnership.problem(output: self.output, displayPath: self.output.path) {
            throw StagedOutputError.notOurs(problem)
        }
        StaleStaging.remove(beside: self.output)
        if let trash { StaleStaging.remove(in: trash, output: self.output) }
        staging = parent.appendingPathComponent(".\(self.output.lastPathComponent).building-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        // Registered first: an interrupt just after the folder is made must remove it too,
        // and the folders above the output that this build made.
        InterruptCleanup.shared.register(staging, trashPrefix: StaleStaging.trashPrefix(beside: self.output),
                                         thenRemove: madeFolders)
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

    /// Removes the staging directory, and the folders above the output this build made
    /// when they are empty; the output stays exactly as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
        InterruptCleanup.shared.unregister(staging)
        TreeRemoval.removeEmptyFolders(madeFolders.map(\.path))
    }

    /// `folder` and the folders above it that do not exist, the innermost first.
    private static func missingFolders(from folder: URL) -> [URL] {
        var missing: [URL] = [], folder = folder
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.path) {
            missing.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return missing
    }

    /// Replaces the output with the staging directory: an atomic exchange where the file
    /// system supports it, else two renames. No interrupt comes between the renames
    /// (`InterruptCleanup.replacing`); one during the removal of the old output removes it
    /// and says that the output was replaced. The old output goes to `trash` when there is
    /// one (on the same file system), else it is removed here.
    public func commit() throws {
        _ = try swap()
    }

    /// `commit`, returning the remover the old output went to, if it went to one.
    func swap() throws -> DetachedRemoval.Handed? {
        defer { InterruptCleanup.shared.unregister(staging) }
        var leftOver: URL?, remover: DetachedRemoval.Handed?
        try InterruptCleanup.shared.replacing {
            guard FileManager.default.fileExists(atPath: output.path) else {
                return try FileManager.default.moveItem(at: staging, to: output)
            }
            func handOver(_ old: URL) -> URL? {
                remover = self.handOver(old)
                return remover == nil ? old : nil
            }
            if Self.exchange(staging.path, output.path) {
                // The staging folder now holds the old output. Handed over under the
                // swap's lock: an interrupt then finds it moved, and its remover started.
                leftOver = handOver(staging)
                return
            }
            let old = staging.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
            InterruptCleanup.shared.register(old, trashPrefix: StaleStaging.trashPrefix(beside: output))
            try FileManager.default.moveItem(at: output, to: old)
            try FileManager.default.moveItem(at: staging, to: output)
            leftOver = handOver(old)
            if leftOver == nil { InterruptCleanup.shared.unregister(old) }
        }
        guard let leftOver else { return remover }
        defer { InterruptCleanup.shared.unregister(leftOver) }
        // A few system calls an entry; Foundation's removal says why when that fails.
        guard !TreeRemoval.remove(leftOver.path) else { return nil }
        try FileManager.default.removeItem(at: leftOver)
        return nil
    }

    /// `old` renamed into the trash folder for a remover that starts when this process
    /// ends; nil when it is to be removed now (no trash folder, another file system, or no
    /// process could be started).
    private func handOver(_ old: URL) -> DetachedRemoval.Handed? {
        guard let trash else { return nil }
        return DetachedRemoval.handOver(old.path, trashPrefix: StaleStaging.trashPrefix(of: output, in: trash))
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
