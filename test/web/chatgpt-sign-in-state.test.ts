/**
 * `ChatGptSignIn`'s states against a real `CodexDeviceLogin` on the fake issuer: a timeout and a
 * credential that cannot be kept end in words for the player; two starts share one login.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CodexDeviceLogin } from '../../src/agent/codex/index.js';
import { ChatGptSignIn } from '../../src/web/index.js';
import { startFakeIssuer, type FakeIssuer } from '../agent/codex/fake-issuer.js';

let issuer: FakeIssuer | undefined;
afterEach(async () => {
  await issuer?.close();
  issuer = undefined;
});

async function settled(signIn: ChatGptSignIn): Promise<void> {
  while (['starting', 'waiting'].includes(signIn.state().phase)) await new Promise((r) => setTimeout(r, 20));
}

describe('ChatGptSignIn', () => {
  it('a login nobody approves in time fails with the timeout in words, and shows no code any more', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 1_000 });
    const fake = issuer;
    const signIn = new ChatGptSignIn({ start: () => CodexDeviceLogin.start({ issuer: fake.issuer }), adopt: async () => {}, needsSignIn: () => true, timeoutSeconds: 0.2 });
    await signIn.begin();
    expect(signIn.state()).toMatchObject({ phase: 'waiting', user_code: 'ABCD-EFGH' });
    await settled(signIn);
    expect(signIn.state()).toMatchObject({ needed: true, phase: 'failed', user_code: null, verify_url: null });
    expect(signIn.state().message).toMatch(/timed out before approval/);
  });

  it('two starts at once share one login; an approval that cannot be stored says so', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 0 });
    const fake = issuer;
    const signIn = new ChatGptSignIn({
      start: () => CodexDeviceLogin.start({ issuer: fake.issuer }),
      adopt: async () => {
        throw new Error('disk full');
      },
      needsSignIn: () => true,
    });
    await Promise.all([signIn.begin(), signIn.begin()]);
    expect(fake.log.filter((r) => r.path.endsWith('/usercode'))).toHaveLength(1);
    await settled(signIn);
    expect(signIn.state()).toMatchObject({ phase: 'failed', message: 'the sign-in was approved but could not be kept: disk full' });
  });

  it('cancel with no login running changes nothing', () => {
    const signIn = new ChatGptSignIn({ start: () => Promise.reject(new Error('unused')), adopt: async () => {}, needsSignIn: () => false });
    expect(signIn.cancel()).toBe(false);
    expect(signIn.state()).toEqual({ needed: false, phase: 'idle', user_code: null, verify_url: null, message: null });
  });
});
