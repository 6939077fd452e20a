import Foundation

/// Opens an address in the user's browser (`serve --open`) with the system's opener:
/// `open` on macOS, `xdg-open` elsewhere, found on PATH.
enum BrowserOpener {
    #if os(macOS)
    static let command = "open"
    #else
    static let command = "xdg-open"
    #endif

    /// Starts the opener and returns at once; what went wrong, or nil.
    static func open(_ address: String) -> String? {
        guard let executable = find(command) else {
            return "cannot open a browser: \(command) is not on PATH; open \(address) yourself"
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [address]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "cannot open a browser with \(executable.path) (\(error.localizedDescription)); open \(address) yourself"
        }
        return nil
    }

    /// The first executable file named `name` in a folder of PATH.
    private static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
