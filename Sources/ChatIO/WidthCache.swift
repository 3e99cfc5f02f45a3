import Glibc
import TextWidth

/// What the width probe measured on each kind of terminal, kept in
/// `$XDG_CACHE_HOME/chat-tui/widths/` (`~/.cache` when unset) so that only the
/// first start on a terminal pays for the probe.
public struct WidthCache {
    /// The folder the files are in.
    public let folder: String

    /// Bumped whenever the samples change, so old measurements are not trusted.
    static let formatVersion = "chat-tui width probe 2"

    public init(environment: [String: String]) {
        folder = DataFolders.xdgFolder("XDG_CACHE_HOME", else: ".cache", environment: environment) + "/chat-tui/widths"
    }

    /// Which terminal a measurement belongs to: its type and program, their
    /// version, and the multiplexers in between, which answer for the terminal.
    public static func identity(environment: [String: String]) -> String {
        var parts = ["TERM=" + (environment["TERM"] ?? "")]
        if let program = environment["TERM_PROGRAM"] {
            parts.append("TERM_PROGRAM=" + program)
            if let version = environment["TERM_PROGRAM_VERSION"] { parts.append("version=" + version) }
        }
        if environment["TMUX"] != nil { parts.append("tmux") }
        if environment["STY"] != nil { parts.append("screen") }
        return parts.joined(separator: " ")
    }

    /// The file for `identity`: its name is the identity with anything but
    /// letters, digits, `.`, `-` and `=` made `_`.
    public func path(for identity: String) -> String {
        let name = String(
            identity.unicodeScalars.map { scalar -> Character in
                let allowed =
                    scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || ".-=".unicodeScalars.contains(scalar))
                return allowed ? Character(scalar) : "_"
            })
        return folder + "/" + String(name.prefix(200))
    }

    /// The measurements stored for `identity`: nil when there are none, they are
    /// from another version, or they hold no answer at all (a terminal that did
    /// not answer in time is asked again, never taken to have said nothing).
    public func load(identity: String) -> [WidthProbe.Sample: Int]? {
        guard let file = fopen(path(for: identity), "r") else { return nil }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            lines.append(line.hasSuffix("\n") ? String(line.dropLast()) : line)
        }
        guard lines.first == Self.formatVersion, lines.count >= 2, lines[1] == "identity " + identity else {
            return nil
        }
        var measured: [WidthProbe.Sample: Int] = [:]
        for line in lines.dropFirst(2) {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let sample = WidthProbe.Sample(rawValue: String(parts[0])),
                let columns = Int(parts[1])
            else { return nil }
            measured[sample] = columns
        }
        return measured.isEmpty ? nil : measured
    }

    /// Stores the measurements for `identity`, replacing the file in one rename.
    public func save(_ measured: [WidthProbe.Sample: Int], identity: String) throws(StorageError) {
        try DataFolders.makeFolder(folder)
        var text = Self.formatVersion + "\nidentity " + identity + "\n"
        for sample in WidthProbe.Sample.allCases {
            if let columns = measured[sample] { text += "\(sample.rawValue) \(columns)\n" }
        }
        try FileWriting.replace(path(for: identity), with: Array(text.utf8))
    }
}
