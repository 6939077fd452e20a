import ArgumentParser
import Catalog

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve")

    func run() async throws {
        throw CleanExit.message("not yet available")
    }
}
