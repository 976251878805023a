import Rill
import RillTesting
import SearchFeature
import Testing

@Suite("A sign-up form written with ReactiveSwift's forms")
@MainActor
struct SignUpViewModelTests {
    @Test("its wrapped properties, derived properties, command and scheduled record work together")
    func signUp() {
        let scheduler = TestScheduler()
        let model = SignUpViewModel(recordingOn: scheduler)
        #expect(!model.canSubmit)
        model.email = "ada@example.org"
        model.acceptsTerms = true
        #expect(model.canSubmit)
        model.email = "ADA@EXAMPLE.org"
        #expect(model.domain == "example.org")
        #expect(model.submit.execute().record().values == ["ADA@EXAMPLE.org"])
        #expect(model.enteredAddresses.isEmpty)
        scheduler.advance(by: 0)
        #expect(model.enteredAddresses == ["", "ada@example.org"])
    }

    @Test("closing ends its bindings")
    func close() {
        let scheduler = TestScheduler()
        let model = SignUpViewModel(recordingOn: scheduler)
        model.close()
        #expect(model.lifetime.hasEnded)
        model.email = "grace@example.org"
        scheduler.advance(by: 0)
        // What was waiting for the scheduler went with the bindings.
        #expect(model.enteredAddresses.isEmpty)
    }
}
