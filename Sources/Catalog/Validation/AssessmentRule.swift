/// assessment-unassignable: `assessment: true` is only for an activity a teacher assigns.
///
/// Assessment mode locks the device to the app while the student works on one quiz or
/// test; a context that is not assignable (a book, a chapter, or `assignable: false`) is
/// never opened as such an activity, so the flag is left out of every output.
enum AssessmentRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            guard let assessment = context.fields.assessment, assessment.value else { continue }
            guard !(context.fields.assignable?.value ?? !context.isDirectory) else { continue }
            bag.warning("assessment-unassignable", at: assessment.location,
                        "assessment mode applies only to an assignable activity, and this context is not assignable, so the flag is ignored; remove `assessment: true`, or set it on the quiz or test inside")
        }
    }
}
