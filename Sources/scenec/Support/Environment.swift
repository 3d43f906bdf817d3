@preconcurrency import Glibc
import SceneRender

/// What scenec reads from its surroundings: the clock (for `time: now`) and SOURCE_DATE_EPOCH.
enum Environment {
    static var render: RenderEnvironment {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        return RenderEnvironment(nowSecondsSinceMidnight: Double(local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec))
    }

    static var sourceDateEpoch: Int? {
        guard let raw = getenv("SOURCE_DATE_EPOCH") else { return nil }
        return Int(String(cString: raw))
    }
}
