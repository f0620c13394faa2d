/**
 * Stand-in tools behind the real catalog machinery (`createToolCatalog`), built only to exercise
 * the MCP surface: the same 13 + 4 tool names, real pictures from the shared corpus, a failing
 * read, and a log of every mutation that reached the stand-in's "engine". The gate, the prepared
 * calls and the outcomes are the catalog's own; the tools are not the enc_* tools and nothing here
 * asserts anything about them.
 */
import { imageSize } from 'image-size';
import { readFileSync } from 'node:fs';
import { corpus } from '../../helpers/corpus.js';
import { optionalInteger, optionalString, requiredString, type RawArgs } from '../../../src/tools/args.js';
import { ToolError, createToolCatalog, defineTool, jsonResult, objectSchema, quoted, type CatalogTool } from '../../../src/tools/index.js';
import type { Catalog, ModelImageType, Policy, ToolImage } from '../../../src/tools/types.js';

export const READ_TOOLS = [
  'enc_profile', 'enc_team', 'enc_domain_games', 'enc_game_list', 'enc_game_timeout', 'enc_game_state', 'enc_level',
  'enc_action_log', 'enc_view_image', 'enc_image_info', 'enc_crop_image', 'enc_split_image', 'enc_game_statistics',
] as const;
export const MUTATING_TOOLS = ['enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game'] as const;

/** Corpus pictures the stand-in returns: a PNG and a JPEG. */
export const PICTURES = {
  png: corpus('pngsuite/basn2c08.png'),
  jpeg: corpus('jpeg/redbox.jpg'),
};

function image(path: string, mimeType: ModelImageType): ToolImage {
  const bytes = new Uint8Array(readFileSync(path));
  const { width, height } = imageSize(bytes);
  return { mimeType, bytes, width, height };
}

export interface StandInOptions {
  policy: Policy;
  /** Called for every mutation that passed the gate (the stand-in's "engine"). */
  onMutation?: (tool: string, params: Record<string, unknown>) => void;
}

interface StandInParams {
  game_id?: number;
  code?: string;
  hint_id?: number;
}

/** Integers arrive as numbers or numeric strings; the catalog, not the surface, coerces them. */
function parseFor(name: string) {
  return (args: RawArgs): StandInParams => ({
    game_id: optionalInteger(args, 'game_id'),
    code: name === 'enc_send_code' ? requiredString(args, 'code') : optionalString(args, 'code'),
    hint_id: optionalInteger(args, 'hint_id'),
  });
}

const SCHEMA = objectSchema({ game_id: { type: 'integer' }, code: { type: 'string' } });

function readTool(name: string): CatalogTool {
  return defineTool<StandInParams>({
    name,
    title: `Stand-in ${name}`,
    description: `stand-in ${name}`,
    inputSchema: SCHEMA,
    mutating: false,
    cacheable: false,
    parse: parseFor(name),
    async execute(params) {
      if (name === 'enc_split_image') {
        const images = [image(PICTURES.png, 'image/png'), image(PICTURES.jpeg, 'image/jpeg')];
        return { json: { parts: images.length, method: 'detected' }, images };
      }
      if (name === 'enc_game_statistics') {
        throw new ToolError('engine returned HTML, retry shortly', { kind: 'engine_html', code: 'html_reply', retryable: true });
      }
      return jsonResult({ tool: name, game_id: params.game_id ?? null });
    },
  });
}

function mutatingTool(name: string, options: StandInOptions): CatalogTool {
  return defineTool<StandInParams>({
    name,
    title: `Stand-in ${name}`,
    description: `stand-in ${name}`,
    inputSchema: SCHEMA,
    mutating: true,
    destructive: name !== 'enc_enter_game',
    idempotent: name === 'enc_enter_game' || name === 'enc_take_penalty_hint',
    parse: parseFor(name),
    question: ({ game_id, code }) => ({
      sentence: `Run ${name}${code === undefined ? '' : ` with the code ${quoted(code)}`} in game ${game_id ?? '?'}?`,
      facts: code === undefined ? [] : [{ label: 'Code', value: quoted(code) }],
    }),
    async execute(params) {
      const recorded = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
      options.onMutation?.(name, recorded);
      return jsonResult({ accepted: true, tool: name, code: params.code ?? null });
    },
  });
}

export function createStandInCatalog(options: StandInOptions): Catalog {
  return createToolCatalog([...READ_TOOLS.map(readTool), ...MUTATING_TOOLS.map((name) => mutatingTool(name, options))], {
    policy: options.policy,
  });
}
