#!/usr/bin/env bash
# Packs a scenec built with the Swift runtime linked in (make dist) for machines without Swift:
#   OUT/scenec_VERSION_ARCH.deb          installs /usr/bin/scenec; Depends: from the binary;
#                                        Recommends: ffmpeg, a child process for MP4 and WebM output
#   OUT/scenec-VERSION-linux-ARCH.tar.gz the binary, the README and docs/
#   OUT/SHA256SUMS
# Usage: packaging/dist.sh BINARY OUT_DIR
# The same binary gives the same files: every timestamp is SOURCE_DATE_EPOCH (default: the last
# commit's time), owners are root, entries are sorted, gzip records no name or time.
set -euo pipefail
binary=$1 out=$2
cd "$(dirname "$0")/.."
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 946684800)}
export LC_ALL=C

# A runner has no Swift toolchain: nothing of Swift's runtime may be a shared library.
if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift'; then
    echo "dist: $binary needs the Swift runtime's shared libraries (above); build it with -static-stdlib" >&2
    exit 1
fi

version=$("$binary" --version | sed -n 's/^scenec //p')
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022

# The package tree. Stripped: a third of the size, and no build paths in the file.
root=$work/debian/scenec   # where dpkg-shlibdeps looks for a package's files
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/doc/scenec"
strip -o "$root/usr/bin/scenec" "$binary"
install -m 644 README.md "$root/usr/share/doc/scenec/README.md"
# docs/ beside it: the README links into it (pages and their pictures).
install -d "$root/usr/share/doc/scenec/docs"
install -m 644 docs/*.md docs/*.png "$root/usr/share/doc/scenec/docs/"

# Depends: the packages holding the shared libraries the binary names (readelf's NEEDED, what
# ldd resolves), with the lowest versions whose symbols it uses — dpkg-shlibdeps's job. It
# wants a debian/control naming the package.
mkdir -p "$work/debian"
printf 'Source: scenec\n\nPackage: scenec\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O debian/scenec/usr/bin/scenec | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# And the default fonts' packages, which scenec reads by path (dpkg-shlibdeps cannot see them):
# as the binary's --version names them (`font PACKAGE FILE VERSION`, from DefaultFont.all).
fonts=$("$binary" --version | awk '$1 == "font" && !seen[$2]++ { printf "%s%s", sep, $2; sep = ", " }')
[ -n "$fonts" ] || { echo "dist: $binary --version names no default fonts" >&2; exit 1; }
depends="$depends, $fonts"
# Suggests: the programs `build --baseline` runs to rasterise SVG and PDF outputs.

cat > "$root/DEBIAN/control" <<EOF
Package: scenec
Version: $version
Architecture: $arch
Maintainer: ${MAINTAINER:-scenec developers <scenec@invalid>}
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: ffmpeg
Suggests: librsvg2-bin, poppler-utils
Section: graphics
Priority: optional
Description: compiles YAML scene files into PNG, PDF and SVG pictures
 scenec checks a scene of progress rings, pies, clocks, indicators and lines laid
 out in stacks and grids, reporting every problem with its line and column, and
 renders it through Cairo, as stills or animation frames. The Swift runtime is
 linked in: no Swift toolchain is needed.
EOF

find "$root" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$out"
deb=$out/scenec_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null

# The tarball: one directory holding the binary, the README and docs/.
name=scenec-$version-linux-$arch
install -d "$work/$name"
cp -p "$root/usr/bin/scenec" "$root/usr/share/doc/scenec/README.md" "$work/$name/"
cp -pR "$root/usr/share/doc/scenec/docs" "$work/$name/"
touch --date="@$SOURCE_DATE_EPOCH" "$work/$name"
tar --create --directory="$work" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 \
    --numeric-owner --format=gnu "$name" | gzip -9 -n > "$out/$name.tar.gz"

(cd "$out" && sha256sum "$(basename "$deb")" "$name.tar.gz" > SHA256SUMS)
echo "dist: Depends: $depends"
ls -l "$deb" "$out/$name.tar.gz" | awk '{print "dist: " $9 " " $5 " bytes"}'
