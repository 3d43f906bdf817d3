"""scenec_tool: the repository holding the scenec the scene actions run, and its fonts.

In WORKSPACE, after local_repository(name = "scenec", path = ".../bazel"):

    load("@scenec//:repositories.bzl", "scenec_tool")
    scenec_tool(name = "scenec_tool")                          # this checkout's build
    scenec_tool(name = "scenec_tool", binary = "/usr/bin/scenec")  # an installed one
    scenec_tool(name = "scenec_tool", deb = "//tools:scenec_1.0_amd64.deb")  # a packaged one
    scenec_tool(name = "scenec_tool", urls = ["https://…/scenec_1.0_amd64.deb"], sha256 = "…")

Bazel digests the executable and the fonts as inputs of every action, so a new scenec (rebuilt,
reinstalled, another .deb) misses the cache and an unchanged one hits it on any machine.
"""

load(":defs.bzl", "DEFAULT_FONTS", "DEFAULT_FONT_FILES")


def _executable(rctx):
    """The path of the scenec to run, after unpacking a .deb if one is given."""
    given = [kind for kind in ["binary", "deb", "urls"] if getattr(rctx.attr, kind)]
    if len(given) > 1:
        fail("scenec_tool: give one of binary, deb and urls, not %s" % " and ".join(given))
    deb = None
    if rctx.attr.deb:
        deb = rctx.path(rctx.attr.deb)
    elif rctx.attr.urls:
        if not rctx.attr.sha256:
            fail("scenec_tool: urls needs sha256, so that every machine runs the same scenec")
        rctx.download(rctx.attr.urls, "scenec.deb", sha256 = rctx.attr.sha256)
        deb = rctx.path("scenec.deb")
    if deb:
        unpacked = rctx.execute(["dpkg-deb", "-x", str(deb), "deb"])
        if unpacked.return_code != 0:
            fail("scenec_tool: cannot unpack %s with dpkg-deb (Debian package dpkg): %s" % (deb, unpacked.stderr))
        return rctx.path("deb/usr/bin/scenec")
    if rctx.attr.binary:
        if not rctx.attr.binary.startswith("/"):
            fail("scenec_tool: binary must be an absolute path, not '%s'" % rctx.attr.binary)
        return rctx.path(rctx.attr.binary)

    # The scenec this checkout builds: the repository is its bazel/ folder.
    checkout = rctx.path(Label("//:defs.bzl")).realpath.dirname.dirname
    return rctx.path("%s/.build/release/scenec" % checkout)

def _scenec_tool_impl(rctx):
    scenec = _executable(rctx)
    if not scenec.exists:
        fail(("scenec_tool: there is no scenec at %s. Build it (make build in the scenec checkout), " +
              "or give binary = \"/usr/bin/scenec\", deb = or urls =.") % scenec)
    rctx.symlink(scenec, "scenec")
    for name, debian_folder in DEFAULT_FONTS:
        font = rctx.path("%s/%s" % (rctx.attr.font_dir or debian_folder, name))
        if not font.exists:
            fail("scenec_tool: %s is missing: install the Debian package that has it (the Makefile's APT_PACKAGES), or name a folder holding every default font with font_dir" % font)
        rctx.symlink(font, "fonts/" + name)
    rctx.file("BUILD.bazel", """\
load("@scenec//:defs.bzl", "scenec_toolchain")

scenec_toolchain(
    name = "toolchain",
    scenec = "scenec",
    fonts = {fonts},
    visibility = ["//visibility:public"],
)

exports_files(["scenec"])
""".format(fonts = repr(["fonts/" + name for name in DEFAULT_FONT_FILES])))

scenec_tool = repository_rule(
    implementation = _scenec_tool_impl,
    doc = "The scenec executable and its default fonts, as @NAME//:toolchain (see the file's doc).",
    attrs = {
        "binary": attr.string(doc = "An absolute path to a scenec executable."),
        "deb": attr.label(doc = "A scenec .deb in the workspace; its usr/bin/scenec is run.", allow_single_file = [".deb"]),
        "urls": attr.string_list(doc = "Where to download a scenec .deb from (with sha256)."),
        "sha256": attr.string(doc = "The .deb's SHA-256, for urls."),
        "font_dir": attr.string(
            doc = "One folder holding every default font file; by default each is taken from the folder its Debian package installs it in.",
        ),
    },
)
