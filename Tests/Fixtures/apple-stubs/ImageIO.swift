import Foundation

// CoreGraphics, which ImageIO re-exports.
public final class CGImage {}

// Core Foundation's toll-free bridged URL.
public typealias CFURL = NSURL
public final class CGImageSource {}
public typealias CFDictionary = NSDictionary

public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? { nil }
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? { nil }
