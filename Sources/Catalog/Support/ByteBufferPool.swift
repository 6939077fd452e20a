/// Memory for page buffers, given back when a page's bytes are written and taken again by
/// a later page: the site stage's render threads made a new buffer for every page, which
/// the writing thread then freed into the render thread's malloc arena (a contended lock
/// there, and the heap grown and trimmed again, page faults included, page after page).
///
/// Blocks are kept up to `keptBytes` in all, none under `smallestBlock` (the 64 bytes a
/// buffer starts again with after `takeData`) or over `largestBlock`; the rest are freed
/// as before. The blocks kept are freed with the pool.
final class ByteBufferPool: @unchecked Sendable {
    /// A block of memory and its size; only this pool and the buffer it lends it to use it.
    struct Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
    }

    let keptBytes: Int
    let smallestBlock: Int
    let largestBlock: Int
    private let blocks = Locked<(free: [Block], bytes: Int)>(([], 0))

    init(keptBytes: Int = 8 << 20, smallestBlock: Int = 4096, largestBlock: Int = 1 << 20) {
        self.keptBytes = keptBytes
        self.smallestBlock = smallestBlock
        self.largestBlock = largestBlock
    }

    deinit {
        blocks.withLock { for block in $0.free { block.base.deallocate() } }
    }

    /// A kept block of at least `capacity` bytes (the one given back last among them), or a new one.
    func take(capacity: Int) -> Block {
        let kept: Block? = blocks.withLock { kept in
            guard let index = kept.free.lastIndex(where: { $0.capacity >= capacity }) else { return nil }
            let block = kept.free.remove(at: index)
            kept.bytes -= block.capacity
            return block
        }
        return kept ?? Block(base: .allocate(capacity: capacity), capacity: capacity)
    }

    /// Keeps the block for a later page, or frees it when the pool is full or its size is not kept.
    func give(_ block: Block) {
        let kept = (smallestBlock...largestBlock).contains(block.capacity) && blocks.withLock { kept in
            guard kept.bytes + block.capacity <= keptBytes else { return false }
            kept.free.append(block)
            kept.bytes += block.capacity
            return true
        }
        if !kept { block.base.deallocate() }
    }

    /// How many blocks are kept, and their bytes.
    var kept: (blocks: Int, bytes: Int) { blocks.withLock { ($0.free.count, $0.bytes) } }
}
