import ArgumentParser
import Catalog

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build")

    func run() async throws {
        throw CleanExit.message("not yet available")
    }
}
