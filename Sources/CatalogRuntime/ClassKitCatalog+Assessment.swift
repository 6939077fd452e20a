#if canImport(AutomaticAssessmentConfiguration)
import AutomaticAssessmentConfiguration

@available(iOS 13.4, macOS 10.15.4, macCatalyst 14.0, *)
extension ClassKitCatalog {
    /// Starts an assessment session (the device locks to the app) when the context at
    /// `identifierPath` is marked `assessment: true`; returns nil, and starts nothing,
    /// otherwise. Keep the session and the delegate (the session holds it weakly), show
    /// the activity once the delegate hears `assessmentSessionDidBegin(_:)`, and call the
    /// session's `end()` when the student is done.
    @MainActor
    public func beginAssessmentIfNeeded(for identifierPath: [String],
                                        delegate: any AEAssessmentSessionDelegate,
                                        configuration: AEAssessmentConfiguration = AEAssessmentConfiguration())
        -> AEAssessmentSession? {
        guard context(at: identifierPath)?.isAssessment == true else { return nil }
        let session = AEAssessmentSession(configuration: configuration)
        session.delegate = delegate
        session.begin()
        return session
    }
}
#endif
