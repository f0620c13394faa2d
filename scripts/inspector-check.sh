#!/usr/bin/env bash
# Outside check of `encli mcp --demo` with the official MCP Inspector, a client this project did
# not write (npm package @modelcontextprotocol/inspector, pinned). Not part of `npm test`: it needs
# the npm registry (or a warm npm cache) once per run to install the Inspector into a temporary
# directory, which is removed on exit. After that install nothing leaves the machine: the demo
# engine is a fake Encounter server on 127.0.0.1.
#
#   npm run check:inspector            # both protocol eras
#   ERAS=legacy npm run check:inspector
#   INSPECTOR_VERSION=x.y.z npm run check:inspector
#
# Inspector 2.12.0 declares node >=22.19; on Node 20 npm only warns (EBADENGINE) and it works.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
INSPECTOR_VERSION=${INSPECTOR_VERSION:-2.12.0}
ERAS=${ERAS:-legacy modern}
DEMO_GAME=10101 # DEMO_GAME_ID in src/demo/demo-game.ts: the playable game with the collage level
COLLAGE=/GameImages/demo/collage.jpg # its task picture, relative to the demo site

WORK=$(mktemp -d)
cleanup() {
  cd /
  if [ -n "${MCPDO_STARTED:-}" ]; then "$BIN/mcpdo" daemon stop >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "inspector-check: installing @modelcontextprotocol/inspector@$INSPECTOR_VERSION into $WORK"
(cd "$WORK" && npm init -y >/dev/null && npm install --no-audit --no-fund "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >/dev/null 2>&1)
BIN=$WORK/node_modules/.bin
# The Inspector keeps its state under HOME; keep it in the temp dir and off the keychain.
export HOME=$WORK MCP_INSPECTOR_SECRET_STORE=memory

# Run the CLI from source through tsx (absolute loader path: the Inspector spawns from its own cwd),
# so the check never exercises a stale build.
ENCLI=(node --import "$ROOT/node_modules/tsx/dist/loader.mjs" "$ROOT/src/cli/encli.ts" mcp --demo)

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok   $*"; }
bad() { failed=$((failed + 1)); echo "  FAIL $*"; }
# check <description> <command…>: passes when the command succeeds.
check() {
  local what=$1
  shift
  if "$@"; then ok "$what"; else bad "$what"; fi
}
# Extracts the first value of a key anywhere in a JSON document on stdin.
jsonget() {
  node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const find = (o) => o && typeof o === "object"
        ? (o[process.argv[1]] ?? Object.values(o).map(find).find((v) => v !== undefined)) : undefined;
      try { const v = find(JSON.parse(s)); console.log(typeof v === "object" ? JSON.stringify(v) : v ?? ""); }
      catch { console.log(""); }
    });' "$1"
}

cli() { "$BIN/inspector" --cli -q --format json "${ENCLI[@]}" "$@"; }

echo "inspector-check: one-shot CLI (no elicitation capability)"
cli --method tools/list >"$WORK/readonly.json" 2>"$WORK/stderr.txt" || true
check "readonly lists 13 tools" test "$(grep -o '"name": *"enc_[a-z_]*"' "$WORK/readonly.json" | wc -l)" -eq 13
check "readonly hides enc_send_code" bash -c "! grep -q '\"enc_send_code\"' '$WORK/readonly.json'"
cli -security approve --method tools/list >"$WORK/approve.json" 2>/dev/null || true
check "approve lists 17 tools" test "$(grep -o '"name": *"enc_[a-z_]*"' "$WORK/approve.json" | wc -l)" -eq 17

set +e
cli --method tools/call --tool-name enc_game_state --tool-args-json "{\"game_id\":$DEMO_GAME}" >"$WORK/state.json" 2>&1
rc=$?
set -e
check "enc_game_state answers (exit $rc)" bash -c "[ $rc = 0 ] && grep -q '$DEMO_GAME' '$WORK/state.json'"

set +e
cli --method tools/call --tool-name enc_split_image --tool-args-json "{\"url\":\"$COLLAGE\"}" >"$WORK/split.json" 2>&1
rc=$?
set -e
images=$(grep -o '"type": *"image"' "$WORK/split.json" | wc -l)
check "enc_split_image returns image blocks (exit $rc, $images blocks)" bash -c "[ $rc = 0 ] && [ $images -ge 2 ]"

set +e
cli --method tools/call --tool-name enc_level --tool-args-json '{}' >/dev/null 2>&1
rc=$?
cli -security approve --method tools/call --tool-name enc_send_code \
  --tool-args-json "{\"game_id\":$DEMO_GAME,\"code\":\"yellow\"}" >"$WORK/noelicit.json" 2>&1
rc2=$?
set -e
check "a tool error is isError (Inspector exit 5, got $rc)" test "$rc" = 5
check "approve without elicitation refuses (exit $rc2) and says why" \
  bash -c "[ $rc2 = 5 ] && grep -q 'elicitation' '$WORK/noelicit.json'"

eval "$("$BIN/mcpdo" private)"
MCPDO_STARTED=1
for era in $ERAS; do
  echo "inspector-check: mcpdo, $era era, -security approve (elicitation answered by this script)"
  # mcpdo names an ad-hoc connection after its command (`node`); one era at a time reuses it.
  name=node
  if ! "$BIN/mcpdo" --format json connect --era "$era" --connect-timeout 60000 -- "${ENCLI[@]}" -security approve >"$WORK/connect.json" 2>&1; then
    bad "connect ($era): $(head -c 300 "$WORK/connect.json")"
    continue
  fi
  ok "connect ($era)"
  out=$("$BIN/mcpdo" --format json "@$name" tools/call enc_send_code "{\"game_id\":$DEMO_GAME,\"code\":\"wrong-one\"}" 2>&1 || true)
  id=$(printf '%s' "$out" | jsonget elicitationId)
  if [ -z "$id" ]; then
    bad "decline: no elicitation pending: $(printf '%s' "$out" | head -c 300)"
  else
    res=$("$BIN/mcpdo" --format json "@$name" elicitation/respond "$id" --decline 2>&1 || true)
    check "decline gives isError" bash -c "printf '%s' '$res' | grep -q '\"isError\": *true'"
  fi
  out=$("$BIN/mcpdo" --format json "@$name" tools/call enc_send_code "{\"game_id\":$DEMO_GAME,\"code\":\"yellow\"}" 2>&1 || true)
  id=$(printf '%s' "$out" | jsonget elicitationId)
  if [ -z "$id" ]; then
    bad "accept: no elicitation pending: $(printf '%s' "$out" | head -c 300)"
  else
    res=$("$BIN/mcpdo" --format json "@$name" elicitation/respond "$id" confirm:=true 2>&1 || true)
    check "accept runs the call" bash -c "printf '%s' '$res' | grep -q 'yellow' && ! printf '%s' '$res' | grep -q '\"isError\": *true'"
  fi
  "$BIN/mcpdo" disconnect "$name" >/dev/null 2>&1 || true
done

echo "inspector-check: $passed passed, $failed failed"
[ "$failed" = 0 ]
