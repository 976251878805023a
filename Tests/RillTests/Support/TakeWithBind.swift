import Rill
import RillTesting

/// `take(count)` expressed with bind, as RAC derives it.
func takeWithBind(_ signal: Signal<Int, TestError>, _ count: Int) -> Signal<Int, TestError> {
    signal.bind {
        var taken = 0
        return { value in
            taken += 1
            return taken == count ? .mergeThenStop(.just(value)) : .merge(.just(value))
        }
    }
}
