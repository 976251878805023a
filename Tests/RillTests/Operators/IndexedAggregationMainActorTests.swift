import Rill
import RillTesting
import Testing

/// `scanIndexed` and `reduceIndexed` from a view model on the main actor: closures that read the
/// model's state cannot be `@Sendable`, so the model copies what it needs into them.
@MainActor
private final class RankingModel {
    var ranked: [String] = []
    var total = 0
    let weight = 10

    func rank(_ names: Signal<String, Never>) -> any Disposable {
        names.scanIndexed([String]()) { ranked, name, index in ranked + ["\(index + 1). \(name)"] }
            .deliver(on: .main).subscribe(next: { [weak self] in self?.ranked = $0 })
    }

    func weigh(_ values: Signal<Int, Never>) -> any Disposable {
        let weight = weight
        return values.reduceIndexed(0) { total, value, index in total + value * weight * index }
            .deliver(on: .main).subscribe(next: { [weak self] in self?.total = $0 })
    }
}

@Suite("Indexed aggregation from the main actor")
@MainActor
struct IndexedAggregationMainActorTests {
    @Test("scanIndexed numbers each value as it arrives")
    func scanIndexedNumbers() async {
        let model = RankingModel()
        let subscription = model.rank(.from(["ada", "grace", "barbara"]))
        await mainQueueTurns(2)
        #expect(model.ranked == ["1. ada", "2. grace", "3. barbara"])
        subscription.dispose()
    }

    @Test("reduceIndexed sends one result, at the completion, with each value's index")
    func reduceIndexedWeighs() async {
        let model = RankingModel()
        let values = Subject<Int, Never>()
        let subscription = model.weigh(values.signal)
        values.sendNext(5)
        values.sendNext(7)
        await mainQueueTurns(2)
        #expect(model.total == 0)
        values.sendNext(1)
        values.sendCompleted()
        await mainQueueTurns(2)
        #expect(model.total == 0 * 5 + 70 * 1 + 10 * 2)
        subscription.dispose()
    }
}
