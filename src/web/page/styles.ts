/**
 * The page's stylesheet (served as `/app.css`: the CSP allows no inline style). Light and dark
 * follow the system; the layout is one column that fits a phone and widens on a laptop.
 */
export const PAGE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --panel: #ffffff; --text: #17191c; --muted: #5d6470; --line: #dde1e6;
  --accent: #1f6feb; --accent-text: #ffffff; --user: #e4eefc; --ok: #1a7f37; --fail: #c62828;
  --warn: #9a6700; --code: #eef0f3; --shadow: 0 1px 2px rgba(0,0,0,.08);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 16px; line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1115; --panel: #171a21; --text: #e7e9ee; --muted: #9aa3b2; --line: #2a2f3a;
    --accent: #4c8dff; --accent-text: #0b0d11; --user: #1d2a40; --ok: #3fb950; --fail: #ff6b6b;
    --warn: #d29922; --code: #1f232c; --shadow: none;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { height: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); display: flex; flex-direction: column; }
button, input, textarea { font: inherit; color: inherit; }
button {
  border: 1px solid var(--line); background: var(--panel); border-radius: 8px; padding: .45rem .9rem;
  cursor: pointer; min-height: 2.5rem;
}
button:disabled { opacity: .5; cursor: default; }
button[type=submit], #send { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
button.stop { background: var(--fail); border-color: var(--fail); color: #fff; }
button.danger { border-color: var(--fail); color: var(--fail); }
button.link, button.quiet { border: none; background: none; color: var(--accent); padding: .2rem .4rem; min-height: 0; }
code { background: var(--code); border-radius: 4px; padding: 0 .25rem; }

.bar {
  position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: .35rem .8rem;
  padding: .55rem max(.8rem, env(safe-area-inset-left)); background: var(--panel); border-bottom: 1px solid var(--line);
}
.where { display: flex; gap: .5rem; align-items: baseline; min-width: 0; }
.domain { font-weight: 600; }
.who { color: var(--muted); font-size: .9rem; }
.game { flex: 1 1 12rem; min-width: 0; font-size: .92rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.game .level { font-weight: 600; }
.game .note { color: var(--muted); }
.bar-end { display: flex; gap: .5rem; align-items: center; margin-left: auto; }
.badge { font-size: .78rem; font-weight: 600; border-radius: 999px; padding: .15rem .6rem; border: 1px solid currentColor; white-space: nowrap; }
.badge.readonly { color: var(--muted); }
.badge.approve { color: var(--warn); }
.badge.full { color: var(--fail); }
.connection { font-size: .78rem; color: var(--muted); }
.connection.live { color: var(--ok); }

.conversation { flex: 1; width: 100%; max-width: 52rem; margin: 0 auto; padding: 1rem .8rem 2rem; display: flex; flex-direction: column; gap: .8rem; }
.welcome { color: var(--muted); margin: 2rem 0; text-align: center; }
.msg { border-radius: 12px; padding: .6rem .85rem; max-width: 100%; overflow-wrap: anywhere; }
.msg.user { align-self: flex-end; background: var(--user); white-space: pre-wrap; max-width: 85%; }
.msg.assistant { align-self: stretch; background: var(--panel); border: 1px solid var(--line); box-shadow: var(--shadow); display: flex; flex-direction: column; gap: .45rem; }
.answer { white-space: pre-wrap; }
.answer:empty { display: none; }
.thinking { color: var(--muted); font-style: italic; }
.failure { color: var(--fail); white-space: pre-wrap; }
.notice { color: var(--muted); font-size: .9rem; }

.tool { border: 1px solid var(--line); border-radius: 8px; font-size: .9rem; }
.tool > summary { list-style: none; cursor: pointer; display: flex; gap: .5rem; align-items: center; padding: .35rem .6rem; }
.tool > summary::-webkit-details-marker { display: none; }
.tool .state { width: 1.1rem; text-align: center; flex: none; }
.tool .name { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-weight: 600; white-space: nowrap; flex: none; }
.tool .brief { color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.tool.running .state::before { content: "◌"; display: inline-block; animation: spin 1s linear infinite; }
.tool.done .state::before { content: "✓"; color: var(--ok); }
.tool.failed .state::before { content: "✕"; color: var(--fail); }
.tool.waiting .state::before { content: "?"; color: var(--warn); }
.tool .detail { padding: 0 .6rem .5rem; }
.tool .detail h3 { font-size: .78rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: .5rem 0 .2rem; }
.tool pre { margin: 0; padding: .5rem; background: var(--code); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 18rem; overflow: auto; font-size: .82rem; }
.remedy { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; padding: 0 .6rem .45rem; color: var(--fail); }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .tool.running .state::before { animation: none; } }

.pictures { display: flex; gap: .5rem; overflow-x: auto; padding: .1rem 0 .3rem; }
.pictures a { flex: 1 1 0; min-width: 6rem; display: block; border-radius: 6px; overflow: hidden; border: 1px solid var(--line); background: var(--code); }
.pictures.single a { flex: 0 1 auto; min-width: 0; }
.pictures img { display: block; width: 100%; height: auto; max-height: 22rem; object-fit: contain; }
.pictures.single img { width: auto; max-width: 100%; min-width: min(16rem, 100%); }

.sign-in { width: 100%; max-width: 26rem; margin: 0 auto 1rem; padding: 0 .8rem; }
.sign-in form { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 1rem; display: flex; flex-direction: column; gap: .6rem; box-shadow: var(--shadow); }
.sign-in h2 { margin: 0; font-size: 1.1rem; }
.sign-in .user-code { font-size: 1.4rem; letter-spacing: .12em; user-select: all; }
.sign-in a { overflow-wrap: anywhere; }
.sign-in label { display: flex; flex-direction: column; gap: .2rem; font-size: .9rem; }
.sign-in input { border: 1px solid var(--line); border-radius: 8px; padding: .5rem; background: var(--bg); }
.hint { color: var(--muted); font-size: .85rem; margin: 0; }
.error { color: var(--fail); margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.actions { display: flex; gap: .6rem; justify-content: flex-end; flex-wrap: wrap; }

.composer { position: sticky; bottom: 0; background: var(--panel); border-top: 1px solid var(--line); padding: .55rem .8rem max(.55rem, env(safe-area-inset-bottom)); }
.composer form { display: flex; gap: .5rem; max-width: 52rem; margin: 0 auto; align-items: flex-end; }
.composer textarea { flex: 1; resize: none; border: 1px solid var(--line); border-radius: 10px; padding: .55rem .7rem; background: var(--bg); max-height: 40vh; min-height: 2.5rem; }
.composer-tools { max-width: 52rem; margin: .2rem auto 0; display: flex; justify-content: flex-end; gap: .5rem; font-size: .85rem; }

dialog { border: 1px solid var(--line); border-radius: 14px; background: var(--panel); color: var(--text); padding: 1.1rem; }
dialog::backdrop { background: rgba(0,0,0,.45); }
.confirm { width: min(30rem, calc(100vw - 1.6rem)); }
.confirm h2 { margin: 0 0 .4rem; font-size: 1.15rem; }
.confirm .tool-name { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); font-size: .85rem; }
.facts { display: grid; grid-template-columns: auto 1fr; gap: .15rem .7rem; margin: 0 0 .8rem; font-size: .9rem; }
.facts:empty { display: none; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.confirm .question { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 1.05rem; }
.viewer { padding: .5rem; max-width: 96vw; max-height: 96vh; }
.viewer-bar { display: flex; justify-content: space-between; align-items: center; gap: 1rem; margin-bottom: .4rem; }
.viewer img { display: block; max-width: calc(96vw - 1.2rem); max-height: calc(96vh - 4rem); margin: 0 auto; }

@media (max-width: 600px) {
  :root { font-size: 15px; }
  .game { order: 3; flex-basis: 100%; white-space: normal; }
  .msg.user { max-width: 92%; }
  .conversation { padding: .7rem .5rem 1.5rem; }
}
`;
