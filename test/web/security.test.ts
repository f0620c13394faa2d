/**
 * The local server's gate over real HTTP, with headers a browser would not let a page forge:
 * each refusal next to the same request done right (so a gate that refused everything would fail).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, secretCookieName } from '../../src/web/index.js';
import { startWebFixture, type WebFixture } from './support/web-fixture.js';

let fx: WebFixture;
let port: number;
let cookie: string;

beforeAll(async () => {
  fx = await startWebFixture();
  port = fx.web.port;
  cookie = `${secretCookieName(port)}=${new URL(fx.web.url).searchParams.get('token')}`;
});
afterAll(async () => {
  await fx?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw request: every header exactly as given (Host included), nothing added. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const host = () => `127.0.0.1:${port}`;
const origin = () => `http://127.0.0.1:${port}`;
const json = { 'content-type': 'application/json' };

describe('encli web refuses what is not its own page', () => {
  it('trades the secret in the URL for an HttpOnly, SameSite=Strict cookie and drops it from the address', async () => {
    const token = new URL(fx.web.url).searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const answer = await send('GET', `/?token=${token}`, { host: host() });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(String(answer.headers['set-cookie'])).toMatch(new RegExp(`^${secretCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict$`));
    const wrong = await send('GET', `/?token=${'0'.repeat(64)}`, { host: host() });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a request without the secret', async () => {
    expect((await send('GET', '/api/state', { host: host(), cookie })).status).toBe(200);
    const state = await send('GET', '/api/state', { host: host() });
    expect(state.status).toBe(401);
    expect(state.body).not.toContain('player1');
    const page = await send('GET', '/', { host: host() });
    expect(page.status).toBe(401);
    expect(page.body).toContain('Open the address encli web printed');
    expect((await send('GET', '/api/state', { host: host(), cookie: `${secretCookieName(port)}=nope` })).status).toBe(401);
    const post = await send('POST', '/api/send', { host: host(), origin: origin(), ...json }, JSON.stringify({ text: 'hi' }));
    expect(post.status).toBe(401);
    expect(fx.model.requests).toHaveLength(0);
  });

  it('refuses a foreign Origin (CSRF) and a POST that names none', async () => {
    const body = JSON.stringify({});
    expect((await send('POST', '/api/stop', { host: host(), origin: origin(), cookie, ...json }, body)).status).toBe(200);
    const foreign = await send('POST', '/api/stop', { host: host(), origin: 'http://evil.example', cookie, ...json }, body);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('evil.example');
    expect((await send('POST', '/api/stop', { host: host(), origin: 'http://127.0.0.1:1', cookie, ...json }, body)).status).toBe(403);
    expect((await send('POST', '/api/stop', { host: host(), cookie, ...json }, body)).status).toBe(403);
    expect((await send('GET', '/api/events', { host: host(), origin: 'http://evil.example', cookie })).status).toBe(403);
    expect((await send('GET', '/api/state', { host: host(), cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('refuses a rebinding Host (a foreign name pointed at 127.0.0.1)', async () => {
    expect((await send('GET', '/api/state', { host: `localhost:${port}`, cookie })).status).toBe(200);
    const rebound = await send('GET', '/api/state', { host: `attacker.example:${port}`, cookie });
    expect(rebound.status).toBe(421);
    expect(rebound.body).toContain('attacker.example');
    expect((await send('GET', '/', { host: 'attacker.example', cookie })).status).toBe(421);
    expect((await send('GET', '/api/state', { host: `127.0.0.1:${port + 1}`, cookie })).status).toBe(421);
    // Without any Host, Node's HTTP server itself answers 400 before the handler runs.
    expect([400, 421]).toContain((await send('GET', '/api/state', { cookie })).status);
  });

  it('sends a strict Content-Security-Policy and no-sniff with the page', async () => {
    const page = await send('GET', '/', { host: host(), cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toMatch(/<script>|\son\w+=/);
  });

  it('answers bad input with a specific error, never a crash', async () => {
    const post = (path: string, body: string, type = 'application/json') =>
      send('POST', path, { host: host(), origin: origin(), cookie, 'content-type': type }, body);
    const refusal = async (path: string, body: string) => {
      const answer = await post(path, body);
      return { status: answer.status, error: (JSON.parse(answer.body) as { error: string }).error };
    };
    expect(await refusal('/api/send', '{not json')).toEqual({ status: 400, error: 'the body is not valid JSON' });
    expect(await refusal('/api/send', '{"text":42}')).toEqual({ status: 400, error: '"text" must be a string' });
    expect(await refusal('/api/send', '{"text":"   "}')).toEqual({ status: 400, error: 'the message is empty' });
    expect(await refusal('/api/send', '[1]')).toEqual({ status: 400, error: 'the body must be a JSON object' });
    expect((await post('/api/send', 'text=hi', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect(await post('/api/confirm', '{"call_id":"call-404","approved":true}')).toMatchObject({ status: 404 });
    expect(await post('/api/location', '{"request_id":"x","latitude":91,"longitude":0}')).toMatchObject({ status: 400 });
    expect((await post('/api/send', JSON.stringify({ text: 'x'.repeat(70_000) }))).status).toBe(413);
    expect((await send('GET', '/api/pictures/999', { host: host(), cookie })).status).toBe(404);
    expect((await send('DELETE', '/api/state', { host: host(), cookie })).status).toBe(405);
    expect(fx.model.requests).toHaveLength(0);
  });
});
