import ScenecKit
import XCTest

/// The SceneError `body` throws (what `scenec` prints for it, and how it exits: 1 for
/// `.invalidScene`, 2 for `.invalidArgument`, 3 for `.io`); a failure if it throws nothing or
/// another error.
func sceneError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
    switch Result(catching: body) {
    case .success: XCTFail("no error thrown", file: file, line: line)
    case .failure(let error as SceneError): return error
    case .failure(let error): XCTFail("\(error) is not a SceneError", file: file, line: line)
    }
    return nil
}
