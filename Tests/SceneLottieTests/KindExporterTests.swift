@testable import SceneLottie
import SceneModel
import XCTest

/// Every kind has a Lottie mapping (`extension NAME: KindExporter` in Kinds/NAMEExporter.swift):
/// a drawing kind either draws shapes and has a summary for the docs' table, or leaves all of
/// its attributes out (a label), saying so in its coverage rows.
final class KindExporterTests: XCTestCase {
    func testEveryKindHasAnExporterAndADrawingKindIsDrawnOrLeftOut() {
        for kind in Registry.kinds {
            guard let exporter = kind.type.exporter else {
                XCTFail("\(kind.type.rawValue) has no Lottie mapping")
                continue
            }
            guard kind.children == .none, exporter.lottieSummary == nil else { continue }
            for spec in kind.ownAttributes {
                switch exporter.lottieCoverage[spec.name] {
                case .leftOut?, .goesWith?: continue
                default: XCTFail("\(kind.type.rawValue) has no Lottie summary, yet \(spec.name) is exported")
                }
            }
        }
    }

    func testTheTableOfCoverageIsEachExportersRows() {
        XCTAssertEqual(LottieCoverage.own.count, Registry.kinds.count)
        XCTAssertEqual(Label.lottieCoverage["text"], .exported(LottieCoverage.text))
    }
}
