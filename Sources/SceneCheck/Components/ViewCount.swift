import SceneSyntax

/// How many views a list makes once its instances and `repeat:` copies are made, counted
/// without making them (docs/language.md §11 "Limits"): a definition's size is known before
/// any instance is made, so a billion-laughs is refused at once.
enum ViewCount {
    /// Counts stop here: far past any limit, and far from overflowing.
    static let cap = 1 << 40

    /// The views of `list`; `component` gives a component's size (nil: not a component).
    /// A copy of a `repeat:` is counted with the type and children its item gives, else the
    /// view's: an item that brings its own `children:` makes those, not the view's.
    static func of(_ list: Node?, component: (String) -> Int?) -> Int {
        var total = 0
        for item in list?.sequence ?? [] {
            guard let pairs = item.mapping else {
                total = capped(total + 1)
                continue
            }
            let base = one(type: pairs["type"]?.value, children: pairs["children"]?.value, component: component)
            guard let elements = pairs["repeat"]?.value.sequence else {
                total = capped(total + base)
                continue
            }
            // Copies that change neither are counted once, times their number: nested repeats
            // are counted in time linear in the file, not in the views they make.
            var plain = 0
            for element in elements {
                let own = element.mapping ?? []
                if own["type"] == nil && own["children"] == nil {
                    plain += 1
                } else {
                    total = capped(total + one(type: own["type"]?.value ?? pairs["type"]?.value,
                                               children: own["children"]?.value ?? pairs["children"]?.value, component: component))
                }
            }
            let (product, overflow) = plain.multipliedReportingOverflow(by: base)
            total = capped(total + (overflow ? cap : capped(product)))
        }
        return total
    }

    /// One view of this type with these children: an instance with all it holds.
    private static func one(type: Node?, children: Node?, component: (String) -> Int?) -> Int {
        if let size = component(type?.scalar?.text ?? "") { return capped(size) }
        return capped(1 + of(children, component: component))
    }

    static func capped(_ n: Int) -> Int { Swift.min(n, cap) }

    /// The view at which the views of `list` pass `budget` (what remains of the limit), if
    /// they do: where the limit is said, found without making a view.
    static func firstPast(_ list: Node?, budget: inout Int, component: (String) -> Int?) -> Node? {
        for item in list?.sequence ?? [] {
            guard let pairs = item.mapping else {
                budget -= 1
                if budget < 0 { return item }
                continue
            }
            let copies: [[Node.Pair]] = pairs["repeat"]?.value.sequence.map { $0.map { $0.mapping ?? [] } } ?? [[]]
            for own in copies {
                let type = own["type"]?.value ?? pairs["type"]?.value
                let children = own["children"]?.value ?? pairs["children"]?.value
                let size = one(type: type, children: children, component: component)
                if size <= budget {
                    budget -= size
                    continue
                }
                budget -= 1
                if budget < 0 || component(type?.scalar?.text ?? "") != nil { return item }
                return firstPast(children, budget: &budget, component: component) ?? item
            }
        }
        return nil
    }
}
