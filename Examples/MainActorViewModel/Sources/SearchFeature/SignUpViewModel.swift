import Rill

/// A sign-up form in ReactiveSwift's style: its state in property wrappers, derived properties
/// for the view, a command over the form's state, and a record of every address entered written
/// on a scheduler of its own. Its lifetime is made from a token, which `close()` replaces to end
/// every binding at once.
@MainActor
public final class SignUpViewModel: LifetimeProviding {
    public nonisolated let lifetime: Lifetime
    private var token = Lifetime.Token()

    /// The address the user typed.
    @MutableProperty public var email: String
    /// Whether the user accepted the terms.
    @MutableProperty public var acceptsTerms: Bool
    /// Whether the form can be sent: a valid address and the terms accepted.
    @Property public var canSubmit: Bool
    /// The address's domain, changed only when it changes by more than letter case.
    @Property public var domain: String
    /// Sends the form: its work receives the address at the moment it runs.
    public let submit: Command<Void, String, Never>

    private let entered = MutableProperty<[String]>([])
    /// The addresses entered, each once whatever its letter case, as recorded on the scheduler.
    public var enteredAddresses: [String] { entered.value }

    public init(recordingOn scheduler: any Scheduler) {
        lifetime = Lifetime(token)
        let email = MutableProperty("")
        let acceptsTerms = MutableProperty(false)
        (_email, _acceptsTerms) = (email, acceptsTerms)
        _canSubmit = Property.all(email.map { $0.contains("@") }, acceptsTerms)
        _domain = email.map { $0.split(separator: "@").last.map(String.init) ?? "" }
            .removeDuplicates(by: { $0.lowercased() == $1.lowercased() })
        submit = Command(state: email) { address, _ in .just(address) }
        BindingTarget<String>(on: scheduler, lifetime: lifetime) { [entered] address in
            entered.modify { $0.append(address) }
        } <~ email.uniqueValues { $0.lowercased() }.signal
    }

    /// Ends the form's bindings.
    public func close() {
        token = Lifetime.Token()
    }
}
