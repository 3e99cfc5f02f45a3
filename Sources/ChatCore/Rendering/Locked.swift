import Glibc

/// A value shared between threads, guarded by a POSIX mutex.
///
/// Synchronization's `Mutex` would do the same, but on Linux it waits through
/// the standard library's own atomics, which ThreadSanitizer does not see
/// synchronize: the sanitizer run reported the accesses it guards as races.
/// A `pthread_mutex_t` is seen.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, no other thread in the meantime.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
