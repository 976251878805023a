import Rill
import RillTesting
import Testing

/// A view model written with ReactiveSwift's forms of the app layer, in Swift 6 mode on the main
/// actor: property wrappers, a lifetime made from a token, derived properties with closures, a
/// command over a state property and a binding target on a scheduler of its own.
@MainActor
final class SignUpModel: LifetimeProviding {
    nonisolated let lifetime: Lifetime
    private var token = Lifetime.Token()
    @MutableProperty var email: String
    @MutableProperty var isAgreed: Bool
    @Property var canSubmit: Bool
    @Property var domain: String
    let submit: Command<Void, String, Never>
    let audit = Locked<[String]>([])

    init(auditOn scheduler: any Scheduler) {
        lifetime = Lifetime(token)
        let email = MutableProperty("")
        let isAgreed = MutableProperty(false)
        (_email, _isAgreed) = (email, isAgreed)
        _canSubmit = Property.all(email.map { $0.contains("@") }, isAgreed)
        _domain = email.map { $0.split(separator: "@").last.map(String.init) ?? "" }
            .removeDuplicates(by: { $0.lowercased() == $1.lowercased() })
        submit = Command(state: email) { address, _ in .just(address) }
        let audit = audit
        BindingTarget<String>(on: scheduler, lifetime: lifetime) { audit.append($0) }
            <~ email.uniqueValues { $0.lowercased() }.signal
    }

    func close() {
        token = Lifetime.Token()
    }
}

@Suite("ReactiveSwift's forms of the app layer from the main actor")
@MainActor
struct ReactiveSwiftFormsMainActorTests {
    @Test("a main-actor model uses them together, and ends its bindings with its lifetime")
    func signUp() {
        let scheduler = TestScheduler()
        let model = SignUpModel(auditOn: scheduler)
        #expect(!model.canSubmit)
        model.email = "ada@example.org"
        model.isAgreed = true
        #expect(model.canSubmit)
        model.email = "ada@EXAMPLE.org"
        #expect(model.domain == "example.org")
        model.email = "ADA@example.org"
        #expect(model.submit.execute().record().values == ["ADA@example.org"])
        scheduler.advance(by: 0)
        #expect(model.audit.value == ["", "ada@example.org"])
        model.close()
        #expect(model.lifetime.hasEnded)
        model.email = "grace@example.org"
        scheduler.advance(by: 0)
        #expect(model.audit.value == ["", "ada@example.org"])
    }
}
