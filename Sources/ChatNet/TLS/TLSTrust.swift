/// Which servers a TLS connection trusts. Verification is always on: the chain
/// to a trusted CA, the name or address the user gave, and the dates; or,
/// when a fingerprint is pinned, exactly that certificate.
public struct TLSTrust: Equatable, Sendable {
    /// A PEM file of CAs trusted besides the system's store.
    public var caFile: String?
    /// The one certificate trusted, instead of any chain.
    public var pinned: Fingerprint?

    public init(caFile: String? = nil, pinned: Fingerprint? = nil) {
        self.caFile = caFile
        self.pinned = pinned
    }
}
