import CommandLineOptions
import Foundation
import XCTest

final class CompletionScriptTests: XCTestCase {
    let commands = [CompletionScript.Command(name: "build", summary: "build: every scene", options: Toy.all),
                    CompletionScript.Command(name: "help", summary: "a kind's page", options: [], arguments: ["ring", "pie"])]

    func testBashCompletesCommandsOptionsWordsAndFiles() throws {
        let script = CompletionScript.bash(program: "toy", commands: commands)
        XCTAssertEqual(try bash(script, ["toy", "bu"]), ["build"])
        XCTAssertEqual(try bash(script, ["toy", "build", "--ani"]), ["--animated"])
        XCTAssertEqual(try bash(script, ["toy", "build", "--animated", "f"]), ["frames"])
        XCTAssertEqual(try bash(script, ["toy", "build", "--formats", "png,s"]), ["png,svg"])
        XCTAssertEqual(try bash(script, ["toy", "build", "--path"]), ["--path-root"])
        XCTAssertEqual(try bash(script, ["toy", "build", "--jobs", ""]), [])
        XCTAssertEqual(try bash(script, ["toy", "help", "r"]), ["ring"])
        XCTAssertEqual(Set(try bash(script, ["toy", "build", "-o", "Pack"])), ["Package.swift"], "a path completes to files")
    }

    func testAScriptPerShell() {
        XCTAssertEqual(CompletionScript.Shell.allCases.map(\.rawValue), ["bash", "zsh", "fish"])
        XCTAssertEqual(CompletionScript.script(.bash, program: "toy", commands: commands), CompletionScript.bash(program: "toy", commands: commands))
        XCTAssertEqual(CompletionScript.script(.zsh, program: "toy", commands: commands), CompletionScript.zsh(program: "toy", commands: commands))
        XCTAssertEqual(CompletionScript.script(.fish, program: "toy", commands: commands), CompletionScript.fish(program: "toy", commands: commands))
    }

    func testZshDeclaresEveryOption() {
        let script = CompletionScript.zsh(program: "toy", commands: commands)
        XCTAssertTrue(script.hasPrefix("#compdef toy\n"))
        XCTAssertTrue(script.contains("'build:build: every scene'"), script)
        XCTAssertTrue(script.contains("'--animated[what moves]:MODE:(still frames gif)'"), script)
        XCTAssertTrue(script.contains("'*-o[where to write]:PATH:_files'"), script)
        XCTAssertTrue(script.contains("'--werror[warnings are errors]'"), script)
        XCTAssertTrue(script.contains("'*:topic:(ring pie)'"), script)
    }

    func testFishDeclaresEveryOption() {
        let script = CompletionScript.fish(program: "toy", commands: commands)
        XCTAssertTrue(script.contains("complete -c toy -n __fish_use_subcommand -a build -d 'build: every scene'"), script)
        XCTAssertTrue(script.contains("complete -c toy -n '__fish_seen_subcommand_from build' -s o -l output -r -F -d 'where to write'"),
                      script)
        XCTAssertTrue(script.contains("-l animated -x -a 'still frames gif' -d 'what moves'"), script)
        XCTAssertTrue(script.contains("-l root -l path-root -r -F"), script)
    }

    /// What bash's completion offers for `words` (the last one being completed), run in the
    /// package's folder (the files a path completes to).
    func bash(_ script: String, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = script + """

            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _toy
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "-c", program]
        process.currentDirectoryURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
