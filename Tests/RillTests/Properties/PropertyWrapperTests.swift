import Rill
import RillTesting
import Testing

@Suite("Properties as property wrappers")
struct PropertyWrapperTests {
    struct Counter {
        @MutableProperty var count = 0
    }

    struct Display {
        @Property var count: Int
    }

    @Test("@MutableProperty reads and writes the value, and $name is the property")
    func mutableProperty() {
        let counter = Counter()
        let values = counter.$count.signal.record()
        #expect(counter.count == 0)
        counter.count += 1
        #expect(counter.count == 1)
        counter.$count.modify { $0 += 2 }
        #expect(counter.count == 3)
        #expect(values.values == [0, 1, 3])
    }

    @Test("@Property reads the value of the property it is given, and $name is that property")
    func property() {
        let counter = MutableProperty(0)
        let display = Display(count: Property(capturing: counter))
        #expect(display.count == 0)
        counter.value = 1
        #expect(display.count == 1)
        counter.modify { $0 += 2 }
        #expect(display.count == 3)
        #expect(display.$count.map { $0 * 10 }.value == 30)
    }

    @MainActor
    final class ViewModel {
        @MutableProperty var query = ""
        @Property var isSearchable: Bool
        let search: Command<Void, String, Never>

        init() {
            let query = MutableProperty("")
            _query = query
            _isSearchable = query.map { $0.count >= 3 }
            search = Command(state: query) { query, _ in .just(query.uppercased()) }
        }
    }

    @Test(
        "a main-actor view model keeps its state in wrapped properties, and a command takes it as its state")
    @MainActor
    func mainActorViewModel() {
        let model = ViewModel()
        let searchable = model.$isSearchable.signal.record()
        model.query = "ri"
        #expect(!model.isSearchable)
        model.query = "rill"
        #expect(model.isSearchable)
        #expect(searchable.values == [false, false, true])
        #expect(model.search.execute().record().values == ["RILL"])
    }
}
