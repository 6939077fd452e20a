import Foundation

open class AEAssessmentConfiguration: NSObject {
    override public init() {}
}

public protocol AEAssessmentSessionDelegate: NSObjectProtocol {}

open class AEAssessmentSession: NSObject {
    open weak var delegate: (any AEAssessmentSessionDelegate)?
    open private(set) var isActive = false

    public init(configuration: AEAssessmentConfiguration) {}

    open func begin() {}
    open func end() {}
}
