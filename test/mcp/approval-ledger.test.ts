import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TTL_SECONDS, ApprovalLedger } from '../../src/mcp/index.js';
import { canonicalJson } from '../../src/mcp/canonical-json.js';
import type { ServerContext } from '@modelcontextprotocol/server';

const noCtx = {} as ServerContext;

describe('canonicalJson', () => {
  it('is the same text whatever the key order, and round-trips to the same value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('keeps a "__proto__" key as an ordinary key', () => {
    const withProto = JSON.parse('{"__proto__":{"code":"y"},"code":"x"}') as Record<string, unknown>;
    expect(canonicalJson(withProto)).not.toBe(canonicalJson({ code: 'x' }));
    expect(canonicalJson(withProto)).toBe('{"__proto__":{"code":"y"},"code":"x"}');
  });
});

describe('ApprovalLedger', () => {
  it('verifies what it minted and redeems it once, for the same call only', async () => {
    const ledger = new ApprovalLedger();
    const state = await ledger.mint('enc_send_code', { game_id: 1, code: 'a' });
    const claim = await ledger.verify(state, noCtx);
    expect(ledger.redeem(claim, 'enc_send_code', { code: 'a', game_id: 1 })).toBeNull();
    expect(ledger.redeem(claim, 'enc_send_code', { code: 'a', game_id: 1 })).toBe('already-used');
    const other = await ledger.verify(await ledger.mint('enc_send_code', { game_id: 1, code: 'a' }), noCtx);
    expect(ledger.redeem(other, 'enc_send_code', { game_id: 1, code: 'b' })).toBe('other-call');
    expect(ledger.redeem(other, 'enc_send_bonus_code', { game_id: 1, code: 'a' })).toBe('other-call');
  });

  it("rejects another ledger's state (a different key) and altered states", async () => {
    const state = await new ApprovalLedger().mint('enc_enter_game', { game_id: 5 });
    await expect(new ApprovalLedger().verify(state, noCtx)).rejects.toThrow();
    const ledger = new ApprovalLedger();
    const own = await ledger.mint('enc_enter_game', { game_id: 5 });
    await expect(ledger.verify(own.replace('v1.', 'v1.x'), noCtx)).rejects.toThrow();
  });

  it('forgets spent nonces only after their state has expired', async () => {
    let now = 1_000_000;
    const ledger = new ApprovalLedger(() => now);
    const claim = await ledger.verify(await ledger.mint('enc_enter_game', {}), noCtx);
    expect(ledger.redeem(claim, 'enc_enter_game', {})).toBeNull();
    now += APPROVAL_TTL_SECONDS * 1000 - 1;
    expect(ledger.redeem(claim, 'enc_enter_game', {})).toBe('already-used');
  });
});
