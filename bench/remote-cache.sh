#!/usr/bin/env bash
# Benchmark (not a test): scenec build of 500 and 5,000 small scenes, cold and warm, without and
# with a remote cache — runner A uploading, then runner B (another checkout, another path, no
# local state) fetching — against a local nginx WebDAV server (Debian's nginx-light), as the
# acceptance of issue 24 asks. Prints figures; asserts nothing.
#   bench/remote-cache.sh [COUNTS…]     (default: 500 5000; builds the release binary first)
source "$(dirname "$0")/prelude.sh"
counts=("${@:-500}")
[ $# -gt 0 ] || counts=(500 5000)
jobs=2

# The server: its own prefix, config, data and log in the scratch folder, on a free port.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx/data" "$work/nginx/logs" "$work/nginx/tmp"
cat >"$work/nginx/nginx.conf" <<CONF
$([ "$(id -u)" = 0 ] && echo 'user root root;')
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $work/nginx/tmp; proxy_temp_path $work/nginx/tmp; fastcgi_temp_path $work/nginx/tmp;
  uwsgi_temp_path $work/nginx/tmp; scgi_temp_path $work/nginx/tmp;
  client_max_body_size 0;
  server {
    listen 127.0.0.1:$port;
    location / { root $work/nginx/data; dav_methods PUT; create_full_put_path on; }
  }
}
CONF
/usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/logs/error.log" &
nginx_pid=$!
trap 'kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; rm -rf "$work"' EXIT
until [ -e "$work/nginx/nginx.pid" ]; do sleep 0.05; done

# A checkout: N different 128×128 scenes (a ring at N progresses, in 10 folders).
checkout() {
  local root=$1 n=$2 i dir
  for i in $(seq 0 $((n - 1))); do
    dir="$root/scenes/group-$((i % 10))"
    mkdir -p "$dir"
    printf 'canvas: {width: 128, height: 128, background: white}\nviews:\n  - {type: ring, frame: {x: 8, y: 8, width: 112, height: 112}, lineWidth: 12, progress: %s}\n' \
      "$(echo "scale=6; $i / $n" | bc -l)" >"$dir/scene-$i.scene.yaml"
  done
}

# One build in a checkout, its wall time and its summary line.
run() {
  local label=$1 root=$2 start end
  shift 2
  start=$(date +%s.%N)
  (cd "$root" && "$scenec" build scenes -o out --jobs "$jobs" "$@" 2>"$root/log") || true
  end=$(date +%s.%N)
  printf '  %-44s %7.2f s   %s\n' "$label" "$(echo "$end - $start" | bc -l)" "$(tail -n 1 "$root/log")"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); --jobs $jobs; nginx-light on 127.0.0.1:$port"
for n in "${counts[@]}"; do
  echo "$n scenes (128×128 PNG):"
  rm -rf "$work/plain" "$work/a" "$work/b" "$work/nginx/data"/*
  checkout "$work/plain" "$n"
  cp -r "$work/plain" "$work/a"
  cp -r "$work/plain" "$work/b"
  run "no remote cache, cold" "$work/plain"
  run "no remote cache, warm" "$work/plain"
  url="http://127.0.0.1:$port/bench-$n"
  run "runner A, remote cache, cold (uploads)" "$work/a" --remote-cache "$url"
  run "runner A, remote cache, warm" "$work/a" --remote-cache "$url"
  run "runner B, remote cache, cold (fetches)" "$work/b" --remote-cache "$url"
  run "runner B, remote cache, warm" "$work/b" --remote-cache "$url"
  rm -rf "$work/b/out"
  run "runner B, --remote-cache-read-only, cold" "$work/b" --remote-cache "$url" --remote-cache-read-only
done
