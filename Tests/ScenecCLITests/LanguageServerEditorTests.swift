import XCTest

/// `scenec lsp` with a real editor, and its speed on a large scene.
final class LanguageServerEditorTests: XCTestCase {
    /// Neovim (Debian's, 0.7) run headless with a small Lua config: it starts `scenec lsp`,
    /// attaches it to `scene` (written to a new folder, which is also returned), runs `body` (Lua
    /// returning what it found) and writes that as JSON, read back here.
    func neovim(_ scene: String, body: String) throws -> (result: Any, scene: URL) {
        let nvim = URL(fileURLWithPath: "/usr/bin/nvim")
        guard FileManager.default.isExecutableFile(atPath: nvim.path) else {
            throw XCTSkip("Debian's neovim is not installed (make test installs it)")
        }
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("test.scene.yaml")
        try Data(scene.utf8).write(to: file)
        let out = dir.appendingPathComponent("result.json")
        // Neovim 0.7 has no vim.lsp.start (0.8+): start_client and buf_attach_client instead.
        let config = dir.appendingPathComponent("config.lua")
        try Data("""
            vim.api.nvim_create_autocmd("VimEnter", { callback = function()
              local id = vim.lsp.start_client({ name = "scenec", cmd = { os.getenv("SCENEC_BIN"), "lsp" },
                                                root_dir = vim.fn.getcwd() })
              vim.lsp.buf_attach_client(0, id)
              local result = (function()
            \(body)
              end)()
              local f = io.open(os.getenv("OUT"), "w")
              f:write(vim.fn.json_encode(result))
              f:close()
              vim.cmd("qa!")
            end })

            """.utf8).write(to: config)
        let run = try runProgram(nvim, ["--headless", "-n", "-i", "NONE", "-u", config.path, file.path],
                                 environment: ["SCENEC_BIN": scenecBinary().path, "OUT": out.path, "HOME": dir.path],
                                 directory: dir, timeout: 40)
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try JSONSerialization.jsonObject(with: Data(contentsOf: out)), file)
    }

    /// Neovim opens a scene with a typo and writes `vim.diagnostic.get()`: scenec's message at
    /// the line and column `scenec check` gives.
    func testNeovimShowsScenecDiagnostics() throws {
        let (result, scene) = try neovim("""
            canvas: {width: 200, height: 200}
            views:
              - type: ring
                frame: {x: 0, y: 0, width: 100, height: 100}
                progres: 0.5

            """, body: """
                vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 20)
                return vim.diagnostic.get(0)
            """)
        let diagnostics = try XCTUnwrap(result as? [[String: Any]])
        let check = try scenec(["check", "--diagnostics", "json", scene.path])
        let expected = try XCTUnwrap((JSONSerialization.jsonObject(with: check.stdout) as? [[String: Any]])?.first)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?["message"] as? String, "unknown attribute 'progres' for ring; did you mean 'progress'?")
        XCTAssertEqual(diagnostics.first?["message"] as? String, expected["message"] as? String)
        // Neovim counts from 0.
        XCTAssertEqual(diagnostics.first?["lnum"] as? Int, (expected["line"] as! Int) - 1)
        XCTAssertEqual(diagnostics.first?["col"] as? Int, (expected["column"] as! Int) - 1)
        XCTAssertEqual(diagnostics.first?["lnum"] as? Int, 4)
        XCTAssertEqual(diagnostics.first?["col"] as? Int, 4)
    }

    /// Neovim asks `scenec lsp` to go to the definition of the id inside a `{download.progress}`
    /// binding (the cursor moves to the view's `id:`), then renames it with
    /// `vim.lsp.buf.rename('dl')`: the buffer then names `dl` in the id, the target and the binding.
    func testNeovimFollowsABindingAndRenamesAnIdThroughIt() throws {
        let (result, _) = try neovim("""
            canvas: {width: 200, height: 200}
            views:
              - id: download
                type: ring
                frame: {x: 0, y: 0, width: 100, height: 100}
              - id: caption
                type: label
                frame: {x: 0, y: 100, width: 200, height: 50}
                text: "Été {download.progress:percent}"
            timeline:
              animations:
                - {target: download.progress, to: 1, duration: 1s}

            """, body: """
                vim.wait(15000, function()
                  local c = vim.lsp.get_active_clients()[1]
                  return c ~= nil and c.server_capabilities ~= nil and next(c.server_capabilities) ~= nil
                end, 20)
                -- The cursor on the 'download' of the binding (row 9; columns are bytes from 0).
                local line = vim.api.nvim_buf_get_lines(0, 8, 9, false)[1]
                vim.api.nvim_win_set_cursor(0, { 9, string.find(line, "{download", 1, true) + 2 })
                vim.lsp.buf.definition()
                vim.wait(10000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= 9 end, 20)
                local landed = vim.api.nvim_win_get_cursor(0)
                vim.lsp.buf.rename("dl")
                vim.wait(10000, function()
                  return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\\n"):find("{dl.", 1, true) ~= nil
                end, 20)
                return { cursor = landed, lines = vim.api.nvim_buf_get_lines(0, 0, -1, false) }
            """)
        let answer = try XCTUnwrap(result as? [String: Any])
        XCTAssertEqual(answer["cursor"] as? [Int], [3, 8], "the definition is the view's id (row 3, byte column 8)")
        let lines = try XCTUnwrap(answer["lines"] as? [String])
        XCTAssertEqual(lines[2], "  - id: dl")
        XCTAssertEqual(lines[8], "    text: \"Été {dl.progress:percent}\"")
        XCTAssertEqual(lines[11], "    - {target: dl.progress, to: 1, duration: 1s}")
    }

    /// Issue 30: Neovim opens a scene that checks, a half-typed key is inserted in the first view
    /// (the buffer edited as typing does; Neovim sends the change), and hover on the `type: ring`
    /// of the view below still answers, with where the last version that checked placed it;
    /// the YAML error is what Neovim shows.
    func testNeovimHoversBelowABrokenLine() throws {
        let (result, _) = try neovim("""
            canvas: {width: 200, height: 200}
            views:
              - id: first
                type: ring
                frame: {x: 0, y: 0, width: 100, height: 100}
              - id: second
                type: ring
                frame: {x: 100, y: 100, width: 50, height: 50}

            """, body: """
                vim.wait(15000, function()
                  local c = vim.lsp.get_active_clients()[1]
                  return c ~= nil and c.server_capabilities ~= nil and next(c.server_capabilities) ~= nil
                end, 20)
                vim.wait(300)
                -- A key half typed under the first view's frame (row 6, 1-based).
                vim.api.nvim_buf_set_lines(0, 5, 5, false, { "    progr" })
                vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 20)
                -- On 'ring' of the second view (row 8 now).
                vim.api.nvim_win_set_cursor(0, { 8, 12 })
                local answers = vim.lsp.buf_request_sync(0, "textDocument/hover", vim.lsp.util.make_position_params(), 10000)
                local hover = nil
                for _, answer in pairs(answers or {}) do
                  if answer.result then hover = answer.result.contents.value end
                end
                return { hover = hover, diagnostics = vim.diagnostic.get(0) }
            """)
        let answer = try XCTUnwrap(result as? [String: Any])
        let hover = try XCTUnwrap(answer["hover"] as? String, "\(answer)")
        XCTAssertTrue(hover.contains("**ring**"), hover)
        XCTAssertTrue(hover.contains("placed at x 100, y 100, 50 × 50 pt"), hover)
        XCTAssertTrue(hover.contains("last version of this file that checked"), hover)
        let diagnostics = try XCTUnwrap(answer["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue([5, 6].contains(diagnostics.first?["lnum"] as? Int ?? -1), "the YAML error, at the broken line or the next: \(diagnostics)")
    }

    /// A 1,000-view scene: the time from a one-character edit to its diagnostics, with the
    /// default debounce (printed, not asserted).
    func testDiagnosticsTimeForAThousandViews() throws {
        var text = "canvas: {width: 1000, height: 1000}\nviews:\n"
        for i in 0..<1000 {
            let (x, y) = (i % 40 * 25, i / 40 * 25)
            text += "  - {id: r\(i), type: ring, frame: {x: \(x), y: \(y), width: 24, height: 24}, progress: 0.5, lineWidth: 3}\n"
        }
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("thousand.scene.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        for (debounce, arguments) in [("the default 30 ms debounce", [String]()), ("a 1 ms debounce", ["--debounce", "1"])] {
            let times = try editTimes(text, uri: "file://" + path, arguments: arguments)
            print(String(format: "scenec lsp: 1,000 views, one-character edit to diagnostics, with %@: median %.1f ms, max %.1f ms",
                         debounce, times[times.count / 2], times.last!))
        }
    }

    /// Milliseconds from each of ten one-character edits to its diagnostics, sorted.
    func editTimes(_ text: String, uri: String, arguments: [String]) throws -> [Double] {
        let client = try LSPClient(arguments: arguments)
        _ = try client.initialize()
        client.open(uri, text: text)
        XCTAssertEqual(client.diagnostics(uri, version: 1)?.count, 0)
        // The last view's progress: 0.5 → 0.6 → 0.5 …, one character each time.
        let line = 1001
        let lineText = String(text.split(separator: "\n")[line])
        let column = lineText.utf16.distance(from: lineText.startIndex, to: lineText.firstRange(of: "0.5")!.lowerBound) + 2
        var times: [Double] = []
        for version in 2...11 {
            let digit = version % 2 == 0 ? "6" : "5"
            let start = Date()
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [
                ["range": ["start": LSPClient.position(line, column), "end": LSPClient.position(line, column + 1)], "text": digit],
            ]])
            XCTAssertEqual(client.diagnostics(uri, version: version)?.count, 0)
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        XCTAssertEqual(try client.shutdown(), 0)
        return times.sorted()
    }
}
