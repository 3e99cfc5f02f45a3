import Glibc

/// A small configuration file of `key = value` lines, as a network's is:
/// blank lines and lines starting with `#` or `;` are skipped, a key appears
/// once, and a line that is not a setting is an error naming its line, so a
/// typo never goes unnoticed.
///
/// ```
/// # Libera.Chat
/// address = ircs://irc.libera.chat/#chat-tui,#swift
/// nick = alice
/// ```
public struct SettingsFile: Equatable, Sendable {
    /// One setting and the line it is on.
    public struct Setting: Equatable, Sendable {
        public let key: String
        public let value: String
        public let line: Int
    }

    public let path: String
    public let settings: [Setting]

    /// Why a settings file cannot be used, in words the user can act on.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(StorageError)
        case notASetting(path: String, line: Int)
        case repeated(path: String, key: String, line: Int)
        case unknownKey(path: String, key: String, line: Int, known: [String])
        case missing(path: String, key: String)
        case badValue(path: String, key: String, line: Int, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let error): return error.description
            case .notASetting(let path, let line): return "\(path):\(line): write a setting as 'key = value'"
            case .repeated(let path, let key, let line): return "\(path):\(line): '\(key)' is set twice"
            case .unknownKey(let path, let key, let line, let known):
                return "\(path):\(line): there is no setting '\(key)'; the settings are \(known.joined(separator: ", "))"
            case .missing(let path, let key): return "\(path): '\(key)' must be set"
            case .badValue(let path, let key, let line, let reason): return "\(path):\(line): \(key): \(reason)"
            }
        }
    }

    /// Reads the settings of `text`, from the file at `path`.
    public init(parsing text: String, path: String) throws(Problem) {
        self.path = path
        var settings: [Setting] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.first == "#" || line.first == ";" || line.allSatisfy(\.isWhitespace) { continue }
            guard let equals = line.firstIndex(of: "=") else { throw .notASetting(path: path, line: index + 1) }
            let key = line[..<equals].trimmingSpaces
            let value = line[line.index(after: equals)...].trimmingSpaces
            guard !key.isEmpty else { throw .notASetting(path: path, line: index + 1) }
            if settings.contains(where: { $0.key == key }) { throw .repeated(path: path, key: key, line: index + 1) }
            settings.append(Setting(key: key, value: value, line: index + 1))
        }
        self.settings = settings
    }

    /// Reads the settings file at `path`.
    public init(contentsOf path: String) throws(Problem) {
        let bytes: [UInt8]
        do throws(StorageError) {
            bytes = try Self.readWhole(path)
        } catch {
            throw .unreadable(error)
        }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// The value of `key`, if set.
    public subscript(key: String) -> Setting? {
        settings.first { $0.key == key }
    }

    /// Refuses a key not among `known`.
    public func check(known: [String]) throws(Problem) {
        for setting in settings where !known.contains(setting.key) {
            throw .unknownKey(path: path, key: setting.key, line: setting.line, known: known)
        }
    }

    /// The bytes of a small file.
    static func readWhole(_ path: String) throws(StorageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError("cannot read \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StorageError("cannot read \(path)")
            }
            if count == 0 { return bytes }
            bytes += block[..<count]
            // A settings file or a password is small: anything larger is not one.
            if bytes.count > 1 << 20 { throw StorageError("cannot read \(path) as settings", code: EFBIG) }
        }
    }
}

extension Substring {
    /// The text without the spaces and tabs around it.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
