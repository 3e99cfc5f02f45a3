import Glibc

/// A password, read from a file only its owner can read or from an
/// environment variable, never from the command line. It is never written
/// out: its description is elided.
public struct Secret: Equatable, Sendable, CustomStringConvertible {
    /// The password itself.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "(password elided)" }

    /// Why a password could not be had, in words the user can act on.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(StorageError)
        /// Others than the owner can read the file: it is refused.
        case readableByOthers(path: String, mode: UInt32)
        case empty(String)
        case unsetVariable(String)

        public var description: String {
            switch self {
            case .unreadable(let error): return "cannot read the password: \(error)"
            case .readableByOthers(let path, let mode):
                return "refusing the password in \(path): others can read it (mode \(String(mode, radix: 8))); "
                    + "make it yours alone with chmod 600 \(path)"
            case .empty(let source): return "the password in \(source) is empty"
            case .unsetVariable(let name): return "the password variable \(name) is not set"
            }
        }
    }

    /// The first line of the file at `path`, which must not be readable,
    /// writable or runnable by its group or others.
    public static func read(file path: String) throws(Problem) -> Secret {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadable(StorageError("cannot read \(path)")) }
        let mode = UInt32(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .readableByOthers(path: path, mode: mode) }
        let bytes: [UInt8]
        do throws(StorageError) {
            bytes = try SettingsFile.readWhole(path)
        } catch {
            throw .unreadable(error)
        }
        let line = bytes.split(separator: 10, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let text = String(decoding: line.last == 13 ? line.dropLast() : line[...], as: UTF8.self)
        guard !text.isEmpty else { throw .empty(path) }
        return Secret(text)
    }

    /// The value of the environment variable `name`.
    public static func read(variable name: String, environment: [String: String]) throws(Problem) -> Secret {
        guard let value = environment[name] else { throw .unsetVariable(name) }
        guard !value.isEmpty else { throw .empty("$" + name) }
        return Secret(value)
    }
}
