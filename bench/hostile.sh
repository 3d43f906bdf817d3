#!/usr/bin/env bash
# Benchmark (not a test): the work a hostile scene can ask for, against the bounds of issue 21.
# Prints seconds (best of 3) and ratios with their targets; asserts nothing.
#   bench/hostile.sh          (builds the release binary first)
#   - check of a 25-level import diamond (each file imports the next one twice)
#   - a label of one 50,000-character word against 1,000 words of 50 characters (target ≤ 2×)
#   - export of 2,000 animations against 200 (target ≤ 10×), in a row on one ring and one
#     each on as many rings
source "$(dirname "$0")/prelude.sh"
printf 'load average before: %s\n\n' "$(cut -d ' ' -f 1-3 /proc/loadavg)"

# best SECONDS_LIMIT COMMAND…: the fastest of 3 runs in seconds, or "> LIMIT" when one is cut
# off; a run that fails prints its status and first line of error instead (a figure of a
# refusal would be no figure of the work). The scratch folder is the project root.
best() {
  local limit=$1 fastest="" start end status
  shift
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    status=0
    timeout "$limit" "$@" --root "$work" >/dev/null 2>"$work/stderr" || status=$?
    end=$(date +%s.%N)
    if [ "$status" = 124 ]; then echo "> $limit"; return; fi
    if [ "$status" != 0 ]; then echo "exit $status: $(head -n 1 "$work/stderr" | head -c 160)"; return; fi
    fastest=$(echo "$end - $start" | bc -l | awk -v f="$fastest" '{ if (f == "" || $1 < f) print $1; else print f }')
  done
  printf '%.3f\n' "$fastest"
}

ratio() {  # ratio A B: A / B to two places, or "-" when either is not a number
  if [[ $1 =~ ^[0-9.]+$ && $2 =~ ^[0-9.]+$ ]] && [ "$(echo "$2 > 0" | bc -l)" = 1 ]; then
    printf '%.2f×' "$(echo "$1 / $2" | bc -l)"
  else
    printf -- '-'
  fi
}

# 1. The import diamond: 2^25 visits when each import is read every time it is named.
mkdir -p "$work/diamond"
levels=25
for i in $(seq 0 $((levels - 1))); do
  next=$((i + 1))
  if [ "$i" -lt $((levels - 1)) ]; then
    printf 'imports: [dia%d.yaml, dia%d.yaml]\nstyles:\n  s%d: {lineWidth: 2}\n' "$next" "$next" "$i"
  else
    printf 'styles:\n  s%d: {lineWidth: 2}\n' "$i"
  fi > "$work/diamond/dia$i.yaml"
done
printf 'imports: [dia0.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n' > "$work/diamond/top.scene.yaml"
diamond=$(best 60 "$scenec" check "$work/diamond/top.scene.yaml")
printf '%-62s %10s s\n' "check of a $levels-level import diamond" "$diamond"
echo

# 2. One pathological word against ordinary words of the same length in all, in a 400 pt label.
label() {  # label NAME TEXT
  printf 'canvas: {width: 400, height: 300}\nviews:\n  - {type: label, text: "%s", frame: {x: 0, y: 0, width: 400, height: 300}}\n' \
    "$2" > "$work/$1.scene.yaml"
}
label word "$(head -c 50000 /dev/zero | tr '\0' x)"
label words "$(for _ in $(seq 1000); do printf '%s ' "$(head -c 50 /dev/zero | tr '\0' x)"; done)"
word=$(best 120 "$scenec" render "$work/word.scene.yaml" -o "$work/word.png")
words=$(best 120 "$scenec" render "$work/words.scene.yaml" -o "$work/words.png")
printf '%-62s %10s s\n' "render: a label of one 50,000-character word" "$word"
printf '%-62s %10s s\n' "render: a label of 1,000 words of 50 characters" "$words"
printf '%-62s %12s (target ≤ 2×)\n' "word / words" "$(ratio "$word" "$words")"
echo

# 3. Lottie export of n animations: in a row on one ring (each begins where the one before
# ends), and one each on n rings.
in_a_row() {  # in_a_row N
  printf 'canvas: {width: 100, height: 100}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}\n'
  printf 'timeline:\n  fps: 30\n  animations:\n'
  for i in $(seq 0 $(($1 - 1))); do
    printf '    - {target: r.progress, from: 0, to: 1, begin: %d.%d, duration: 0.1}\n' $((i / 10)) $((i % 10))
  done
}
side_by_side() {  # side_by_side N
  printf 'canvas: {width: 400, height: 400}\nviews:\n'
  for i in $(seq 0 $(($1 - 1))); do
    printf '  - {id: r%d, type: ring, frame: {x: %d, y: %d, width: 20, height: 20}}\n' "$i" $((i % 20 * 20)) $((i / 20 * 4))
  done
  printf 'timeline:\n  fps: 30\n  animations:\n'
  for i in $(seq 0 $(($1 - 1))); do
    printf '    - {target: r%d.progress, from: 0, to: 1, duration: 2s}\n' "$i"
  done
}
for shape in in_a_row side_by_side; do
  for n in 200 2000; do
    "$shape" "$n" > "$work/$shape-$n.scene.yaml"
  done
  small=$(best 300 "$scenec" export "$work/$shape-200.scene.yaml" -o "$work/anim.json")
  large=$(best 300 "$scenec" export "$work/$shape-2000.scene.yaml" -o "$work/anim.json")
  what=${shape//_/ }
  printf '%-62s %10s s\n' "export: 200 animations, $what" "$small"
  printf '%-62s %10s s\n' "export: 2,000 animations, $what" "$large"
  printf '%-62s %12s (target ≤ 10×)\n' "2,000 / 200, $what" "$(ratio "$large" "$small")"
done
