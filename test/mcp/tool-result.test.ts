/**
 * What MCP adds to the catalog's contract: its own remedy for a lost session (a terminal command),
 * annotations renamed from the catalog's metadata, and results rendered without re-reading pictures.
 */
import { describe, expect, it } from 'vitest';
import { mcpFailureText, toolAnnotations } from '../../src/mcp/index.js';
import { toCallToolResult } from '../../src/mcp/tool-result.js';
import { createCatalog } from '../../src/tools/index.js';
import type { ToolFailure } from '../../src/tools/types.js';
import { stubEngine } from '../tools/support/stub-engine.js';

const base: Omit<ToolFailure, 'kind' | 'code' | 'message'> = { ok: false, tool: 'enc_level', retryable: false };

describe('mcpFailureText', () => {
  it('adds the encli login remedy to a lost session, naming its domain', () => {
    const lost: ToolFailure = { ...base, kind: 'session_expired', code: 'session_expired', domain: 'svk.en.cx', message: 'not signed in to svk.en.cx: the engine asked to sign in again' };
    expect(mcpFailureText(lost)).toBe(
      'enc_level failed: not signed in to svk.en.cx: the engine asked to sign in again. Sign in again: run "encli login -domain svk.en.cx", then retry.',
    );
  });

  it('leaves every other kind as the catalog wrote it', () => {
    const declined: ToolFailure = { ...base, tool: 'enc_send_code', kind: 'declined', code: 'declined', message: 'The user declined "enc_send_code".' };
    expect(mcpFailureText(declined)).toBe('The user declined "enc_send_code".');
    const network: ToolFailure = { ...base, kind: 'network', code: 'timeout', retryable: true, message: 'no answer within 15 s' };
    expect(mcpFailureText(network)).toBe('enc_level failed: no answer within 15 s');
  });

  it('renders a failure as an isError result', () => {
    const network: ToolFailure = { ...base, kind: 'network', code: 'timeout', message: 'no answer' };
    expect(toCallToolResult(network)).toEqual({ isError: true, content: [{ type: 'text', text: 'enc_level failed: no answer' }] });
  });
});

describe('toolAnnotations', () => {
  it('are the real tools’ own metadata, renamed', () => {
    const catalog = createCatalog(stubEngine(), { policy: 'approve' });
    expect(toolAnnotations(catalog.lookup('enc_take_penalty_hint')!)).toEqual({
      title: 'Take penalty hint',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(toolAnnotations(catalog.lookup('enc_level')!)).toEqual({
      title: 'Level',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
  });
});
