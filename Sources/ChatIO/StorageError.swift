import Glibc

/// A file operation that failed, with the system's reason, in words the user
/// can act on.
public struct StorageError: Error, Equatable, CustomStringConvertible {
    /// What was being done, such as "cannot write to /path".
    public let action: String
    /// The system's error number.
    public let code: Int32

    public init(_ action: String, code: Int32 = errno) {
        self.action = action
        self.code = code
    }

    /// The system's words for `code`: "No space left on device".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(action): \(reason)" }
}
