import Glibc

/// Looks up a host's addresses without holding up the run loop: `getaddrinfo`
/// blocks, so it runs on a thread of its own, which writes the answer into a
/// pipe whose read end the loop waits on with everything else.
final class Resolver {
    /// The descriptor that becomes readable when the answer is ready.
    let descriptor: Int32
    private var answer: [UInt8] = []

    /// Starts looking up `host` for TCP on `port`.
    init(host: String, port: UInt16) throws(ConnectionProblem) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .system("cannot make a pipe", errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let job = Unmanaged.passRetained(Job(host: host, port: port, descriptor: ends[1])).toOpaque()
        var thread = pthread_t()
        guard
            pthread_create(
                &thread, nil,
                { raw in
                    let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                    job.run()
                    return nil
                }, job) == 0
        else {
            Unmanaged<Job>.fromOpaque(job).release()
            close(ends[0])
            close(ends[1])
            throw .system("cannot start looking up \(host)", errno)
        }
        pthread_detach(thread)
        // Set last: a resolver that throws once it is whole is deinitialized,
        // and its deinit would close the read end a second time.
        descriptor = ends[0]
    }

    deinit {
        close(descriptor)
    }

    /// Reads what is ready; the addresses once the answer is whole, nil while
    /// it is not.
    func addresses() throws(ConnectionProblem) -> [SocketAddress]? {
        var block = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                answer += block[..<count]
            } else if count == 0 {
                return try Job.decode(answer)
            } else if errno == EINTR {
                continue
            } else {
                return nil
            }
        }
    }

    /// The lookup, on its own thread: the answer is written as records of a
    /// family byte, a length byte and the address, or as 0xFF and the error.
    private final class Job: @unchecked Sendable {
        let host: String
        let port: UInt16
        let descriptor: Int32

        init(host: String, port: UInt16, descriptor: Int32) {
            self.host = host
            self.port = port
            self.descriptor = descriptor
        }

        func run() {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = AI_ADDRCONFIG
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            var bytes: [UInt8] = []
            if status != 0 {
                bytes = [0xFF] + Array(String(cString: gai_strerror(status)).utf8)
            } else {
                var entry = list
                while let item = entry {
                    let length = Int(item.pointee.ai_addrlen)
                    if let address = item.pointee.ai_addr, length <= 255 {
                        bytes.append(UInt8(truncatingIfNeeded: item.pointee.ai_family))
                        bytes.append(UInt8(length))
                        bytes += UnsafeRawBufferPointer(start: address, count: length)
                    }
                    entry = item.pointee.ai_next
                }
                freeaddrinfo(list)
            }
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    break
                }
            }
            close(descriptor)
        }

        static func decode(_ bytes: [UInt8]) throws(ConnectionProblem) -> [SocketAddress] {
            if bytes.first == 0xFF { throw .lookupFailed(String(decoding: bytes.dropFirst(), as: UTF8.self)) }
            var addresses: [SocketAddress] = []
            var index = 0
            while index + 2 <= bytes.count {
                let length = Int(bytes[index + 1])
                guard index + 2 + length <= bytes.count else { break }
                addresses.append(SocketAddress(family: Int32(bytes[index]), bytes: Array(bytes[index + 2..<index + 2 + length])))
                index += 2 + length
            }
            if addresses.isEmpty { throw .lookupFailed("no address") }
            return addresses
        }
    }
}
