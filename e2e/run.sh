#!/usr/bin/env bash
# Tests the packaged extension in a real VS Code: code-server 4.100.3 (installed by
# e2e/install.sh) on 127.0.0.1, driven by playwright-core and Debian's Chromium.
#   1. build and package the VSIX (npm run package, vsce's checks), print its file list, and run
#      Open VSX's checks offline (e2e/check-vsix.ts: ovsx publish to a local stand-in registry);
#   2. install the VSIX into a private extensions dir; unpack it for the test runner;
#   3. start code-server with its own HOME, user-data and extensions dirs;
#   4. e2e/driver.ts: the mocha suite (client/test/e2e) inside the extension host, then browser
#      tests (hover diagram image, diagram panel clicks) with screenshots in test-results/;
#   5. stop code-server; exit non-zero on any failure.
# Env: LCPN_E2E_CACHE (as install.sh), LCPN_E2E_SKIP_PACKAGE=1 to reuse .e2e/lcpn.vsix,
#      LCPN_E2E_ONLY=<part name substring>, LCPN_E2E_GREP=<mocha grep>.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${LCPN_E2E_CACHE:-$HOME/.cache/lcpn-e2e}"
CS_BIN="$CACHE/code-server/node_modules/.bin/code-server"
WORK="$ROOT/.e2e"
RESULTS="$ROOT/test-results"
start=$(date +%s)
log() { printf '[e2e/run] %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

[[ -x $CS_BIN ]] || { echo "code-server not found in $CACHE: run e2e/install.sh first" >&2; exit 1; }
command -v chromium >/dev/null || { echo "chromium not found: run e2e/install.sh first" >&2; exit 1; }
cd "$ROOT"

# ---------------------------------------------------------------- 1. package
if [[ ${LCPN_E2E_SKIP_PACKAGE:-} == 1 && -f $WORK/lcpn.vsix ]]; then
    cp "$WORK/lcpn.vsix" /tmp/lcpn-e2e-keep.vsix
fi
rm -rf "$WORK"
mkdir -p "$WORK"/{home,user-data/User,extensions,vsix,ws-suite,ws-browser} "$RESULTS"
if [[ -f /tmp/lcpn-e2e-keep.vsix ]]; then
    mv /tmp/lcpn-e2e-keep.vsix "$WORK/lcpn.vsix"
    log "reusing the VSIX"
else
    log "packaging"
    vsix="lcpn-$(node -p 'require("./package.json").version').vsix"
    rm -f "$vsix"
    timeout 600 npm run --silent package </dev/null
    mv "$vsix" "$WORK/lcpn.vsix"
fi
# The suite's own bundle (out/ is never packaged); cheap, and fresh even when the VSIX is reused.
[[ -f out/test/e2e/index.cjs ]] || timeout 300 node esbuild.mjs
python3 - "$WORK/lcpn.vsix" "$WORK/vsix" <<'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    total = 0
    for info in z.infolist():
        total += info.file_size
        print(f"  {info.file_size:>9}  {info.filename}")
    print(f"  {total:>9}  bytes unpacked in {len(z.infolist())} files")
    z.extractall(sys.argv[2])
EOF
log "VSIX: $(du -h "$WORK/lcpn.vsix" | cut -f1)"
# What Open VSX would check, offline: ovsx publishes it to a stand-in registry, and the
# manifest passes the Open VSX server's rules (vsce package ran the Marketplace's checks).
timeout 180 npx --no-install tsx e2e/check-vsix.ts "$WORK/lcpn.vsix" </dev/null

# ---------------------------------------------------------------- 2. install, workspaces
# code-server writes its config under HOME: give it its own, and its own data and extensions.
CS_DIRS=(--user-data-dir "$WORK/user-data" --extensions-dir "$WORK/extensions")
cs() { HOME="$WORK/home" "$@"; }
cs timeout 120 "$CS_BIN" "${CS_DIRS[@]}" --install-extension "$WORK/lcpn.vsix" </dev/null
cs timeout 60 "$CS_BIN" "${CS_DIRS[@]}" --list-extensions --show-versions </dev/null | grep -q '^lcpn\.lcpn@' \
    || { echo "the VSIX did not install" >&2; exit 1; }
for ws in "$WORK/ws-suite" "$WORK/ws-browser"; do
    cp -R client/test/fixtures/workspace/. "$ws/"
done
# The examples stay outside the workspaces: each variant file defines its own rook, knight...,
# and next to the fixtures those names would be ambiguous. The suite opens them one at a time.
mkdir -p "$WORK/examples"
if [[ -d examples ]]; then cp -R examples/. "$WORK/examples/"; fi
export LCPN_E2E_EXAMPLES="$WORK/examples"
cat >"$WORK/user-data/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.colorTheme": "Default Dark Modern",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "editor.hover.delay": 200,
  "editor.minimap.enabled": false,
  "files.autoSave": "off",
  "git.enabled": false,
  "git.openRepositoryInParentFolders": "never"
}
EOF

# ---------------------------------------------------------------- 3. code-server
PORT="${LCPN_E2E_PORT:-$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
log "starting code-server on 127.0.0.1:$PORT"
# The mocha suite in the extension host reads LCPN_E2E_GREP and LCPN_E2E_EXAMPLES from code-server's environment.
export LCPN_E2E_GREP="${LCPN_E2E_GREP:-}"
cs setsid timeout 1500 "$CS_BIN" --bind-addr "127.0.0.1:$PORT" --auth none "${CS_DIRS[@]}" \
    --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    --ignore-last-opened "$WORK/ws-browser" >"$WORK/code-server.log" 2>&1 </dev/null &
CS_PID=$!
stop() {
    if kill -0 "$CS_PID" 2>/dev/null; then
        kill -- "-$CS_PID" 2>/dev/null || kill "$CS_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$CS_PID" 2>/dev/null || break; sleep 0.1; done
        kill -9 -- "-$CS_PID" 2>/dev/null || true
    fi
}
trap stop EXIT
for i in $(seq 1 120); do
    if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "http://127.0.0.1:$PORT/healthz"; then break; fi
    kill -0 "$CS_PID" 2>/dev/null || { cat "$WORK/code-server.log" >&2; echo "code-server exited" >&2; exit 1; }
    [[ $i -lt 120 ]] || { cat "$WORK/code-server.log" >&2; echo "code-server did not come up" >&2; exit 1; }
    sleep 0.5
done
log "code-server is up"

# ---------------------------------------------------------------- 4. tests
status=0
timeout 1200 npx --no-install tsx e2e/driver.ts \
    --url "http://127.0.0.1:$PORT" \
    --dev-path "$WORK/vsix/extension" \
    --tests-path "$ROOT/out/test/e2e/index.cjs" \
    --suite-workspace "$WORK/ws-suite" \
    --browser-workspace "$WORK/ws-browser" \
    --out "$RESULTS" \
    ${LCPN_E2E_ONLY:+--only "$LCPN_E2E_ONLY"} </dev/null || status=$?

if [[ $status -ne 0 ]]; then
    echo "---- code-server log (tail)" >&2
    tail -n 60 "$WORK/code-server.log" >&2 || true
fi
stop
log "done, exit $status"
exit "$status"
