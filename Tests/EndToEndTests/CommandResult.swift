import Foundation

/// The output and status of a command run to completion.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs a program with no terminal and waits for it, for at most `timeout`
/// seconds, after which it is killed and reported with status 124 (as `timeout`
/// does).
///
/// Built on `posix_spawn` and `waitpid` rather than `Process`: the tmux client
/// forks a server that outlives it, and `Process` was seen never to notice that
/// such a client had exited.
func runCommand(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    timeout: TimeInterval = 20
) throws -> CommandResult {
    let directory = FileManager.default.temporaryDirectory
    let outputPath = directory.appendingPathComponent("chat-tui-test-\(UUID().uuidString).out").path
    let errorPath = directory.appendingPathComponent("chat-tui-test-\(UUID().uuidString).err").path
    defer {
        unlink(outputPath)
        unlink(errorPath)
    }

    let pid = try spawnProgram(
        executable, arguments, standardOutput: outputPath, standardError: errorPath,
        environment: environment)

    let deadline = Date().addingTimeInterval(timeout)
    var waitStatus: Int32 = 0
    var exitStatus: Int32 = 124
    while true {
        let reaped = waitpid(pid, &waitStatus, WNOHANG)
        if reaped == pid {
            let signal = waitStatus & 0x7f
            exitStatus = signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal
            break
        }
        if reaped < 0 && errno != EINTR { throw CommandError(executable: executable, code: errno) }
        if Date() > deadline {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &waitStatus, 0)
            break
        }
        usleep(2_000)
    }
    return CommandResult(
        status: exitStatus,
        standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
        standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
}

/// Starts a program with no terminal, its standard input empty and its output
/// going to the files named, and returns its process id without waiting.
func spawnProgram(
    _ executable: String, _ arguments: [String], standardOutput: String, standardError: String,
    environment: [String: String]? = nil
) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    // A test runner's threads block most signals, and a child inherits that
    // mask: start the program as a shell would, with none blocked and every
    // signal at its default, or tmux's panes would never hear SIGWINCH or SIGHUP.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let status = withCStrings([executable] + arguments) { argv in
        withCStrings(environmentLines) { envp in
            posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
    }
    guard status == 0 else { throw CommandError(executable: executable, code: status) }

    return pid
}

/// A program that could not be started.
struct CommandError: Error, CustomStringConvertible {
    var executable: String
    var code: Int32
    var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
}

/// Calls `body` with `strings` as a NULL-terminated C array.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer {
        for pointer in pointers { free(pointer) }
    }
    return body(pointers)
}
