/**
 * Every failure kind a host can act on, produced through the catalog from the error that causes
 * it (engine errors, imaging errors, argument errors, aborts), with its code, retryability, the
 * data a surface needs (domain, url, argument), and a message free of any surface's remedy.
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import {
  AntiSpamError,
  CancelledError,
  EmptyResponseError,
  EngineError,
  EngineHtmlError,
  GameNotFoundError,
  HttpError,
  NetworkError,
  ResourceRefusedError,
  ResourceTooLargeError,
  SessionExpiredError,
  TimeoutError,
  UndecodableResponseError,
} from '../../src/engine/errors.js';
import { createCatalog, failureText } from '../../src/tools/index.js';
import type { ToolFailure } from '../../src/tools/types.js';
import { corpus } from '../helpers/corpus.js';
import { stubEngine, stubLevel, stubModel } from './support/stub-engine.js';

const URL = 'https://tech.en.cx/GameImages/x.png';

async function failureOf(overrides: Partial<Engine>, tool: string, args: Record<string, unknown>): Promise<ToolFailure> {
  const catalog = createCatalog(stubEngine(undefined, overrides), { policy: 'full' });
  const outcome = await catalog.call(tool, args);
  if (outcome.ok) throw new Error(`expected ${tool} to fail`);
  // No surface's remedy in the catalog's text: each surface words its own.
  expect(failureText(outcome)).not.toMatch(/encli/);
  return outcome;
}

const throwing = (err: unknown) => async (): Promise<never> => {
  throw err;
};

const picture = (bytes: Uint8Array) => ({ fetchResource: async (url: string) => ({ url, contentType: 'image/png', bytes }) });

describe('engine failures', () => {
  it.each([
    ['session_expired', new SessionExpiredError('tech.en.cx'), { code: 'session_expired', retryable: false, domain: 'tech.en.cx' }],
    ['anti_spam', new AntiSpamError('https://tech.en.cx/NotHumanRequest.aspx'), { code: 'anti_spam', url: 'https://tech.en.cx/NotHumanRequest.aspx' }],
    ['engine_html', new EngineHtmlError('https://tech.en.cx/gameengines/encounter/play/1', 200), { code: 'html_reply', retryable: true }],
    ['engine_html', new EmptyResponseError('https://tech.en.cx/x', 200), { code: 'empty_reply', retryable: true }],
    ['engine_html', new UndecodableResponseError('https://tech.en.cx/x', 502, false), { code: 'unreadable_reply', retryable: true }],
    ['engine', new EngineError(5, 1), { code: 'not_started', retryable: false }],
    ['engine', new EngineError(19, 1), { code: 'level_passed', retryable: true }],
    ['engine', new EngineError(99, 1), { code: 'event_99' }],
    ['engine', new GameNotFoundError(1, 'tech.en.cx'), { code: 'game_not_found', retryable: false }],
    ['network', new NetworkError('https://tech.en.cx/x', new Error('ECONNRESET')), { code: 'unreachable', retryable: true }],
    ['network', new TimeoutError('https://tech.en.cx/x', 15000), { code: 'timeout', retryable: true }],
    ['network', new HttpError('https://tech.en.cx/x', 503), { code: 'http_503', retryable: true }],
    ['network', new HttpError('https://tech.en.cx/x', 404), { code: 'http_404', retryable: false }],
    ['cancelled', new CancelledError(), { code: 'cancelled' }],
    ['internal', new TypeError('x is not a function'), { code: 'unexpected', retryable: false }],
  ] as const)('%s from %s', async (kind, err, expected) => {
    const failure = await failureOf({ getGameModel: throwing(err) }, 'enc_game_state', { game_id: 1 });
    expect(failure).toMatchObject({ ok: false, tool: 'enc_game_state', kind, ...expected });
    expect(failureText(failure)).toBe(`enc_game_state failed: ${kind === 'internal' ? 'unexpected error: ' : ''}${err.message}`);
  });

  it('a lost session while send_code reads the level stays session_expired behind the tool’s wording', async () => {
    const failure = await failureOf({ getGameModel: throwing(new SessionExpiredError('svk.en.cx')) }, 'enc_send_code', { game_id: 1, code: 'x' });
    expect(failure).toMatchObject({ kind: 'session_expired', domain: 'svk.en.cx' });
    expect(failure.message).toBe('read game state before submitting: not signed in to svk.en.cx: the engine asked to sign in again');
  });

  it('an accepted but unreadable submission is not retryable (the code was recorded)', async () => {
    const err = new UndecodableResponseError('https://tech.en.cx/x', 200, true);
    const failure = await failureOf({ sendCode: throwing(err) }, 'enc_send_code', { game_id: 1, code: 'x' });
    expect(failure).toMatchObject({ kind: 'engine', code: 'accepted_unreadable', retryable: false });
  });

  it('blocked answers and a passed level are engine refusals with their own codes', async () => {
    const blocked = stubModel({ Level: stubLevel({ HasAnswerBlockRule: true, BlockDuration: 45, BlockTargetId: 0 } as never) });
    const catalog = createCatalog(stubEngine(() => blocked), { policy: 'full' });
    const outcome = await catalog.call('enc_send_code', { game_id: 1, code: 'x' });
    expect(outcome).toMatchObject({ ok: false, kind: 'engine', code: 'answers_blocked', retryable: true });
    const passed = createCatalog(stubEngine(() => stubModel({ Level: stubLevel({ IsPassed: true }) })), { policy: 'full' });
    expect(await passed.call('enc_send_code', { game_id: 1, code: 'x' })).toMatchObject({ ok: false, kind: 'engine', code: 'level_passed' });
  });

  it('a level_number on a linear game is bad_argument naming level_number', async () => {
    const failure = await failureOf({}, 'enc_level', { game_id: 1, level_number: 2 });
    expect(failure).toMatchObject({ kind: 'bad_argument', argument: 'level_number' });
  });
});

describe('picture failures', () => {
  const png = new Uint8Array(readFileSync(corpus('pngsuite/basn2c08.png')));

  it('a URL refused before any request is network/refused_url; an oversized download is picture/too_large', async () => {
    const refused = await failureOf({ fetchResource: throwing(new ResourceRefusedError('http://127.0.0.1/', 'loopback')) }, 'enc_view_image', { url: URL });
    expect(refused).toMatchObject({ kind: 'network', code: 'refused_url' });
    const big = await failureOf({ fetchResource: throwing(new ResourceTooLargeError(URL, 10, 20)) }, 'enc_view_image', { url: URL });
    expect(big).toMatchObject({ kind: 'picture', code: 'too_large' });
  });

  it('bytes that are no picture, no bytes, a truncated file and a pixel bomb each have their code', async () => {
    const html = await failureOf(picture(new TextEncoder().encode('<html>no</html>')), 'enc_view_image', { url: URL });
    expect(html).toMatchObject({ kind: 'picture', code: 'not_a_picture' });
    const empty = await failureOf(picture(new Uint8Array()), 'enc_image_info', { url: URL });
    expect(empty).toMatchObject({ kind: 'picture', code: 'empty' });
    const cut = await failureOf(picture(png.subarray(0, 120)), 'enc_crop_image', { url: URL });
    expect(cut.kind).toBe('picture');
    expect(['truncated', 'corrupt']).toContain(cut.code);
    // The IHDR claims 60000 x 60000 (with a valid checksum): refused from the header alone.
    const bomb = new Uint8Array(png);
    const view = new DataView(bomb.buffer);
    view.setUint32(16, 60000);
    view.setUint32(20, 60000);
    view.setUint32(29, crc32(bomb.subarray(12, 29)));
    const tooLarge = await failureOf(picture(bomb), 'enc_split_image', { url: URL });
    expect(tooLarge).toMatchObject({ kind: 'picture', code: 'too_large' });
  });

  it('a crop box outside the picture is bad_argument', async () => {
    const failure = await failureOf(picture(png), 'enc_crop_image', { url: URL, x: 500, width: 10 });
    expect(failure).toMatchObject({ kind: 'bad_argument', argument: 'x' });
  });
});

describe('cancellation', () => {
  it('an abort during the engine call is cancelled, whatever error the engine raised', async () => {
    const controller = new AbortController();
    const catalog = createCatalog(
      stubEngine(undefined, {
        getGameModel: async () => {
          controller.abort();
          throw new NetworkError('https://tech.en.cx/x', new Error('socket closed'));
        },
      }),
      { policy: 'full' },
    );
    const outcome = await catalog.call('enc_level', { game_id: 1 }, { signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, kind: 'cancelled', code: 'cancelled' });
  });

  it('an already aborted signal never reaches the engine', async () => {
    let calls = 0;
    const catalog = createCatalog(stubEngine(undefined, { getProfile: async () => (calls++, { id: 1 }) as never }), { policy: 'full' });
    const outcome = await catalog.call('enc_profile', {}, { signal: AbortSignal.abort() });
    expect(outcome).toMatchObject({ ok: false, kind: 'cancelled' });
    expect(calls).toBe(0);
  });
});
