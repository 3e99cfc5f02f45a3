import Glibc

/// Why a connection could not be made or was lost, in words the user can act on.
public enum ConnectionProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name has no address (getaddrinfo's words).
    case lookupFailed(String)
    /// No address of the host accepted the connection; the last one's reason.
    case refused(address: String, reason: String)
    /// The server's certificate was not accepted: nothing was sent to it.
    case untrusted(CertificateProblem)
    /// The TLS handshake failed before a certificate could be judged (OpenSSL's words).
    case handshakeFailed(String)
    /// The server closed the connection.
    case closedByServer
    /// Looking up, connecting and the handshake took longer than this many seconds.
    case timedOut(seconds: Int)
    /// The server was asked whether it is there and did not answer: the link is dead.
    case noAnswer(seconds: Int)
    /// Reading or writing failed.
    case lost(String)
    /// The CA file given to trust could not be read: the system's reason
    /// when it could not be opened, nil when it holds no certificate.
    case unreadableCA(String, reason: String?)
    /// The client certificate or its key could not be read (the system's
    /// reason, when it could not be opened), or they do not match.
    case unreadableCertificate(String, reason: String?)
    /// A call to the system failed.
    case system(String, Int32)

    /// The problem in a word or two, where there is room for no more (the
    /// room bar); `description` says it whole.
    public var brief: String {
        switch self {
        case .lookupFailed: "address not found"
        case .refused: "refused"
        case .untrusted: "certificate not trusted"
        case .handshakeFailed: "TLS failed"
        case .closedByServer: "closed by the server"
        case .timedOut: "timed out"
        case .noAnswer: "no answer"
        case .lost: "connection lost"
        case .unreadableCA: "CA file unreadable"
        case .unreadableCertificate: "certificate unusable"
        case .system: "system error"
        }
    }

    public var description: String {
        switch self {
        case .lookupFailed(let reason): return "cannot find the server's address: \(reason)"
        case .refused(let address, let reason): return "cannot connect to \(address): \(reason)"
        case .untrusted(let problem): return problem.description
        case .handshakeFailed(let reason): return "the TLS handshake failed: \(reason)"
        case .closedByServer: return "the server closed the connection"
        case .timedOut(let seconds): return "no connection after \(seconds) seconds"
        case .noAnswer(let seconds): return "the server has not answered for \(seconds) seconds"
        case .lost(let reason): return "the connection was lost: \(reason)"
        case .unreadableCA(let path, let reason?): return "cannot read the CA certificates in \(path): \(reason)"
        case .unreadableCA(let path, nil): return "cannot read the CA certificates in \(path) (PEM expected)"
        case .unreadableCertificate(let path, let reason?): return "cannot read the client certificate in \(path): \(reason)"
        case .unreadableCertificate(let path, nil):
            return "cannot use the client certificate in \(path) (PEM expected: the certificate and its private key in one file)"
        case .system(let what, let code): return "\(what): \(String(cString: strerror(code)))"
        }
    }
}

/// What was wrong with a server's certificate, and the fingerprint of the one
/// it showed, so the user can decide to trust it.
public struct CertificateProblem: Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Not signed by a CA chat-tui trusts (self-signed, or a private CA).
        case unknownIssuer
        /// For other names than the one the user gave.
        case nameMismatch(given: String, names: String)
        case expired
        case notYetValid
        /// The pinned fingerprint (`--tls-fingerprint`) is not this certificate's.
        case fingerprintMismatch(pinned: String)
        /// Any other failure, in OpenSSL's words.
        case other(String)
    }

    public let reason: Reason
    /// `SHA256:AB:CD:…` of the certificate the server showed.
    public let fingerprint: String

    public var description: String {
        let what: String
        switch reason {
        case .unknownIssuer:
            what = "its certificate is not signed by a CA chat-tui trusts (unknown issuer)"
        case .nameMismatch(let given, let names):
            what = "its certificate is for \(names.isEmpty ? "other names" : names), not \(given)"
        case .expired:
            what = "its certificate has expired"
        case .notYetValid:
            what = "its certificate is not valid yet (is the clock right?)"
        case .fingerprintMismatch(let pinned):
            what = "its certificate is not the one pinned (\(pinned))"
        case .other(let text):
            what = "its certificate was refused: \(text)"
        }
        // How to trust the server is the program's to say: it knows where the network was given.
        return "the server is not trusted: \(what)"
    }
}
