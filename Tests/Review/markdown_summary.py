#!/usr/bin/python3
"""The review's Markdown summary read back by a real Markdown parser (Debian's python3-markdown-it
in its "gfm-like" mode: GitHub's tables and, with python3-linkify-it, its autolinks of bare
`www.x.y`, `http://…` and e-mail addresses), as a job summary or a pull-request comment would be.

Usage: markdown_summary.py SUMMARY.md

Prints one JSON object: "rows", the table's body rows, each a list of cells, each cell
{"text": its plain text, "links": [its links' targets]}; "links", every link's [text, target] in
order, autolinks included; "html", how many raw HTML tokens (inline or block) the parser found;
"headings", the headings' text; "paragraphs", the paragraphs' text.
"""
import json
import sys

from markdown_it import MarkdownIt


def text_of(children):
    return "".join(c.content for c in children if c.type in ("text", "code_inline"))


def main():
    source = open(sys.argv[1], encoding="utf-8").read()
    parser = MarkdownIt("gfm-like")
    if parser.linkify is None:
        sys.exit("python3-linkify-it is needed (make deps): without it nothing is autolinked")
    tokens = parser.parse(source)
    rows, links, html, headings, paragraphs = [], [], 0, [], []
    in_body, row, heading, paragraph = False, None, False, False
    for token in tokens:
        if token.type in ("html_block", "html_inline"):
            html += 1
        if token.type == "tbody_open":
            in_body = True
        elif token.type == "tbody_close":
            in_body = False
        elif token.type == "tr_open" and in_body:
            row = []
        elif token.type == "tr_close" and row is not None:
            rows.append(row)
            row = None
        elif token.type == "heading_open":
            heading = True
        elif token.type == "heading_close":
            heading = False
        elif token.type == "paragraph_open":
            paragraph = True
        elif token.type == "paragraph_close":
            paragraph = False
        elif token.type == "inline":
            children = token.children or []
            html += sum(1 for c in children if c.type == "html_inline")
            targets, current = [], None
            for child in children:
                if child.type == "link_open":
                    current = [child.attrs.get("href"), ""]
                elif child.type == "link_close" and current is not None:
                    links.append([current[1], current[0]])
                    targets.append(current[0])
                    current = None
                elif current is not None and child.type in ("text", "code_inline"):
                    current[1] += child.content
            if heading:
                headings.append(text_of(children))
            if paragraph:
                paragraphs.append(text_of(children))
            if row is not None:
                row.append({"text": text_of(children), "links": targets})
    print(json.dumps({"rows": rows, "links": links, "html": html, "headings": headings, "paragraphs": paragraphs}))


if __name__ == "__main__":
    main()
