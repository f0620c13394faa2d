/**
 * The event stream over real HTTP: a reconnect that names its last event id gets exactly the
 * events it missed of the running turn, a fresh connection the whole conversation.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretCookieName } from '../../src/web/index.js';
import { reply } from '../support/fake-openai.js';
import { STALL, startWebFixture, type WebFixture } from './support/web-fixture.js';

let fx: WebFixture;
let headers: Record<string, string>;

beforeAll(async () => {
  fx = await startWebFixture({ script: [reply('First answer.'), reply(`${STALL}Still thinking`)] });
  const token = new URL(fx.web.url).searchParams.get('token');
  headers = { host: `127.0.0.1:${fx.web.port}`, cookie: `${secretCookieName(fx.web.port)}=${token}` };
});
afterAll(async () => {
  await fx?.close();
});

interface StreamEvent {
  id: string;
  data: { type: string; [key: string]: unknown };
}

/** Reads the stream until `until` matches an event, then hangs up. */
function readStream(extra: Record<string, string>, until: (e: StreamEvent) => boolean): Promise<StreamEvent[]> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    let buffer = '';
    let req: ClientRequest;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`stream ended without the awaited event; got ${events.map((e) => e.data.type).join(', ')}`));
    }, 10_000);
    req = httpRequest({ host: '127.0.0.1', port: fx.web.port, path: '/api/events', headers: { ...headers, ...extra } }, (res) => {
      expect(res.headers['content-type']).toContain('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id === undefined || data === undefined) continue;
          const event = { id, data: JSON.parse(data) as StreamEvent['data'] };
          events.push(event);
          if (until(event)) {
            clearTimeout(timer);
            req.destroy();
            resolve(events);
            return;
          }
        }
      });
    });
    req.on('error', (err) => {
      if (!req.destroyed || events.length === 0) reject(err);
    });
    req.end();
  });
}

async function post(path: string, body: unknown): Promise<number> {
  const response = await fetch(`${fx.web.origin}${path}`, {
    method: 'POST',
    headers: { cookie: headers.cookie!, origin: fx.web.origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

describe('the event stream', () => {
  it('replays the conversation to a new connection and resumes a reconnect at its last event', async () => {
    expect(await post('/api/send', { text: 'one' })).toBe(202);
    const first = await readStream({}, (e) => e.data.type === 'turn_finished');
    expect(first[0]!.data.type).toBe('conversation_reset');
    expect(first.map((e) => e.data.type)).toContain('user_message');

    expect(await post('/api/send', { text: 'two' })).toBe(202);
    const upToDelta = await readStream({}, (e) => e.data.type === 'text_delta' && e.data.turn === 2);
    const lastSeen = upToDelta.at(-1)!;
    expect(lastSeen.data.text).toBe('Still thinking');

    // Reconnect naming the last event: nothing replayed twice, straight to "caught up", then live.
    const resumed = readStream({ 'last-event-id': lastSeen.id }, (e) => e.data.type === 'turn_failed');
    await new Promise((r) => setTimeout(r, 200));
    expect(await post('/api/stop', {})).toBe(200);
    const tail = await resumed;
    expect(tail.map((e) => e.data.type)[0]).toBe('caught_up');
    expect(tail.some((e) => e.data.type === 'text_delta')).toBe(false);
    expect(tail.at(-1)!.data.type).toBe('turn_failed');
    const ids = tail.filter((e) => e.data.type !== 'caught_up').map((e) => Number(e.id.split('-')[1]));
    expect(Math.min(...ids)).toBeGreaterThan(Number(lastSeen.id.split('-')[1]));
  });
});
