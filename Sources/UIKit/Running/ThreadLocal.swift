import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An object per thread, as UIKit keeps its per-thread state (the current trait collection, the
/// stack of graphics contexts): each thread sees only the object it set, so the object need not
/// be Sendable, and the holder is (it is only the key).
final class ThreadLocal<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        // The thread's object is released when the thread ends.
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): the process has no thread-local keys left")
        self.key = key
    }

    /// The calling thread's object, or nil before it set one.
    var value: Value? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? Value
        }
        set {
            let old = pthread_getspecific(key)
            pthread_setspecific(key, newValue.map { Unmanaged<AnyObject>.passRetained($0).toOpaque() })
            if let old { Unmanaged<AnyObject>.fromOpaque(old).release() }
        }
    }
}
