import Foundation
import XCTest

/// Test fonts made from the DejaVu files fonts-dejavu-core installs, under another family name:
/// the 'name' table is rebuilt with the new family and appended, and the table directory points
/// at it (FreeType does not check table checksums). No font is downloaded or committed.
public enum FontFixtures {
    public static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    /// `source` (a file in fonts-dejavu-core) renamed to `family`, written to `destination`.
    public static func write(_ source: String, family: String, to destination: URL) throws {
        var font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dejavu + source)))
        func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        func put32(_ v: Int, at: Int) { for i in 0..<4 { font[at + i] = UInt8(v >> (24 - 8 * i) & 0xFF) } }
        let tables = u16(4)
        guard let record = (0..<tables).map({ 12 + 16 * $0 }).first(where: { font[$0..<($0 + 4)].elementsEqual(Array("name".utf8)) })
        else { throw CocoaError(.fileReadCorruptFile) }
        let name = u32(record + 8)
        let count = u16(name + 2), strings = name + u16(name + 4)
        var header: [UInt8] = [0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
        let headerSize = 6 + 12 * count
        header += [UInt8(headerSize >> 8), UInt8(headerSize & 0xFF)]
        var storage: [UInt8] = []
        for i in 0..<count {
            let r = name + 6 + 12 * i
            let platform = u16(r), nameID = u16(r + 6)
            var bytes = Array(font[(strings + u16(r + 10))..<(strings + u16(r + 10) + u16(r + 8))])
            // Family (1), full name (4), PostScript name (6), typographic family (16).
            if [1, 4, 6, 16].contains(nameID) {
                let text = nameID == 6 ? family.replacingOccurrences(of: " ", with: "") : family
                bytes = platform == 1 ? Array(text.utf8) : text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
            header += Array(font[r..<(r + 8)])
            header += [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF), UInt8(storage.count >> 8), UInt8(storage.count & 0xFF)]
            storage += bytes
        }
        while font.count % 4 != 0 { font.append(0) }
        let table = header + storage
        put32(font.count, at: record + 8)
        put32(table.count, at: record + 12)
        font += table
        try Data(font).write(to: destination)
    }
}

extension FontFixtures {
    /// A fresh scene folder with `fonts/Probe.ttf`: DejaVu Serif renamed "Scenec Probe".
    public static func probeFolder(_ test: XCTestCase) throws -> URL {
        let dir = try temporaryDirectory(test)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try write("DejaVuSerif.ttf", family: "Scenec Probe", to: dir.appendingPathComponent("fonts/Probe.ttf"))
        return dir
    }

    /// A ring with a percent label and a label, both in `font`, with `fonts: [fonts/Probe.ttf]`
    /// when `fonts`; its progress animated over 1 s at 10 fps.
    public static func probeScene(font: String, fonts: Bool = true) -> String {
        """
        canvas: {width: 240, height: 120, background: white}
        \(fonts ? "fonts: [fonts/Probe.ttf]" : "")
        views:
          - {id: download, type: ring, frame: {x: 0, y: 0, width: 120, height: 120}, progress: 0.4, label: percent,
             labelFont: "\(font)"}
          - {type: label, frame: {x: 125, y: 10, width: 110, height: 100}, text: "Hamburg {download.progress:percent}",
             font: "\(font)", fontSize: 20}
        timeline:
          fps: 10
          animations:
            - {target: download.progress, from: 0, to: 1, duration: 1s}
        """
    }
}
