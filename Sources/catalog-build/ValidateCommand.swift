import ArgumentParser
import Catalog

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate")

    func run() async throws {
        throw CleanExit.message("not yet available")
    }
}
