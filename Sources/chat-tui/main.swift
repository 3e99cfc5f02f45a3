import Glibc
import TUI

private func fail(_ message: String, status: Int32) -> Never {
    let text = "chat-tui: \(message)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(status)
}

var environment: [String: String] = [:]
for (key, value) in ProcessEnvironment.all() { environment[key] = value }

let invocation: Invocation
do {
    invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    fail("\(error)\nTry 'chat-tui --help' for more information.", status: 2)
}

switch invocation {
case .help:
    print(Options.help)
case .version:
    print(Options.version)
case .run(let options):
    do {
        if let signal = try ChatApp(options: options, environment: environment).run() {
            StopSignals.die(of: signal)
        }
    } catch {
        fail("\(error)", status: 2)
    }
}
