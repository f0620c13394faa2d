/**
 * Binds every approval to the exact call it was asked for. On 2026-era connections the answer to a
 * question travels back from the client inside the retried `tools/call`, so a client could attach
 * an "accept" it was never asked for and skip the user. The server therefore mints a `requestState`
 * sealed with an HMAC key only this process knows, naming the tool, the canonical arguments and a
 * one-time nonce; an answer counts only when it comes back with that state, for that same call,
 * the first time. On 2025-era connections the SDK's legacy shim echoes the state byte for byte, so
 * one code path serves both eras.
 */
import { createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { randomBytes, randomUUID } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/**
 * How long a question may stay unanswered: the SDK's own legacy round timeout (10 min), so a user
 * who takes their time is not refused by one layer while the other still waits.
 */
export const APPROVAL_TTL_SECONDS = 600;

/** 256-bit HMAC key: the SHA-256 block strength the codec signs with. */
const KEY_BYTES = 32;

/** What a minted state carries. */
export interface ApprovalClaim {
  tool: string;
  args: string;
  nonce: string;
}

/** Why an echoed state was not honoured, phrased for the refusal text. */
export type RedeemFailure = 'other-call' | 'already-used';

/**
 * Issues and redeems approval states. Share one ledger between all server instances of a process
 * (the stdio entry may build a probe instance and a real one), so a nonce is spent once overall.
 */
export class ApprovalLedger {
  private readonly codec: RequestStateCodec<ApprovalClaim>;
  /** Spent nonces with the time they stop mattering (the state itself expires then). */
  private readonly spent = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    this.codec = createRequestStateCodec<ApprovalClaim>({ key: randomBytes(KEY_BYTES), ttlSeconds: APPROVAL_TTL_SECONDS });
  }

  /** The hook for `ServerOptions.requestState.verify`: rejects forged or expired states. */
  readonly verify = (state: string, ctx: ServerContext): Promise<ApprovalClaim> => this.codec.verify(state, ctx);

  /** A sealed state for one question about `tool` with `args`. */
  mint(tool: string, args: unknown): Promise<string> {
    return this.codec.mint({ tool, args: canonicalJson(args), nonce: randomUUID() });
  }

  /**
   * Spends a verified claim for this exact call. Returns null on success, else why it was refused.
   */
  redeem(claim: ApprovalClaim, tool: string, args: unknown): RedeemFailure | null {
    if (claim.tool !== tool || claim.args !== canonicalJson(args)) return 'other-call';
    this.forgetExpired();
    if (this.spent.has(claim.nonce)) return 'already-used';
    this.spent.set(claim.nonce, this.now() + APPROVAL_TTL_SECONDS * 1000);
    return null;
  }

  /** A spent nonce can be dropped once its state has expired: the codec refuses it by then. */
  private forgetExpired(): void {
    const now = this.now();
    for (const [nonce, until] of this.spent) if (until < now) this.spent.delete(nonce);
  }
}

/** Narrows an untyped `requestState()` value to a claim minted by a ledger. */
export function isApprovalClaim(value: unknown): value is ApprovalClaim {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.tool === 'string' && typeof v.args === 'string' && typeof v.nonce === 'string';
}
