import Glibc
import SceneRender

/// What rendering reads from its surroundings: the clock (for `time: now`) and SOURCE_DATE_EPOCH.
package enum Surroundings {
    package static var renderEnvironment: RenderEnvironment {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        return RenderEnvironment(nowSecondsSinceMidnight: Double(local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec))
    }

    package static var sourceDateEpoch: Int? {
        guard let raw = getenv("SOURCE_DATE_EPOCH") else { return nil }
        return Int(String(cString: raw))
    }
}
