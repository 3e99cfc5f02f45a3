import Glibc

/// Where chat-tui keeps its files, following the XDG base directory rules.
public enum DataFolders {
    /// `$XDG_DATA_HOME/chat-tui/rooms`, with `~/.local/share` when the variable is
    /// unset, empty or not an absolute path (as the rules say to ignore it).
    public static func rooms(environment: [String: String]) -> String {
        dataHome(environment: environment) + "/chat-tui/rooms"
    }

    /// `$XDG_STATE_HOME/chat-tui/drafts`, with `~/.local/state` when the variable
    /// is unset, empty or not an absolute path.
    public static func drafts(environment: [String: String]) -> String {
        xdgFolder("XDG_STATE_HOME", else: ".local/state", environment: environment) + "/chat-tui/drafts"
    }

    /// `$XDG_STATE_HOME/chat-tui/outbox`: what the user sent to a network that
    /// it has not confirmed, kept until it does.
    public static func outbox(environment: [String: String]) -> String {
        xdgFolder("XDG_STATE_HOME", else: ".local/state", environment: environment) + "/chat-tui/outbox"
    }

    /// `$XDG_CONFIG_HOME/chat-tui`, with `~/.config` when the variable is unset,
    /// empty or not an absolute path: where networks are written once.
    public static func configuration(environment: [String: String]) -> String {
        xdgFolder("XDG_CONFIG_HOME", else: ".config", environment: environment) + "/chat-tui"
    }

    static func dataHome(environment: [String: String]) -> String {
        xdgFolder("XDG_DATA_HOME", else: ".local/share", environment: environment)
    }

    /// The folder an XDG variable names when it holds an absolute path, else
    /// `fallback` in the home folder.
    static func xdgFolder(_ variable: String, else fallback: String, environment: [String: String]) -> String {
        if let folder = environment[variable], folder.hasPrefix("/") { return folder }
        return home(environment: environment) + "/" + fallback
    }

    /// `$HOME`, else the home folder in the password database.
    static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// Makes `path` and the folders above it, private to the user (0700), as `mkdir -p` does.
    public static func makeFolder(_ path: String) throws(StorageError) {
        var built = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw StorageError("cannot make the folder \(built)")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw StorageError("cannot use \(path) as a folder", code: ENOTDIR)
        }
    }

    /// The names in `folder`, but `.` and `..`, in no order.
    public static func names(in folder: String) throws(StorageError) -> [String] {
        guard let directory = opendir(folder) else { throw StorageError("cannot read \(folder)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
