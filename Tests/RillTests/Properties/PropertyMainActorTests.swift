import Rill
import RillTesting
import Testing

/// A view model as an app writes one, in Swift 6 mode: properties as state, derived ones for
/// the view, and no `@unchecked`, `nonisolated(unsafe)` or `assumeIsolated`.
@MainActor
final class SearchFormModel {
    let query = MutableProperty("")
    let isAgreed = MutableProperty(false)
    let isSearchEnabled: Property<Bool>
    let summary: Property<String>
    let history = Locked<[String]>([])
    private let bag = DisposeBag()

    init() {
        isSearchEnabled = query.map { $0.count >= 3 }.and(isAgreed).removeDuplicates()
        // Both sides change when the query does: the summary sees each in turn, so repeated
        // summaries are dropped.
        summary = query.combineLatest(with: isSearchEnabled).map { "\($0):\($1)" }.removeDuplicates()
        let history = history
        summary.changes.subscribe(next: { history.append($0) }).store(in: bag)
    }

    func type(_ text: String) {
        query.value = text
    }
}

@Suite("Properties from the main actor")
@MainActor
struct PropertyMainActorTests {
    @Test("a main-actor view model keeps its state in properties and derives from them")
    func viewModel() {
        let model = SearchFormModel()
        #expect(!model.isSearchEnabled.value)
        model.type("ri")
        model.type("rill")
        #expect(!model.isSearchEnabled.value)
        model.isAgreed.value = true
        #expect(model.isSearchEnabled.value)
        #expect(model.summary.value == "rill:true")
        #expect(model.history.value == ["ri:false", "rill:false", "rill:true"])
    }

    @Test("a released view model releases its properties")
    func viewModelReleased() {
        var model: SearchFormModel? = SearchFormModel()
        weak let weakModel = model
        weak let weakQuery = model!.query
        let summary = model!.summary.signal.record()
        model = nil
        #expect(weakModel == nil)
        #expect(weakQuery == nil)
        #expect(summary.isCompleted)
    }
}
