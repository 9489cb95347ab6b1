#!/usr/bin/env bash
# Installs what the real-editor tests need, outside the repository, idempotently:
#   - Debian packages: chromium (driven by playwright-core), libkrb5-dev (code-server's
#     native modules), neovim (the Neovim LSP client test), emacs-nox and elpa-eglot (the Emacs
#     test, server/test/emacs);
#   - code-server 4.100.3 (VS Code 1.100.3 on this machine's Node 20) into $LCPN_E2E_CACHE,
#     with ripgrep's download replaced by the rg binary that an npm package ships.
# Re-running it when everything is present takes about a second.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
CACHE="${LCPN_E2E_CACHE:-$HOME/.cache/lcpn-e2e}"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
CS_BIN="$CS_DIR/node_modules/.bin/code-server"
export DEBIAN_FRONTEND=noninteractive
# code-server writes ~/.config/code-server/config.yaml even for --version: give it its own HOME.
cs_version() { HOME="$CACHE/home" "$CS_BIN" --version 2>/dev/null; }

log() { printf '[e2e/install] %s\n' "$*"; }
start=$(date +%s)

# ---------------------------------------------------------------- Debian packages
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
command -v emacs >/dev/null 2>&1 || missing+=(emacs-nox)
dpkg -s elpa-eglot >/dev/null 2>&1 || missing+=(elpa-eglot)
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
if ((${#missing[@]})); then
    SUDO=()
    [[ $(id -u) -eq 0 ]] || SUDO=(sudo -n)
    log "apt-get install ${missing[*]}"
    timeout 600 "${SUDO[@]}" apt-get update -qq
    timeout 900 "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
chromium --version

# ---------------------------------------------------------------- code-server
mkdir -p "$CACHE/home"
if [[ -x $CS_BIN ]] && cs_version | grep -q "^$CODE_SERVER_VERSION "; then
    log "code-server $CODE_SERVER_VERSION already in $CS_DIR"
else
    log "installing code-server $CODE_SERVER_VERSION into $CS_DIR"
    mkdir -p "$CS_DIR"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # @vscode/ripgrep's postinstall downloads rg from the internet unless its cache already
    # holds the tarball; build that tarball from the binary in the npm package instead.
    export TMPDIR="$work"
    rg_cache="$work/vscode-ripgrep-cache-1.15.11"
    mkdir -p "$rg_cache" "$work/pack"
    (cd "$work/pack" && timeout 300 npm pack --silent @vscode/ripgrep-linux-x64@1.18.0 >/dev/null && tar xzf ./*.tgz)
    rg="$(find "$work/pack/package" -type f -name rg | head -n1)"
    [[ -n $rg ]] || { log "no rg binary in @vscode/ripgrep-linux-x64"; exit 1; }
    chmod +x "$rg"
    for name in ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz ripgrep-v13.0.0-4-x86_64-unknown-linux-musl.tar.gz; do
        tar czf "$rg_cache/$name" -C "$(dirname "$rg")" rg
    done
    [[ -f $CS_DIR/package.json ]] || echo '{"private":true}' >"$CS_DIR/package.json"
    (cd "$CS_DIR" && npm_config_unsafe_perm=true npm_config_yes=true \
        timeout 1200 npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION")
    cs_version
fi
ln -sfn "$CS_DIR" "$CACHE/code-server"
log "done in $(( $(date +%s) - start )) s"
