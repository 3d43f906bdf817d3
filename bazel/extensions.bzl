"""The module extension that makes @scenec_tool under Bzlmod (Bazel 7 and later).

In the root module's MODULE.bazel:

    bazel_dep(name = "scenec", version = "0.0.0")
    local_path_override(module_name = "scenec", path = "third_party/scenec/bazel")
    scenec = use_extension("@scenec//:extensions.bzl", "scenec")
    scenec.tool(binary = "/usr/bin/scenec")   # or deb = "//tools:scenec.deb", or nothing

The root module's tag wins; without one, the scenec the checkout holding bazel/ builds.
"""

load(":repositories.bzl", "DEFAULT_FONT_DIR", "scenec_tool")

_tool = tag_class(attrs = {
    "binary": attr.string(),
    "deb": attr.label(allow_single_file = [".deb"]),
    "urls": attr.string_list(),
    "sha256": attr.string(),
    "font_dir": attr.string(default = DEFAULT_FONT_DIR),
})

def _scenec_impl(module_ctx):
    tags = [tag for module in module_ctx.modules if module.is_root for tag in module.tags.tool]
    if len(tags) > 1:
        fail("scenec.tool: give it once, in the root module")
    tag = tags[0] if tags else None
    scenec_tool(
        name = "scenec_tool",
        binary = tag.binary if tag else "",
        deb = tag.deb if tag else None,
        urls = tag.urls if tag else [],
        sha256 = tag.sha256 if tag else "",
        font_dir = tag.font_dir if tag else DEFAULT_FONT_DIR,
    )

scenec = module_extension(
    implementation = _scenec_impl,
    tag_classes = {"tool": _tool},
)
