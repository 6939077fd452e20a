/// A value kept in one immutable object that copies of its holder share: copying the
/// holder retains one reference, where copying the value retained and released every field
/// it holds. A holder changes a field by replacing the box (`changed`). `LoadedContext` and
/// `ContextVersion` keep their values this way: they are copied far more often than changed
/// (every validation rule walks the contexts; the site stage takes a version several times
/// a page).
final class SharedValues<Values: Sendable>: Sendable {
    let values: Values

    init(_ values: Values) { self.values = values }

    /// A new box of the values with `change` made.
    func changed(_ change: (inout Values) -> Void) -> SharedValues {
        var values = values
        change(&values)
        return SharedValues(values)
    }
}
