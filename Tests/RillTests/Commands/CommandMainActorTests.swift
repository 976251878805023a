import Rill
import RillTesting
import Testing

private enum SignInError: Error, Equatable {
    case rejected
}

/// A sign-in screen's model as an app writes one, in Swift 6 mode: a command enabled by the
/// form's state, its flags shown on the main actor, with nothing unchecked.
@MainActor
private final class SignInModel {
    let name = MutableProperty("")
    let signIn: Command<Void, String, SignInError>
    var isButtonEnabled = false
    var isSpinning = false
    var messages: [String] = []
    private let bag = DisposeBag()

    init(done: Gate) {
        signIn = Command(state: name, enabledIf: { !$0.isEmpty }) { name, _ in
            name == "mallory" ? .error(.rejected) : .just("welcome, \(name)")
        }
        // Weakly: the model holds the subscriptions in its bag, which disposes them when it is released.
        signIn.isEnabled.signal.deliver(on: .main)
            .subscribe(next: { [weak self] in self?.isButtonEnabled = $0 })
            .store(in: bag)
        signIn.isExecuting.signal.deliver(on: .main).subscribe(next: { [weak self] in self?.isSpinning = $0 })
            .store(in: bag)
        signIn.values.deliver(on: .main).subscribe(next: { [weak self] in self?.messages.append($0) })
            .store(in: bag)
        signIn.errors.deliver(on: .main)
            .subscribe(next: { [weak self] in
                self?.messages.append("error: \($0)")
                done.open()
            })
            .store(in: bag)
    }

    func tapSignIn() {
        signIn.execute()
    }
}

@Suite("Command from the main actor")
@MainActor
struct CommandMainActorTests {
    @Test("a main-actor model drives a command and shows its flags, values and errors on the main actor")
    func signInModel() async {
        let done = Gate()
        var model: SignInModel? = SignInModel(done: done)
        weak let released = model
        model?.name.value = "ada"
        model?.tapSignIn()
        model?.name.value = "mallory"
        model?.tapSignIn()
        #expect(await done.value())
        await mainQueueTurns()
        #expect(model?.messages == ["welcome, ada", "error: rejected"])
        #expect(model?.isButtonEnabled == true)
        #expect(model?.isSpinning == false)
        model = nil
        #expect(released == nil, "the model's subscriptions kept it alive")
    }
}
