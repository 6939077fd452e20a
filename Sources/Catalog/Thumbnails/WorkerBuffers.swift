import Foundation

/// Memory one worker reuses from image to image: the source file's bytes, the area
/// filter's sums and the decoder's batch of rows. Fresh multi-megabyte buffers per image
/// cost more than they seem: each is mapped, faulted in page by page and zeroed by the
/// kernel (about 1,500 page faults per photo before these were kept). Used by one thread
/// at a time.
final class WorkerBuffers {
    let source = SourceBuffer()
    let sums = ReusableBuffer<SIMD4<Float>>()
    let line = ReusableBuffer<SIMD4<Float>>()
    let rows = ReusableBuffer<UInt8>()
}

/// A buffer that grows to the largest size asked for and is kept for the next use.
final class ReusableBuffer<Element> {
    private var storage: UnsafeMutablePointer<Element>?
    private var capacity = 0

    init() {}

    deinit { storage?.deallocate() }

    /// At least `count` elements (uninitialised, or what the last user left), valid until
    /// the next call.
    func take(_ count: Int) -> UnsafeMutablePointer<Element> {
        if let storage, capacity >= count { return storage }
        storage?.deallocate()
        capacity = max(1, count)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        storage = fresh
        return fresh
    }
}
