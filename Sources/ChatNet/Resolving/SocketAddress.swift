import Glibc

/// One address a host name resolved to, as the bytes of its `sockaddr`.
struct SocketAddress: Equatable {
    let family: Int32
    let bytes: [UInt8]

    /// The address as text: `127.0.0.1:6697`, `[::1]:6697`.
    var description: String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = bytes.withUnsafeBytes { raw in
            getnameinfo(
                raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count),
                &host, socklen_t(host.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
        }
        guard status == 0 else { return "an address" }
        let name = Self.text(host)
        let port = Self.text(service)
        return family == AF_INET6 ? "[\(name)]:\(port)" : "\(name):\(port)"
    }

    /// The text in a C buffer, up to its terminating zero.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `host` is written as an address (IPv4 or IPv6) rather than a name.
    static func isNumeric(_ host: String) -> Bool {
        var scratch = in6_addr()
        return inet_pton(AF_INET, host, &scratch) == 1 || inet_pton(AF_INET6, host, &scratch) == 1
    }
}
