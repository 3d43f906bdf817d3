"""Reads an animated file with readers that are not scenec's and compares it with scenec's PNGs.

usage: animation_check.py FILE PNG_PATTERN FRAMES
Prints one JSON object:
  ffprobe: codec, width, height, frames (decoded, -count_frames), duration (the container's, or
           where it has none (APNG) the sum of the packets'; null when ffprobe cannot read it)
  webpmux: (WebP) canvas width and height, frames, and the sum of the frames' durations, as
           libwebp's own tool reads them
  pillow:  (GIF, APNG, WebP) frames, size, loop, durations in ms, and per frame the largest
           difference of any channel from the PNG of that frame (both straight RGBA; fully
           transparent pixels compare equal whatever their colour); for GIF also paletteExcess:
           how much further any pixel is from the PNG's colour than the palette's nearest entry
  psnr:    (MP4, WebM) per frame, the PSNR in dB of the decoded video against the PNG over black,
           on the Y'CbCr 4:2:0 planes both become (ffmpeg's psnr filter, "average"), and in RGB
           decoding with the BT.709 matrix the file is tagged with
"""
import json, math, re, subprocess, sys

from PIL import Image, ImageSequence

path, pattern, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
result = {}

probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                        "stream=codec_name,width,height,nb_read_frames", "-of", "json", path],
                       capture_output=True, text=True)
streams = json.loads(probe.stdout or "{}").get("streams", [])
container = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                           capture_output=True, text=True).stdout.strip()
packets = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration_time",
                          "-of", "csv=p=0", path], capture_output=True, text=True).stdout.split()
if streams:
    s = streams[0]
    frames = s.get("nb_read_frames")
    result["ffprobe"] = {"codec": s.get("codec_name"), "width": s.get("width"), "height": s.get("height"),
                         "frames": int(frames) if frames and frames.isdigit() else None,
                         "duration": float(container) if re.fullmatch(r"[0-9.]+", container)
                         else sum(float(p) for p in packets) if packets and "N/A" not in packets else None}

if path.endswith(".webp"):
    # Debian 12's ffprobe cannot decode animated WebP; libwebp's own webpmux (Debian's `webp`)
    # reads its canvas, frame count and each frame's duration.
    info = subprocess.run(["webpmux", "-info", path], capture_output=True, text=True).stdout
    canvas = re.search(r"Canvas size: (\d+) x (\d+)", info)
    frames = re.search(r"Number of frames: (\d+)", info)
    rows = re.findall(r"^\s*\d+:\s+\d+\s+\d+\s+\w+\s+\d+\s+\d+\s+(\d+)\s", info, re.M)
    result["webpmux"] = {"width": int(canvas.group(1)) if canvas else None,
                         "height": int(canvas.group(2)) if canvas else None,
                         "frames": int(frames.group(1)) if frames else None,
                         "duration": sum(int(d) for d in rows) / 1000 if rows else None}

references = [Image.open(pattern % i).convert("RGBA") for i in range(count)]


def largest_difference(a, b):
    worst = 0
    for p, q in zip(a.getdata(), b.getdata()):
        if p[3] == 0 and q[3] == 0:
            continue
        worst = max(worst, max(abs(x - y) for x, y in zip(p, q)))
    return worst


def palette_excess(palette, frames, references):
    """How much further each visible GIF pixel is from the PNG's colour than the nearest entry
    of the GIF's palette is (squared distance; 0 when every pixel got its nearest entry)."""
    entries = [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)]
    nearest = {}
    worst = 0
    for frame, reference in zip(frames, references):
        for p, q in zip(frame.getdata(), reference.getdata()):
            if q[3] == 0:
                continue
            colour = q[:3]
            if colour not in nearest:
                nearest[colour] = min(sum((a - b) ** 2 for a, b in zip(colour, e)) for e in entries)
            worst = max(worst, sum((a - b) ** 2 for a, b in zip(colour, p[:3])) - nearest[colour])
    return worst


if path.endswith(".gif"):
    # GIF has no partial transparency: scenec makes a pixel under half opaque transparent and the
    # others opaque in their colour.
    references = [Image.merge("RGBA", (*r.convert("RGB").split(), r.getchannel("A").point(lambda a: 255 if a >= 128 else 0)))
                  for r in references]

if path.endswith((".gif", ".apng", ".webp")):
    image = Image.open(path)
    durations = []
    for i in range(image.n_frames):
        image.seek(i)
        image.load()
        durations.append(image.info.get("duration"))
    image = Image.open(path)
    frames = [frame.convert("RGBA") for frame in ImageSequence.Iterator(image)]
    result["pillow"] = {"frames": len(frames), "size": list(frames[0].size), "loop": image.info.get("loop"),
                        "durations": durations,
                        "difference": [largest_difference(f, r) for f, r in zip(frames, references)]}
    if path.endswith(".gif"):
        result["pillow"]["paletteExcess"] = palette_excess(Image.open(path).getpalette(), frames, references)
else:
    width, height = references[0].size
    over_black = [Image.alpha_composite(Image.new("RGBA", r.size, (0, 0, 0, 255)), r).convert("RGB")
                  for r in references]
    crop = f"crop={width}:{height}:0:0"
    # The reference goes the way scenec sends frames to ffmpeg: over black, padded to even sides.
    yuv = subprocess.run(["ffmpeg", "-v", "info", "-nostdin", "-i", path, "-i", pattern,
                          "-lavfi", "[0:v]format=yuv420p,settb=1,setpts=N[a];[1:v]settb=1,setpts=N,format=rgba,"
                          "premultiply=inplace=1,pad=ceil(iw/2)*2:ceil(ih/2)*2,format=rgb24,"
                          "scale=out_color_matrix=bt709:out_range=tv:flags=lanczos+accurate_rnd+full_chroma_int,"
                          "format=yuv420p[b];[a][b]psnr=stats_file=-", "-f", "null", "-"],
                         capture_output=True, text=True)
    result["psnr"] = [float(m) if m != "inf" else 99.0
                      for m in re.findall(r"psnr_avg:(\S+)", yuv.stdout)]
    raw = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-vf",
                          f"scale=in_color_matrix=bt709:in_range=tv,format=rgb24,{crop}", "-f", "rawvideo", "-pix_fmt", "rgb24",
                          "-"], capture_output=True).stdout
    n = width * height * 3
    rgb = []
    for i in range(min(len(raw) // n, count)):
        a, b = raw[i * n:(i + 1) * n], over_black[i].tobytes()
        mse = sum((x - y) ** 2 for x, y in zip(a, b)) / n
        rgb.append(99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse))
    result["rgbPSNR"] = rgb

print(json.dumps(result))
