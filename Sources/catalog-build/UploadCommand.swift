import ArgumentParser
import Catalog

struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "upload")

    func run() async throws {
        throw CleanExit.message("not yet available")
    }
}
