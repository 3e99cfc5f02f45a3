import Glibc

/// The process's environment variables, read without Foundation.
enum ProcessEnvironment {
    static func all() -> [(String, String)] {
        var pairs: [(String, String)] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                pairs.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
            }
            cursor += 1
        }
        return pairs
    }
}
