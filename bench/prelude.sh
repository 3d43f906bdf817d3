# Sourced by the bench scripts: from the repository's root, the release binary built and named
# by $scenec, and a scratch folder $work removed on exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[1]}")/.."
swift build -c release --product scenec >/dev/null
scenec=$PWD/.build/release/scenec
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
