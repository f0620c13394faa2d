import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatView, remedyFor } from '../../src/cli/chat-view.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('ChatView (not a terminal)', () => {
  it('prints one line per tool state, the streamed text, the remedy, and saves pictures under their call', async () => {
    dir = await mkdtemp(join(tmpdir(), 'chat-view-'));
    let out = '';
    const view = new ChatView({ write: (t) => (out += t), tty: false, picturesDir: join(dir, 'pics'), domain: 'tech.en.cx' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    view.render({ type: 'turn_started', turn: 2 });
    view.render({ type: 'text_delta', turn: 2, text: 'Looking' });
    view.render({ type: 'tool_started', turn: 2, call_id: 'call-7', tool: 'enc_view_image', args: { url: 'https://x/a\u202Eb.png' } });
    view.render({ type: 'tool_finished', turn: 2, call_id: 'call-7', tool: 'enc_view_image', is_error: false, result: '{}', images: [{ mimeType: 'image/png', bytes: png }] });
    view.render({ type: 'tool_started', turn: 2, call_id: 'call-8', tool: 'enc_level', args: '{"game_id":' });
    view.render({
      type: 'tool_finished', turn: 2, call_id: 'call-8', tool: 'enc_level', is_error: true,
      result: 'enc_level failed: the session has expired\nmore', images: [],
      failure_kind: 'session_expired', failure: { kind: 'session_expired', code: 'login_page', retryable: false, domain: 'svk.en.cx' },
    });
    await view.flush();
    view.render({ type: 'text_delta', turn: 2, text: 'Done.' });
    view.render({ type: 'turn_finished', turn: 2, content: 'Looking Done.' });
    const path = join(dir, 'pics', 'turn2-call-7-1.png');
    expect(out).toMatch(/^Looking\n… enc_view_image url="https:\/\/x\/a\\u202Eb\.png"\n✓ enc_view_image url="https:\/\/x\/a\\u202Eb\.png" \(\d+\.\d s\)\n/);
    expect(out).toContain('✗ enc_level {"game_id":: enc_level failed: the session has expired\n  sign in again: run "encli login -domain svk.en.cx"\n');
    expect(out).toContain(`  picture: ${path}\n`);
    expect(out.endsWith('Done.\n')).toBe(true);
    expect(new Uint8Array(await readFile(path))).toEqual(png);
    view.render({ type: 'turn_failed', turn: 3, error: 'the turn was cancelled' });
    expect(out.endsWith('error: the turn was cancelled\n')).toBe(true);
  });

  it('words remedies for the terminal only where one exists', () => {
    expect(remedyFor({ kind: 'anti_spam', code: 'captcha', retryable: false, url: 'https://tech.en.cx/Login.aspx?NotHumanRequest=1' }, 'tech.en.cx')).toBe(
      'the engine wants a human check: open https://tech.en.cx/Login.aspx?NotHumanRequest=1 in a browser, pass it, then ask again',
    );
    expect(remedyFor({ kind: 'declined', code: 'declined', retryable: false }, 'tech.en.cx')).toBeNull();
    expect(remedyFor(undefined, 'tech.en.cx')).toBeNull();
  });
});
