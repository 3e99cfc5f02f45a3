import Glibc

/// A client connection to a server, plain or over verified TLS, driven by the
/// run loop: it never blocks. The loop waits on `descriptor` (for writing too
/// while `wantsWrite`) and calls `advance` when it is ready; the connection
/// moves from looking up the name, to connecting (trying each address), to the
/// TLS handshake and the check of the certificate, to open, and reports what
/// happened on the way.
public final class Connection {
    /// Where a connection is.
    public enum Phase: Equatable, Sendable {
        case resolving
        case connecting
        case handshaking
        case open
        case closed
    }

    /// What `advance` saw happen.
    public enum Happening: Equatable, Sendable {
        /// Connected (and, over TLS, the server trusted) at this address.
        case opened(address: String)
        /// Bytes from the server.
        case received([UInt8])
        /// The connection ended, or never opened; it stays closed.
        case closed(ConnectionProblem)
    }

    public let host: String
    public let port: UInt16
    /// How the server is trusted, or nil for a plain connection.
    public let trust: TLSTrust?
    /// The PEM file of the certificate (and key) shown to the server, if any.
    public let certificate: String?
    public private(set) var phase = Phase.resolving

    private var resolver: Resolver?
    private var addresses: [SocketAddress] = []
    private var socket: Int32 = -1
    private var tls: TLSChannel?
    /// What the TLS session needs before it can go on.
    private var tlsNeed = TLSChannel.Need.nothing
    /// Bytes waiting to be written, from `written` on.
    private var outgoing: [UInt8] = []
    private var written = 0
    /// A problem found outside `advance`, reported at its next call.
    private var pendingProblem: ConnectionProblem?
    private var lastRefusal: ConnectionProblem?

    /// Starts connecting to `host` on `port`: over TLS when `trust` is given,
    /// showing the client `certificate` when one is.
    public init(host: String, port: UInt16, trust: TLSTrust?, certificate: String? = nil) {
        self.host = host
        self.port = port
        self.trust = trust
        self.certificate = certificate
        // A write to a socket the server closed is an error to report, not a death.
        signal(SIGPIPE, SIG_IGN)
        do {
            resolver = try Resolver(host: host, port: port)
        } catch {
            pendingProblem = error
        }
    }

    deinit {
        if socket >= 0 { Glibc.close(socket) }
    }

    /// The descriptor to wait on, nil once closed.
    public var descriptor: Int32? {
        switch phase {
        case .resolving: return resolver?.descriptor
        case .closed: return nil
        default: return socket
        }
    }

    /// True while the connection waits to write: connecting, or output queued.
    public var wantsWrite: Bool {
        switch phase {
        case .resolving, .closed: return false
        case .connecting: return true
        case .handshaking: return tlsNeed == .writable
        case .open: return written < outgoing.count || tlsNeed == .writable
        }
    }

    /// Queues `bytes` to be written in order; they are written as the socket
    /// takes them. Bytes sent before the connection opens wait for it.
    public func send(_ bytes: [UInt8]) {
        guard phase != .closed else { return }
        outgoing += bytes
    }

    /// True while queued bytes have not all been written.
    public var hasUnwrittenOutput: Bool { written < outgoing.count }

    /// Gives up on the connection (it took too long to open, or the server
    /// stopped answering): it closes, and `advance` reports `problem`.
    public func abandon(_ problem: ConnectionProblem) {
        guard phase != .closed else { return }
        pendingProblem = problem
    }

    /// Closes the connection after writing what is queued, as far as the socket
    /// takes it without waiting.
    public func close() {
        guard phase != .closed else { return }
        if phase == .open { _ = try? flush() }
        tls?.shutdown()
        finish()
    }

    /// Does whatever can be done now without waiting, and says what happened.
    public func advance() -> [Happening] {
        var happenings: [Happening] = []
        do throws(ConnectionProblem) {
            if let problem = pendingProblem { throw problem }
            var progressed = true
            while progressed && phase != .closed {
                progressed = false
                switch phase {
                case .resolving:
                    guard let found = try resolver?.addresses() else { break }
                    resolver = nil
                    addresses = found
                    try connectNext()
                    progressed = true
                case .connecting:
                    progressed = try checkConnected()
                    if phase == .open { happenings.append(.opened(address: currentAddress)) }
                case .handshaking:
                    tlsNeed = try tls!.handshake()
                    if tlsNeed == .nothing {
                        try tls!.verify(trust ?? TLSTrust())
                        phase = .open
                        happenings.append(.opened(address: currentAddress))
                        progressed = true
                    }
                case .open:
                    let bytes = try readAvailable()
                    if !bytes.isEmpty { happenings.append(.received(bytes)) }
                    _ = try flush()
                case .closed:
                    break
                }
            }
        } catch {
            happenings.append(.closed(error))
            finish()
        }
        return happenings
    }

    /// The address being connected to, as text.
    private var currentAddress = ""

    /// Starts connecting to the next address, or fails with the last refusal.
    private func connectNext() throws(ConnectionProblem) {
        if socket >= 0 {
            Glibc.close(socket)
            socket = -1
        }
        guard !addresses.isEmpty else {
            throw lastRefusal ?? .refused(address: "\(host):\(port)", reason: "no address to try")
        }
        let address = addresses.removeFirst()
        currentAddress = address.description
        socket = Glibc.socket(
            address.family,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .system("cannot make a socket", errno) }
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let result = address.bytes.withUnsafeBytes {
            Glibc.connect(socket, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        phase = .connecting
        if result != 0 && errno != EINPROGRESS {
            lastRefusal = .refused(address: currentAddress, reason: String(cString: strerror(errno)))
            try connectNext()
        }
    }

    /// True once the socket connected (and the next phase began), trying the
    /// next address when this one failed.
    private func checkConnected() throws(ConnectionProblem) -> Bool {
        var ready = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return false }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
        if error != 0 {
            lastRefusal = .refused(address: currentAddress, reason: String(cString: strerror(error)))
            try connectNext()
            return true
        }
        if let trust {
            tls = try TLSChannel(descriptor: socket, host: host, trust: trust, certificate: certificate)
            phase = .handshaking
        } else {
            phase = .open
        }
        return true
    }

    /// The most bytes one `advance` reads: a pour is taken in turns short
    /// enough (about a millisecond of work, some twenty messages) that a key
    /// typed meanwhile waits for one turn, not for everything the server has sent.
    public static let readLimit = 4096

    /// True when `advance` stopped reading at `readLimit` with more to read:
    /// it should be called again without waiting for the socket, since what
    /// TLS has already decrypted does not make the socket readable.
    public private(set) var hasMoreToRead = false

    /// What the server sent that can be read now, up to `readLimit` bytes.
    private func readAvailable() throws(ConnectionProblem) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 4096)
        hasMoreToRead = false
        while true {
            if bytes.count >= Self.readLimit {
                hasMoreToRead = true
                return bytes
            }
            if let tls {
                let (count, need) = try block.withUnsafeMutableBytes { raw in
                    Result { () throws(ConnectionProblem) in try tls.read(into: raw) }
                }.get()
                if count > 0 {
                    bytes += block[..<count]
                    continue
                }
                if count == 0 { throw .closedByServer }
                tlsNeed = need
                return bytes
            }
            let count = block.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += block[..<count]
            } else if count == 0 {
                if bytes.isEmpty { throw .closedByServer }
                return bytes
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return bytes
            } else {
                throw .lost(String(cString: strerror(errno)))
            }
        }
    }

    /// Writes what is queued until the socket takes no more; true when all is written.
    private func flush() throws(ConnectionProblem) -> Bool {
        while written < outgoing.count {
            let count: Int
            if let tls {
                let (wrote, need) = try outgoing[written...].withUnsafeBytes { raw in
                    Result { () throws(ConnectionProblem) in try tls.write(raw) }
                }.get()
                if wrote == 0 {
                    tlsNeed = need
                    return false
                }
                count = wrote
            } else {
                count = outgoing[written...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { return false }
                    throw .lost(String(cString: strerror(errno)))
                }
            }
            written += count
        }
        outgoing.removeAll(keepingCapacity: true)
        written = 0
        return true
    }

    private func finish() {
        phase = .closed
        resolver = nil
        tls = nil
        if socket >= 0 {
            Glibc.close(socket)
            socket = -1
        }
        outgoing = []
        written = 0
    }
}
