import SceneAnimation
import SceneModel

/// `inspect`'s timeline part: every value `--set timeline.animations[…]…` can change, by its
/// address, and which animation drives an animated attribute.
extension InspectReport {
    /// One settable value of the timeline: `timeline.animations[0].to`, its value (seconds for
    /// times; null for a `from` the file leaves out, which is the value when the animation
    /// begins) and the line of the animation in the file.
    package struct TimelineValue: Encodable, Sendable {
        package var address: String
        package var value: JSONScalar
        package var line: Int
    }

    /// The animation that gives an attribute its value at the time shown.
    package struct AnimationInfo: Encodable, Sendable {
        /// `timeline.animations[I]`.
        package var address: String
        package var line: Int
        /// When the time shown stands on one of its keyframes (a from/to animation's begin or
        /// end), the address of the value shown there: `….keyframes[K].value`, `.from` or
        /// `.to`. What the preview's control edits, so the picture changes there and nowhere
        /// else; nil between keyframes.
        package var valueAddress: String?
        /// Between keyframes while the animation runs, the address of the value at this time
        /// (`….keyframes[at: T].value`, T from its begin, in its pass): setting it adds a
        /// keyframe there. nil on a keyframe, before it begins, after it ends, and for a
        /// from/to animation without `from` (which keyframes cannot say).
        package var atTimeAddress: String?
        /// For an animation a component's definition makes (its address then counts after the
        /// scene's own): the component, and the file `line` is in when not the scene's.
        package var component: String?
        package var file: String?

        init(_ animation: Animation, at time: Double) {
            address = "timeline.animations[\(animation.index)]"
            line = animation.range.start.line
            component = animation.component?.name
            file = animation.component?.file
            // The first pass only: a repeat's keyframe is the same value, but says nothing new.
            let local = time - animation.begin
            guard let k = animation.keyframes.firstIndex(where: { abs($0.at - local) < Self.sameTime }) else {
                let startsFromBefore = !animation.isKeyframed && animation.keyframes.first?.value == nil
                if let phase = Self.phase(of: animation, at: time), !startsFromBefore {
                    // To the microsecond: what a person writes, and still on the scrubber's frame.
                    atTimeAddress = "\(address).keyframes[at: \(formatNumber((phase * 1e6).rounded() / 1e6))].value"
                }
                return
            }
            if animation.isKeyframed {
                valueAddress = "\(address).keyframes[\(k)].value"
            } else {
                valueAddress = "\(address).\(k == 0 ? "from" : "to")"
            }
        }

        /// Where in its keyframes the animation is at `time` (as the sampler goes through a
        /// repeat and back with autoreverse); nil before it begins and once it has ended.
        static func phase(of animation: Animation, at time: Double) -> Double? {
            let local = time - animation.begin, cycle = animation.cycleDuration
            guard local >= 0, cycle > 0, local < animation.activeDuration ?? .infinity else { return nil }
            let phase = local - (local / cycle).rounded(.down) * cycle
            return animation.autoreverse && phase > animation.singleDuration ? cycle - phase : phase
        }

        /// Times closer than this are one: a scrubber stands on whole frames, and 1/240 s is
        /// the finest (`fps` ≤ 240).
        static let sameTime = 1e-6
    }

    /// In the file's order; a from/to animation's from, to, duration, begin and easing, a
    /// keyframed one's begin and each keyframe's at and value.
    static func timelineValues(_ timeline: Timeline?) -> [TimelineValue] {
        var values: [TimelineValue] = []
        for animation in (timeline?.animations ?? []).sorted(by: { $0.index < $1.index }) {
            let place = "timeline.animations[\(animation.index)]", line = animation.range.start.line
            func add(_ key: String, _ value: JSONScalar) {
                values.append(TimelineValue(address: "\(place).\(key)", value: value, line: line))
            }
            if animation.isKeyframed {
                add("begin", .number(animation.begin))
                for (k, keyframe) in animation.keyframes.enumerated() {
                    add("keyframes[\(k)].at", .number(keyframe.at))
                    add("keyframes[\(k)].value", written(keyframe))
                }
            } else if let first = animation.keyframes.first, let last = animation.keyframes.last {
                add("from", written(first))
                add("to", written(last))
                add("duration", .number(last.at))
                add("begin", .number(animation.begin))
                add("easing", .text(last.easing.description))
            }
        }
        return values
    }

    /// A keyframe's value as the file wrote it: a colour in its form (`systemBlue`,
    /// `{light: …, dark: …}`), a hex colour and any other value as its text.
    static func written(_ keyframe: Keyframe) -> JSONScalar {
        switch keyframe.form {
        case nil, .hex?: return JSONScalar(keyframe.value)
        case let form?: return .text(form.description)
        }
    }

    /// The timeline's table for the readable form; empty without a timeline.
    var timelineText: String {
        guard !timeline.isEmpty else { return "" }
        let rows = [["address", "value", "line"]] + timeline.map { v in
            [v.address, v.value.text == "—" ? "(the value when it begins)" : v.value.text.escaped(.text), String(v.line)]
        }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = "\ntimeline\n"
        for row in rows {
            out += "  " + row[0] + String(repeating: " ", count: widths[0] - row[0].count) + "  "
                + row[1] + String(repeating: " ", count: widths[1] - row[1].count) + "  " + row[2] + "\n"
        }
        return out
    }
}
