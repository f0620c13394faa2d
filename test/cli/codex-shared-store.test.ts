/**
 * Two encli processes sharing one stored ChatGPT credential: the one that adopts a token the other
 * rotated into the file must not write it back — by then the other may have rotated it again, and
 * the write would put a burnt refresh token over the live one.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CodexDeviceLogin, CodexTokenSource, parseCodexCredential, serializeCodexCredential } from '../../src/agent/codex/index.js';
import { codexCredentialPath, loadCodexLogin, storeCodexCredential } from '../../src/cli/auth.js';
import { startFakeIssuer, type FakeIssuer } from '../agent/codex/fake-issuer.js';

let issuer: FakeIssuer | undefined;
let home: string | undefined;
afterEach(async () => {
  await issuer?.close();
  if (home) await rm(home, { recursive: true, force: true });
  issuer = home = undefined;
});

it('adopting the token another process rotated into the file leaves the file as that process wrote it', async () => {
  issuer = await startFakeIssuer({ pendingPolls: 0 });
  home = await mkdtemp(join(tmpdir(), 'encli-shared-'));
  const env = { XDG_CONFIG_HOME: home };
  const device = await CodexDeviceLogin.start({ issuer: issuer.issuer });
  const expired = serializeCodexCredential({ ...parseCodexCredential((await device.poll())!), expiresAt: Date.now() - 1 });
  await storeCodexCredential(env, expired);

  const mine = await loadCodexLogin({ issuer: issuer.issuer }, env);
  const other = new CodexTokenSource(expired, { issuer: issuer.issuer });
  await other.token();
  await storeCodexCredential(env, other.credentialJson());
  const path = codexCredentialPath(env);
  const written = await stat(path);

  expect((await mine.tokens.token()).accessToken).toBe(issuer.latestAccessToken());
  await mine.save();
  expect(issuer.refreshes()).toHaveLength(1);
  expect((await stat(path)).ino).toBe(written.ino);
  expect(parseCodexCredential(await readFile(path, 'utf8')).refreshToken).toBe(parseCodexCredential(other.credentialJson()).refreshToken);
});
