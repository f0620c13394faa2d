/**
 * A small Catalog of our own, built only to exercise the MCP surface: the same 13 + 4 tool names,
 * a policy gate that consults its Confirmer the way the contract describes, real pictures from the
 * shared corpus, and a log of every mutation that reached its "engine". It is not the real catalog
 * and asserts nothing about it.
 */
import { readFileSync } from 'node:fs';
import { corpus } from '../../helpers/corpus.js';
import type { Catalog, Confirmer, Policy, ToolDefinition, ToolImage, ToolOutcome } from '../../../src/tools/types.js';

export const READ_TOOLS = [
  'enc_profile', 'enc_team', 'enc_domain_games', 'enc_game_list', 'enc_game_timeout', 'enc_game_state', 'enc_level',
  'enc_action_log', 'enc_view_image', 'enc_image_info', 'enc_crop_image', 'enc_split_image', 'enc_game_statistics',
] as const;
export const MUTATING_TOOLS = ['enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game'] as const;

/** Corpus pictures the stand-in returns: a PNG, a JPEG, and a BMP that MCP clients cannot show. */
export const PICTURES = {
  png: corpus('pngsuite/basn2c08.png'),
  jpeg: corpus('jpeg/redbox.jpg'),
  bmp: corpus('formats/valid/bmp/sample.bmp'),
};

function image(path: string, mimeType: string): ToolImage {
  return { mimeType, data: readFileSync(path).toString('base64') };
}

export interface StandInOptions {
  policy: Policy;
  confirmer?: Confirmer;
  /** Called for every mutation that passed the gate (the stand-in's "engine"). */
  onMutation?: (tool: string, args: Record<string, unknown>) => void;
}

export function createStandInCatalog(options: StandInOptions): Catalog {
  const definitions: ToolDefinition[] = [
    ...READ_TOOLS.map((name) => define(name, false)),
    ...MUTATING_TOOLS.map((name) => define(name, true)),
  ];
  function define(name: string, mutating: boolean): ToolDefinition {
    return {
      name,
      description: `stand-in ${name}`,
      inputSchema: { type: 'object', properties: { game_id: { type: 'integer' }, code: { type: 'string' } } },
      mutating,
      cacheable: false,
      async run(args) {
        if (mutating) {
          options.onMutation?.(name, args);
          return { json: { accepted: true, tool: name, code: args.code ?? null }, images: [] };
        }
        if (name === 'enc_split_image') {
          const images = [image(PICTURES.png, 'image/png'), image(PICTURES.jpeg, 'image/jpeg')];
          if (args.with_unshowable === true) {
            images.push(image(PICTURES.bmp, 'image/bmp'), { mimeType: 'image/png', data: 'not base64!' });
          }
          return { json: { parts: images.length, method: 'detected' }, images };
        }
        if (name === 'enc_game_statistics') throw new Error('engine returned HTML, retry shortly');
        // Integers arrive as numbers or numeric strings; the catalog, not the surface, coerces them.
        const gameId = typeof args.game_id === 'string' ? Number.parseInt(args.game_id, 10) : args.game_id;
        return { json: { tool: name, game_id: gameId ?? null }, images: [] };
      },
    };
  }
  const byName = new Map(definitions.map((d) => [d.name, d]));

  async function gate(tool: ToolDefinition, args: Record<string, unknown>): Promise<string | null> {
    if (!tool.mutating || options.policy === 'full') return null;
    if (options.policy === 'readonly') return `Tool "${tool.name}" is unavailable: the engine access policy is read-only.`;
    if (!options.confirmer) return `Tool "${tool.name}" needs user approval but no confirmation channel is configured.`;
    try {
      return (await options.confirmer({ tool: tool.name, args })) ? null : `The user declined "${tool.name}". Do not retry it.`;
    } catch (err) {
      return `Approval for "${tool.name}" could not be obtained: ${(err as Error).message}`;
    }
  }

  return {
    policy: options.policy,
    tools: () => definitions.filter((d) => options.policy !== 'readonly' || !d.mutating),
    all: () => [...definitions],
    lookup: (name) => byName.get(name),
    async call(name, rawArgs): Promise<ToolOutcome> {
      const tool = byName.get(name);
      if (!tool) return { ok: false, kind: 'failed', error: `unknown tool ${name}` };
      const args = (rawArgs ?? {}) as Record<string, unknown>;
      // Like the real catalog: arguments are checked before anyone is asked.
      if (name === 'enc_send_code' && (typeof args.code !== 'string' || args.code.trim() === '')) {
        return { ok: false, kind: 'failed', error: `${name} failed: argument "code" is required and must be a non-empty string` };
      }
      const refusal = await gate(tool, args);
      if (refusal) return { ok: false, kind: 'refused', error: refusal };
      try {
        return { ok: true, ...(await tool.run(args, {})) };
      } catch (err) {
        return { ok: false, kind: 'failed', error: `${name} failed: ${(err as Error).message}` };
      }
    },
    invalidateCache() {},
    systemPromptAddendum: () => `stand-in catalog, policy ${options.policy}`,
  };
}
