/**
 * The offline demo (`encli mcp --demo`) may fetch pictures from its own servers only. Loopback is
 * reachable for it, so without this limit enc_view_image would probe every local port and report
 * back ECONNREFUSED or a banner — a port scanner in the model's hands.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoEngine, type DemoEngine } from '../../src/demo/index.js';
import { ResourceRefusedError } from '../../src/engine/errors.js';
import { DialRefusedError, originsOnlyDialer } from '../../src/engine/net/resource-fetcher.js';
import { createCatalog } from '../../src/tools/index.js';
import type { Catalog } from '../../src/tools/types.js';

/** A local TCP service that is not the demo's: it counts every connection made to it. */
let bystander: Server;
let bystanderPort: number;
const connections: Socket[] = [];
let demo: DemoEngine;
let catalog: Catalog;

beforeAll(async () => {
  bystander = createServer((socket) => {
    connections.push(socket);
    socket.end('SSH-2.0-OpenSSH_9.6\r\n');
  });
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
  bystanderPort = (bystander.address() as AddressInfo).port;
  demo = await createDemoEngine();
  catalog = createCatalog(demo.engine, { policy: 'readonly', baseUrl: demo.fake.url });
});

afterAll(async () => {
  await demo.close();
  await new Promise<void>((resolve) => bystander.close(() => resolve()));
});

function refusal(outcome: Awaited<ReturnType<Catalog['call']>>): string {
  if (outcome.ok) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.json)}`);
  return outcome.message;
}

describe('--demo pictures reach exactly the demo servers', () => {
  it('enc_view_image http://127.0.0.1:22/ is refused as a refusal, not a connection error', async () => {
    const error = refusal(await catalog.call('enc_view_image', { url: 'http://127.0.0.1:22/' }));
    expect(error).toMatch(/refused to fetch http:\/\/127\.0\.0\.1:22\/: the offline demo fetches pictures only from its own servers/);
    expect(error).not.toMatch(/ECONNREFUSED|could not reach/);
  });

  it.each(['http://127.0.0.1:{port}/', 'http://localhost:{port}/x.png', 'http://[::ffff:127.0.0.1]:{port}/', 'https://127.0.0.1:{port}/'])(
    'a listening local service (%s) gets no connection at all',
    async (pattern) => {
      const url = pattern.replace('{port}', String(bystanderPort));
      const error = refusal(await catalog.call('enc_view_image', { url }));
      expect(error).toMatch(/refused to fetch|not a public|loopback/);
      expect(error).not.toContain('SSH-2.0');
      expect(connections).toHaveLength(0);
    },
  );

  it('the demo engine itself and its own picture host still serve pictures', async () => {
    const own = await demo.engine.fetchResource('/GameImages/demo/collage.jpg');
    expect(own.url).toBe(`${demo.fake.url}/GameImages/demo/collage.jpg`);
    const host = await demo.fake.startPictureHost();
    const other = await demo.engine.fetchResource(`${host}/GameImages/demo/collage.jpg`);
    expect(other.bytes).toEqual(own.bytes);
  });

  it('refuses public hosts too: the demo is offline', async () => {
    await expect(demo.engine.fetchResource('http://93.184.216.34/x.jpg')).rejects.toBeInstanceOf(ResourceRefusedError);
  });
});

describe('originsOnlyDialer', () => {
  const never = (): never => {
    throw new Error('the inner dialer must not be called for a refused target');
  };
  const dial = originsOnlyDialer(() => ['http://127.0.0.1:8080', 'https://[::1]:8443'], 'closed world', never);
  const target = (address: string, port: number, tls = false) => ({ hostname: address, address, family: address.includes(':') ? 6 : 4, port, tls }) as const;

  it('compares scheme, address and port; refuses everything else before dialing', () => {
    expect(() => dial(target('127.0.0.1', 8080))).toThrow('the inner dialer must not be called');
    expect(() => dial(target('::1', 8443, true))).toThrow('the inner dialer must not be called');
    for (const t of [target('127.0.0.1', 8081), target('127.0.0.1', 8080, true), target('127.0.0.2', 8080), target('::1', 8080)]) {
      expect(() => dial(t)).toThrow(DialRefusedError);
    }
    expect(() => dial(target('127.0.0.1', 22))).toThrow('closed world (http://127.0.0.1:8080, https://[::1]:8443)');
  });
});
