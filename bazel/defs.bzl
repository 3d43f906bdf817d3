"""Scenes as Bazel targets: scene_render, scene_frames and scene_asset_catalog (docs/bazel.md).

Each action runs the toolchain's scenec (an input of the action, so a new scenec is a new key)
with every file it may read named by --declared-input: scenec then reads those files and no
other, wherever the sandbox's links lead. The toolchain's default fonts are inputs too, found
through SCENEC_FONT_DIR. No shell, no variable from the host's environment, no absolute path:
the same command on every machine, so the actions suit a remote cache and remote execution.
"""

# The default fonts scenec draws text with (DejaVu, then the fallbacks for scripts and emoji
# DejaVu lacks), each with the folder its Debian package puts it in: the list scenec's
# DefaultFont.all holds, in its order (Tests/ScenecCLITests/BazelTests.swift checks they agree;
# scenec itself refuses to run when SCENEC_FONT_DIR lacks one).
# Named one by one: the folders hold more (fonts-dejavu-extra, the rest of fonts-noto-core),
# which would make the actions' inputs differ between machines.
DEFAULT_FONTS = [
    ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu"),
    ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu"),
    ("DejaVuSansMono.ttf", "/usr/share/fonts/truetype/dejavu"),
    ("DejaVuSansMono-Bold.ttf", "/usr/share/fonts/truetype/dejavu"),
    ("DejaVuSerif.ttf", "/usr/share/fonts/truetype/dejavu"),
    ("DejaVuSerif-Bold.ttf", "/usr/share/fonts/truetype/dejavu"),
    ("NotoSansArabic-Regular.ttf", "/usr/share/fonts/truetype/noto"),
    ("NotoSansArabic-Bold.ttf", "/usr/share/fonts/truetype/noto"),
    ("NotoSansHebrew-Regular.ttf", "/usr/share/fonts/truetype/noto"),
    ("NotoSansHebrew-Bold.ttf", "/usr/share/fonts/truetype/noto"),
    ("NotoSansDevanagari-Regular.ttf", "/usr/share/fonts/truetype/noto"),
    ("NotoSansDevanagari-Bold.ttf", "/usr/share/fonts/truetype/noto"),
    ("DroidSansFallbackFull.ttf", "/usr/share/fonts/truetype/droid"),
    ("NanumGothic.ttf", "/usr/share/fonts/truetype/nanum"),
    ("NotoColorEmoji.ttf", "/usr/share/fonts/truetype/noto"),
]

DEFAULT_FONT_FILES = [name for name, _ in DEFAULT_FONTS]

ScenecToolchainInfo = provider(
    doc = "A scenec executable and the fonts it draws text with when a scene names none.",
    fields = {
        "scenec": "the scenec executable (File)",
        "font_dir": "the folder holding the default fonts' files, as an action sees it",
        "inputs": "depset of the toolchain's files every action reads",
    },
)

def _scenec_toolchain_impl(ctx):
    names = sorted([f.basename for f in ctx.files.fonts])
    if names != sorted(DEFAULT_FONT_FILES):
        fail("fonts must be scenec's %d default font files, %s; they are %s" % (len(DEFAULT_FONT_FILES), ", ".join(DEFAULT_FONT_FILES), names or "none"))
    folders = sorted({f.dirname: True for f in ctx.files.fonts}.keys())
    if len(folders) != 1:
        fail("the fonts must be in one folder, which SCENEC_FONT_DIR names to scenec; they are in %s" % folders)
    return [ScenecToolchainInfo(
        scenec = ctx.executable.scenec,
        font_dir = folders[0],
        inputs = depset([ctx.executable.scenec] + ctx.files.fonts),
    )]

scenec_toolchain = rule(
    implementation = _scenec_toolchain_impl,
    doc = "A scenec executable and its default fonts, for --@scenec//:toolchain (repositories.bzl makes one).",
    attrs = {
        "scenec": attr.label(
            doc = "The scenec executable.",
            executable = True,
            allow_single_file = True,
            cfg = "exec",
            mandatory = True,
        ),
        "fonts": attr.label_list(
            doc = "scenec's default font files (DEFAULT_FONT_FILES, its DefaultFont.all), in one folder.",
            allow_files = [".ttf"],
            mandatory = True,
        ),
    },
)

# Every scene action's attributes: the scene, what it reads, and the toolchain.
_SCENE_ATTRS = {
    "src": attr.label(
        doc = "The scene file.",
        allow_single_file = True,
        mandatory = True,
    ),
    "srcs": attr.label_list(
        doc = "Every other file the scene reads: its imports (and theirs), its fonts: files.",
        allow_files = True,
    ),
    "scale": attr.string(doc = "Pixels per point for PNG (scenec's --scale); empty: the canvas's."),
    "appearance": attr.string(
        doc = "light or dark: which side of system and {light, dark} colours to draw with.",
        values = ["", "light", "dark"],
    ),
    "_toolchain": attr.label(
        default = Label("//:toolchain"),
        providers = [ScenecToolchainInfo],
        cfg = "exec",
    ),
}

def _scene_options(ctx, args):
    if ctx.attr.scale:
        args.add("--scale", ctx.attr.scale)
    if ctx.attr.appearance:
        args.add("--appearance", ctx.attr.appearance)

def _run_scenec(ctx, arguments, inputs, outputs, mnemonic, message):
    """Runs scenec with `arguments`, reading exactly `inputs`, writing `outputs`."""
    toolchain = ctx.attr._toolchain[ScenecToolchainInfo]
    declared = ctx.actions.args()
    declared.add_all(inputs, before_each = "--declared-input")
    ctx.actions.run(
        executable = toolchain.scenec,
        arguments = [arguments, declared],
        inputs = depset(inputs, transitive = [toolchain.inputs]),
        outputs = outputs,
        env = {"SCENEC_FONT_DIR": toolchain.font_dir},
        mnemonic = mnemonic,
        progress_message = message,
        # scenec needs no network; the sandbox takes it away (a remote cache still serves results).
        execution_requirements = {"block-network": "1"},
    )

_PICTURE_FORMATS = ["png", "pdf", "svg"]

def _scene_render_impl(ctx):
    for format in ctx.attr.formats:
        if format not in _PICTURE_FORMATS:
            fail("formats: '%s' is not one of %s" % (format, ", ".join(_PICTURE_FORMATS)))
    if not ctx.attr.formats:
        fail("formats: name at least one of %s" % ", ".join(_PICTURE_FORMATS))
    outputs = [ctx.actions.declare_file("%s.%s" % (ctx.label.name, format)) for format in ctx.attr.formats]
    args = ctx.actions.args()
    args.add("render")
    args.add(ctx.file.src)
    for output in outputs:
        args.add("-o", output)
    _scene_options(ctx, args)
    if ctx.attr.time:
        args.add("--time", ctx.attr.time)
    _run_scenec(ctx, args, [ctx.file.src] + ctx.files.srcs, outputs, "SceneRender",
                "Rendering %s" % ctx.file.src.short_path)
    return [DefaultInfo(files = depset(outputs))]

scene_render = rule(
    implementation = _scene_render_impl,
    doc = "A scene's picture: NAME.png, NAME.pdf, NAME.svg for formats, as scenec build writes them.",
    attrs = dict(_SCENE_ATTRS, **{
        "formats": attr.string_list(doc = "png, pdf and/or svg.", default = ["png"]),
        "time": attr.string(doc = "The moment of the timeline to draw (1.5s, 250ms, 12f); default 0."),
    }),
)

# scene_frames' formats: a folder of frames, or one file holding them all.
_FRAME_FOLDERS = ["png", "svg", "pdf"]
_FRAME_FILES = {"flipbook": "flipbook.pdf", "webp": "webp", "apng": "apng", "gif": "gif"}

def _scene_frames_impl(ctx):
    format = ctx.attr.format
    stem = ctx.attr.stem or ctx.label.name
    if format in _FRAME_FOLDERS:
        output = ctx.actions.declare_directory(stem + ".frames")
        pattern = "%s/%%04d.%s" % (output.path, format)
    elif format in _FRAME_FILES:
        output = ctx.actions.declare_file("%s.%s" % (stem, _FRAME_FILES[format]))
        pattern = output.path
    else:
        fail("format: '%s' is not one of %s (mp4 and webm need ffmpeg, which is no declared tool)" %
             (format, ", ".join(_FRAME_FOLDERS + sorted(_FRAME_FILES.keys()))))
    args = ctx.actions.args()
    args.add("frames")
    args.add(ctx.file.src)
    args.add("-o", pattern)
    if format in _FRAME_FOLDERS:
        args.add("--format", format)
    _scene_options(ctx, args)
    if ctx.attr.fps:
        args.add("--fps", ctx.attr.fps)
    args.add("--quiet")
    _run_scenec(ctx, args, [ctx.file.src] + ctx.files.srcs, [output], "SceneFrames",
                "Rendering the frames of %s" % ctx.file.src.short_path)
    return [DefaultInfo(files = depset([output]))]

scene_frames = rule(
    implementation = _scene_frames_impl,
    doc = """A scene's timeline: STEM.frames/0000.png … (png, svg, pdf), STEM.flipbook.pdf
    (flipbook) or STEM.webp, STEM.apng, STEM.gif — as scenec build --animated writes them.""",
    attrs = dict(_SCENE_ATTRS, **{
        "format": attr.string(doc = "png, svg, pdf, flipbook, webp, apng or gif.", default = "png"),
        "stem": attr.string(doc = "The outputs' name before the extension; default the target's name."),
        "fps": attr.string(doc = "Frames per second to sample at; default the scene's."),
    }),
)

def _scene_asset_catalog_impl(ctx):
    output = ctx.actions.declare_directory(ctx.label.name + ".xcassets")
    args = ctx.actions.args()
    args.add("build")
    args.add_all(ctx.files.srcs)
    args.add("--asset-catalog", output.path)
    args.add("--asset-catalog-format", ctx.attr.format)
    if ctx.attr.format == "png":
        args.add_joined("--scales", ctx.attr.scales, join_with = ",")
    elif ctx.attr.scales != ["1", "2", "3"]:
        fail("scales: a pdf image set holds one PDF, at no scale; give scales only with format = \"png\"")
    args.add("--no-manifest")
    _run_scenec(ctx, args, ctx.files.srcs + ctx.files.data, [output], "SceneAssetCatalog",
                "Making %s.xcassets" % ctx.label.name)
    return [DefaultInfo(files = depset([output]))]

scene_asset_catalog = rule(
    implementation = _scene_asset_catalog_impl,
    doc = """An Xcode asset catalog NAME.xcassets with an image set per scene, as
    scenec build --asset-catalog makes it.""",
    attrs = {
        "srcs": attr.label_list(doc = "The scene files; an image set each, named after the file.", allow_files = True, mandatory = True),
        "data": attr.label_list(doc = "Every other file the scenes read: imports and fonts.", allow_files = True),
        "format": attr.string(doc = "png (a PNG per scale) or pdf (one PDF, vector data kept).", default = "png", values = ["png", "pdf"]),
        "scales": attr.string_list(doc = "The PNG scales, of 1, 2 and 3.", default = ["1", "2", "3"]),
        "_toolchain": attr.label(default = Label("//:toolchain"), providers = [ScenecToolchainInfo], cfg = "exec"),
    },
)
