import SceneLottie
import SceneModel
import XCTest

final class LottieCoverageTests: XCTestCase {
    /// Every attribute of every kind in the registry is either exported or named with what
    /// happens to it, so a new attribute cannot slip through unclassified.
    func testEveryAttributeOfEveryKindIsClassified() {
        for type in ViewType.allCases {
            for spec in type.kind.attributes {
                XCTAssertNotNil(LottieCoverage.mapping(type, spec.name), "\(type.rawValue).\(spec.name) is not in LottieCoverage")
                if case .goesWith(let other)? = LottieCoverage.mapping(type, spec.name) {
                    XCTAssertNotNil(type.kind.attribute(named: other), "\(type.rawValue).\(spec.name) goes with an unknown attribute")
                }
            }
            XCTAssertEqual(LottieCoverage.extraNames(type), [], "LottieCoverage names attributes \(type.rawValue) does not have")
        }
    }

    /// Every mapping says in words what becomes of the attribute; unknown names have none.
    func testEveryMappingSaysWhatBecomesOfTheAttribute() {
        XCTAssertNil(LottieCoverage.mapping(.ring, "noSuchAttribute"))
        XCTAssertNotNil(LottieCoverage.mapping(.ring, "opacity"), "every view's layer attributes")
        for type in ViewType.allCases {
            for spec in type.kind.attributes {
                switch LottieCoverage.mapping(type, spec.name) {
                case .exported(let what, _, _)?: XCTAssertFalse(what.isEmpty, "\(type.rawValue).\(spec.name)")
                case .leftOut(_, let reason)?: XCTAssertFalse(reason.isEmpty, "\(type.rawValue).\(spec.name)")
                case .goesWith(let other)?: XCTAssertNotEqual(other, spec.name, "\(type.rawValue).\(spec.name)")
                case nil: break  // the test above fails on it
                }
            }
        }
    }

    /// The table's entries as written: a layer attribute for every kind, a kind's own entry first.
    func testMappingsAreLookedUpByKindThenLayer() {
        XCTAssertEqual(LottieCoverage.mapping(.pie, "hidden"), LottieCoverage.Mapping.exported("opacity 0, in hold keyframes"))
        XCTAssertEqual(LottieCoverage.mapping(.ring, "progress"),
                       LottieCoverage.Mapping.exported("the trim path's end on the progress ellipse"))
        XCTAssertNotEqual(LottieCoverage.mapping(.ring, "progress"), LottieCoverage.mapping(.ring, "hidden"))
    }
}
