/**
 * `createCatalog`: the one way any surface (MCP server, embedded agent, app session) runs enc_*
 * tools. `call` is the single path: policy gate → argument validation → confirmation → read
 * cache → engine → error wrapping. Nothing here knows about MCP or agents.
 */
import type { Engine } from '../engine/engine.js';
import { asArgumentObject } from './args.js';
import { ReadCache, cacheKey } from './cache.js';
import type { CatalogTool } from './define.js';
import { CatalogConfigError, ToolError, describeError } from './errors.js';
import { createUrlResolver } from '../html/urls.js';
import { fenceMutations } from './mutation-fence.js';
import { InfoMemo } from './pictures/info-memo.js';
import { gateMutation, parsePolicy, readonlyRefusal } from './policy.js';
import { systemPromptAddendum } from './prompt.js';
import { buildTools } from './registry.js';
import type { Catalog, Confirmer, Policy, ToolContext, ToolDefinition, ToolOutcome, ToolResult } from './types.js';

export interface CatalogOptions {
  /** `readonly`, `approve` (default; needs `confirmer`) or `full`. */
  policy?: Policy | string;
  /** Asks the user about each mutating call under `approve`. */
  confirmer?: Confirmer;
  /** Milliseconds a read result stays fresh; 0 (default) turns the cache off. */
  readCacheTTL?: number;
  /** Clock for the cache, in milliseconds (tests pass a fake one). Default `Date.now`. */
  now?: () => number;
  /**
   * The engine's site (`https://tech.en.cx`), to resolve relative picture URLs in level HTML.
   * Default: the engine's `baseUrl`; without one, relative URLs are listed as written and
   * resolved by the engine when fetched.
   */
  baseUrl?: string;
}

/**
 * Builds the catalog over an engine (the real client, the paced wrapper, a demo — any `Engine`).
 *
 * @example
 * ```ts
 * const catalog = createCatalog(client, { policy: 'approve', confirmer: async () => askUser() });
 * const outcome = await catalog.call('enc_level', { game_id: 42 });
 * ```
 */
export function createCatalog(engine: Engine, options: CatalogOptions = {}): Catalog {
  if (engine === null || engine === undefined) throw new CatalogConfigError('agenttools: engine is required');
  const policy = parsePolicy(options.policy);
  const confirmer = options.confirmer;
  if (policy === 'approve' && typeof confirmer !== 'function') {
    throw new CatalogConfigError('agenttools: policy "approve" requires a Confirmer');
  }
  const ttl = options.readCacheTTL ?? 0;
  if (typeof ttl !== 'number' || !(ttl >= 0) || ttl === Infinity) {
    throw new CatalogConfigError(`agenttools: readCacheTTL must be a finite number of milliseconds, 0 or more (got ${String(ttl)})`);
  }
  const now = options.now ?? Date.now;
  const cache = new ReadCache(ttl, now);
  const infoMemo = new InfoMemo(now);
  const tools = buildTools({
    // A code submission changes the level, not a picture: mutations clear the read cache only.
    engine: fenceMutations(engine, () => cache.clear()),
    resolveUrl: createUrlResolver(options.baseUrl ?? engine.baseUrl),
    infoMemo,
  });
  const byName = new Map<string, CatalogTool>(tools.map((t) => [t.name, t]));

  async function call(name: string, args: unknown, ctx: ToolContext = {}): Promise<ToolOutcome> {
    const tool = byName.get(name);
    if (!tool) {
      return { ok: false, kind: 'failed', error: `There is no tool "${name}". Available tools: ${visible().map((t) => t.name).join(', ')}.` };
    }
    // Read-only refuses before anything else: not even argument errors hint at a hidden tool's use.
    if (tool.mutating && policy === 'readonly') return { ok: false, kind: 'refused', error: readonlyRefusal(name) };
    const failed = (err: unknown): ToolOutcome => ({ ok: false, kind: 'failed', error: `${name} failed: ${describeError(err)}` });
    let raw: Record<string, unknown>;
    let params: object;
    try {
      raw = asArgumentObject(args);
      params = tool.parse(raw);
    } catch (err) {
      return failed(err);
    }
    if (tool.mutating) {
      const refusal = await gateMutation(policy, confirmer, name, raw, ctx.signal);
      if (refusal !== null) return { ok: false, kind: 'refused', error: refusal };
    }
    if (ctx.signal?.aborted) return failed(new ToolError('the call was cancelled before it reached the engine'));
    let result: ToolResult;
    try {
      result = tool.cacheable
        ? await cache.run(cacheKey(name, params), (signal) => tool.execute(params, { ...ctx, signal }), ctx.signal)
        : await tool.execute(params, ctx);
    } catch (err) {
      return failed(err);
    }
    try {
      JSON.stringify(result.json);
    } catch (err) {
      return { ok: false, kind: 'failed', error: `${name} produced a result that could not be encoded: ${describeError(err)}` };
    }
    return { ok: true, json: result.json, images: result.images };
  }

  /** The public face of a tool: a fresh schema copy, and a `run` that goes through `call`. */
  function publish(tool: CatalogTool): ToolDefinition {
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: structuredClone(tool.inputSchema),
      mutating: tool.mutating,
      cacheable: tool.cacheable,
      run: async (args, ctx) => {
        const outcome = await call(tool.name, args, ctx);
        if (!outcome.ok) throw new ToolError(outcome.error);
        return { json: outcome.json, images: outcome.images };
      },
    };
  }

  const visible = (): CatalogTool[] => (policy === 'readonly' ? tools.filter((t) => !t.mutating) : tools);

  return {
    policy,
    tools: () => visible().map(publish),
    all: () => tools.map(publish),
    lookup: (name) => {
      const tool = byName.get(name);
      return tool ? publish(tool) : undefined;
    },
    call,
    invalidateCache: () => {
      cache.clear();
      infoMemo.clear();
    },
    systemPromptAddendum: () => systemPromptAddendum(policy),
  };
}
