import CTLS
import Glibc

/// A TLS session over a connected, non-blocking socket. Every call returns at
/// once: when OpenSSL needs the socket readable or writable first, the call
/// says so and is repeated when it is.
final class TLSChannel {
    /// What a call needs before it can go on.
    enum Need: Equatable {
        case nothing
        case readable
        case writable
    }

    private let context: OpaquePointer
    private let session: OpaquePointer
    private let host: String

    /// Why a connection trusting `trust` and showing `certificate` could not
    /// start, found before any connection: a CA file or client certificate
    /// that does not exist, cannot be read, or holds no PEM. Nil when both
    /// can be used. Asked at start, so a file named wrong stops chat-tui
    /// with the reason instead of failing every try.
    static func problem(trusting trust: TLSTrust, certificate: String?) -> ConnectionProblem? {
        for path in [trust.caFile, certificate].compactMap({ $0 }) where access(path, R_OK) != 0 {
            let reason = String(cString: strerror(errno))
            return path == trust.caFile ? .unreadableCA(path, reason: reason) : .unreadableCertificate(path, reason: reason)
        }
        do throws(ConnectionProblem) {
            SSL_CTX_free(try context(trusting: trust, certificate: certificate))
            return nil
        } catch {
            return error
        }
    }

    /// A context trusting the system's store and `trust.caFile`, showing the
    /// client `certificate` when given: what every session starts from, and
    /// what the check at start makes once.
    private static func context(trusting trust: TLSTrust, certificate: String?) throws(ConnectionProblem) -> OpaquePointer {
        guard let context = chat_tls_context(trust.caFile) else {
            throw trust.caFile.map { .unreadableCA($0, reason: nil) } ?? .handshakeFailed(lastError())
        }
        if let certificate, chat_tls_use_certificate(context, certificate) != 1 {
            SSL_CTX_free(context)
            throw .unreadableCertificate(certificate, reason: nil)
        }
        return context
    }

    /// Starts a session for `host` on `descriptor`, trusting the system's
    /// store and `trust.caFile`, and showing the client `certificate` when given.
    init(descriptor: Int32, host: String, trust: TLSTrust, certificate: String?) throws(ConnectionProblem) {
        let context = try Self.context(trusting: trust, certificate: certificate)
        guard let session = chat_tls_session(context, descriptor, host, SocketAddress.isNumeric(host) ? 1 : 0) else {
            SSL_CTX_free(context)
            throw .handshakeFailed(Self.lastError())
        }
        self.context = context
        self.session = session
        self.host = host
    }

    deinit {
        SSL_free(session)
        SSL_CTX_free(context)
    }

    /// Goes on with the handshake; `.nothing` once it is done.
    func handshake() throws(ConnectionProblem) -> Need {
        let result = SSL_connect(session)
        if result == 1 { return .nothing }
        return try need(after: result, failing: { .handshakeFailed($0) })
    }

    /// Checks the server's certificate by `trust`, once the handshake is done
    /// and before anything is sent.
    func verify(_ trust: TLSTrust) throws(ConnectionProblem) {
        var digest = [UInt8](repeating: 0, count: 32)
        guard chat_tls_peer_sha256(session, &digest) == 1 else {
            throw .handshakeFailed("the server showed no certificate")
        }
        let seen = Fingerprint(bytes: digest)
        if let pinned = trust.pinned {
            guard pinned == seen else {
                throw .untrusted(
                    CertificateProblem(
                        reason: .fingerprintMismatch(pinned: pinned.description),
                        fingerprint: seen.description))
            }
            return
        }
        let result = Int32(SSL_get_verify_result(session))
        guard result != X509_V_OK else { return }
        let reason: CertificateProblem.Reason
        switch result {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
            X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            reason = .unknownIssuer
        case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
            var names = [CChar](repeating: 0, count: 1024)
            chat_tls_peer_names(session, &names, names.count)
            reason = .nameMismatch(given: host, names: SocketAddress.text(names))
        case X509_V_ERR_CERT_HAS_EXPIRED:
            reason = .expired
        case X509_V_ERR_CERT_NOT_YET_VALID:
            reason = .notYetValid
        default:
            reason = .other(String(cString: X509_verify_cert_error_string(Int(result))))
        }
        throw .untrusted(CertificateProblem(reason: reason, fingerprint: seen.description))
    }

    /// Reads what has arrived into `buffer`: the count, 0 at the end of the
    /// stream, or what it needs first (with a count of -1).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConnectionProblem) -> (count: Int, need: Need) {
        let count = SSL_read(session, buffer.baseAddress, Int32(buffer.count))
        if count > 0 { return (Int(count), .nothing) }
        if SSL_get_error(session, count) == SSL_ERROR_ZERO_RETURN { return (0, .nothing) }
        return (-1, try need(after: count, failing: { .lost($0) }))
    }

    /// Writes what it can of `bytes`: the count written, or what it needs first.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ConnectionProblem) -> (count: Int, need: Need) {
        let count = SSL_write(session, bytes.baseAddress, Int32(bytes.count))
        if count > 0 { return (Int(count), .nothing) }
        return (0, try need(after: count, failing: { .lost($0) }))
    }

    /// Says goodbye to the server, without waiting for its answer.
    func shutdown() {
        _ = SSL_shutdown(session)
    }

    /// What a call that returned `result` needs, or the failure it was.
    private func need(after result: Int32, failing: (String) -> ConnectionProblem) throws(ConnectionProblem) -> Need {
        switch SSL_get_error(session, result) {
        case SSL_ERROR_WANT_READ: return .readable
        case SSL_ERROR_WANT_WRITE: return .writable
        case SSL_ERROR_SYSCALL:
            let code = errno
            ERR_clear_error()
            if result == 0 || code == 0 { throw .closedByServer }
            throw failing(String(cString: strerror(code)))
        case SSL_ERROR_ZERO_RETURN:
            throw .closedByServer
        default:
            throw Self.problem(reason: Self.lastError(), failing: failing)
        }
    }

    /// OpenSSL's words for a failure as a problem a person reads: the codes
    /// before its reason left out, and the reasons met in a day on IRC said
    /// as sentences (a server gone away closed the connection).
    static func problem(reason: String, failing: (String) -> ConnectionProblem) -> ConnectionProblem {
        // `error:0A000126:SSL routines::unexpected eof while reading`: the words are after the last colon.
        let words = reason.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? reason
        switch words {
        case "unexpected eof while reading": return .closedByServer
        case "unsupported protocol": return failing("the server offers no TLS version chat-tui takes (1.2 or later)")
        case "wrong version number", "packet length too long", "record layer failure":
            return failing("the server did not answer in TLS (is it a plain irc:// port?)")
        default: return failing(words.isEmpty ? reason : words)
        }
    }

    private static func lastError() -> String {
        var text = [CChar](repeating: 0, count: 256)
        chat_tls_last_error(&text, text.count)
        let words = SocketAddress.text(text)
        return words.isEmpty ? "unknown error" : words
    }
}

extension TLSTrust {
    /// Why a connection trusting this and showing `certificate` could not
    /// start (a file missing, unreadable, or without PEM); nil when it can.
    public func problem(showing certificate: String?) -> ConnectionProblem? {
        TLSChannel.problem(trusting: self, certificate: certificate)
    }
}
