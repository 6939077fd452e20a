/// A file of the output that could not be written (what the output layer reports).
enum IncrementalError: Error, CustomStringConvertible {
    case write(String, String)

    var description: String {
        switch self {
        case .write(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
