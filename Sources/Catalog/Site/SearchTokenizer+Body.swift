extension SearchTokenizer {
    /// Hands the terms of a body's plain text (`SearchPlainText`) to `sink`, the same as
    /// `tokenize(utf8:into:)` of its bytes, without gathering those: each node's text is
    /// tokenized where it is, and a word goes on from one node into the next as it does
    /// in the gathered text.
    static func tokenize(body: MarkdownDocument?, into sink: inout some SearchTermSink) {
        guard body != nil else { return }
        withUnsafeMutablePointer(to: &sink) { sink in
            withWord { word, fold in
                var pieces = BodyPieces(word: word, fold: fold, sink: sink)
                SearchPlainText.walk(body, into: &pieces)
                pieces.word.flush(into: &sink.pointee)
            }
        }
    }

    /// The pieces of a body's text, tokenized as they come into one word.
    private struct BodyPieces<Sink: SearchTermSink>: SearchPlainTextSink {
        var word: Word
        let fold: UnsafePointer<UInt8>
        /// The caller's sink, for the duration of `tokenize(body:into:)`.
        let sink: UnsafeMutablePointer<Sink>

        /// A space: the word ends.
        mutating func append(_ space: UInt8) { word.flush(into: &sink.pointee) }

        mutating func append(htmlBlock: String) {
            var text: [UInt8] = []
            RawHTMLText.append(htmlBlock, to: &text)
            text.withUnsafeBufferPointer { append(utf8: $0) }
        }

        mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
            word.take(utf8: utf8, fold, into: &sink.pointee)
        }
    }
}
