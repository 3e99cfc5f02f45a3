/// What the command line asks for.
enum Invocation: Equatable {
    case run(Options)
    case help
    case version

    /// Reads the arguments after the program's name.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Invocation {
        var options = Options(nick: Options.defaultNick(environment: environment))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            switch name {
            case "-h", "--help": return .help
            case "-V", "--version": return .version
            case "--nick":
                guard let value = inlineValue ?? remaining.popFirst() else { throw .missingValue(name) }
                options.nick = try Options.validatedNick(value)
            default:
                if argument.hasPrefix("-") && argument != "-" { throw UsageError.unknownOption(argument) }
                throw UsageError.unexpectedArgument(argument)
            }
        }
        return .run(options)
    }

    /// `--name=value` as its name and value; anything else as itself.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
