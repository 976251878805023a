import Rill
import RillTesting
import Testing

/// The README's "Sharing one signal" example, as written there, against a fake client.
@Suite("README: sharing one signal")
struct ReadmeSharingTests {
    struct Profile: Equatable, Sendable { let name: String }
    struct APIError: Error, Equatable {}

    final class Task: Sendable {
        let cancelled = Flag()
        func cancel() { cancelled.set() }
    }

    final class Client: Sendable {
        let calls = Counter()
        let pending = Locked<[@Sendable (Result<Profile, APIError>) -> Void]>([])

        func fetchProfile(_ completion: @escaping @Sendable (Result<Profile, APIError>) -> Void) -> Task {
            calls.increment()
            pending.append(completion)
            return Task()
        }

        func respond(_ result: Result<Profile, APIError>) {
            for completion in pending.value { completion(result) }
        }
    }

    final class Sink: Sendable {
        let received = Locked<[Profile]>([])
        func show(_ profile: Profile) { received.append(profile) }
        func save(_ profile: Profile) { received.append(profile) }
    }

    @Test("publish and connect make one request whose response reaches both subscribers")
    func sharing() {
        let client = Client()
        let header = Sink()
        let cache = Sink()
        let bag = DisposeBag()

        let request = Signal<Profile, APIError>.create { subscriber in
            let task = client.fetchProfile { result in
                switch result {
                case .success(let profile):
                    subscriber.sendNext(profile)
                    subscriber.sendCompleted()
                case .failure(let error): subscriber.sendError(error)
                }
            }
            return ActionDisposable { task.cancel() }
        }

        let shared = request.publish()
        shared.signal.subscribe(next: { header.show($0) }).store(in: bag)  // bag: a DisposeBag
        shared.signal.subscribe(next: { cache.save($0) }).store(in: bag)
        shared.connect()  // one request; both subscribers receive its response

        client.respond(.success(Profile(name: "rill")))
        #expect(client.calls.value == 1)
        #expect(header.received.value == [Profile(name: "rill")])
        #expect(cache.received.value == [Profile(name: "rill")])
    }
}
