/**
 * `createCatalog`: the one way any surface (MCP server, terminal chat, web page, app session) runs
 * enc_* tools. `prepare` is the gate without I/O — policy (read-only refuses first), argument
 * parsing, the confirmation question — and `execute` runs only what this catalog prepared:
 * confirmation (the confirmer comes with the call) → read cache → engine → a structured outcome.
 * Nothing here knows about MCP or agents.
 */
import type { Engine } from '../engine/engine.js';
import { asArgumentObject } from './args.js';
import { ReadCache, cacheKey } from './cache.js';
import type { CatalogTool } from './define.js';
import { CatalogConfigError, describeError } from './errors.js';
import { failure, toFailure } from './failures.js';
import { createUrlResolver } from '../html/urls.js';
import { fenceMutations } from './mutation-fence.js';
import { InfoMemo } from './pictures/info-memo.js';
import { parsePolicy, readonlyRefusal } from './policy.js';
import { systemPromptAddendum } from './prompt.js';
import { buildTools } from './registry.js';
import { adminScenarioTools, type AdminToolsOptions } from './admin/scenario-tools.js';
import type {
  CallOptions,
  Catalog,
  ConfirmationQuestion,
  Policy,
  PreparedCall,
  ToolDefinition,
  ToolFailure,
  ToolOutcome,
  ToolResult,
} from './types.js';

export interface CatalogOptions {
  /** `readonly`, `approve` (default: each mutating call needs a `confirm` with the call) or `full`. */
  policy?: Policy | string;
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
  /**
   * The admin tool set (`inspect_game_scenario`, `admin_copy_game`): the current domain's admin
   * session (the target of every copy) and a way to open another domain's own saved admin
   * session. Absent (the default): the catalog has no admin tools.
   */
  admin?: AdminToolsOptions;
}

/**
 * Builds the catalog over an engine (the real client, the paced wrapper, a demo — any `Engine`).
 *
 * @example
 * ```ts
 * const catalog = createCatalog(client, { policy: 'approve' });
 * const outcome = await catalog.call('enc_send_code', { game_id: 42, code: 'yellow' }, {
 *   confirm: async (question) => askUser(question.text),
 * });
 * ```
 */
export function createCatalog(engine: Engine, options: CatalogOptions = {}): Catalog {
  if (engine === null || engine === undefined) throw new CatalogConfigError('agenttools: engine is required');
  const settings = catalogSettings(options);
  const infoMemo = new InfoMemo(settings.now);
  const tools = buildTools({
    // A code submission changes the level, not a picture: mutations clear the read cache only.
    engine: fenceMutations(engine, () => settings.cache.clear()),
    resolveUrl: createUrlResolver(options.baseUrl ?? engine.baseUrl),
    infoMemo,
  });
  if (options.admin) tools.push(...adminScenarioTools(options.admin));
  return assembleCatalog(tools, settings, () => infoMemo.clear());
}

/**
 * A catalog over tools of the caller's own (`defineTool`), with the same gate, cache and
 * outcomes as `createCatalog` — for hosts that add tools, and for tests of a surface.
 *
 * @example
 * ```ts
 * const catalog = createToolCatalog([defineTool({ … })], { policy: 'full' });
 * ```
 */
export function createToolCatalog(tools: readonly CatalogTool[], options: Omit<CatalogOptions, 'baseUrl' | 'admin'> = {}): Catalog {
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) throw new CatalogConfigError(`agenttools: two tools are named ${JSON.stringify(tool.name)}`);
    names.add(tool.name);
  }
  return assembleCatalog([...tools], catalogSettings(options), () => {});
}

interface Settings {
  policy: Policy;
  cache: ReadCache;
  now: () => number;
}

function catalogSettings(options: Omit<CatalogOptions, 'baseUrl' | 'admin'>): Settings {
  const policy = parsePolicy(options.policy);
  const ttl = options.readCacheTTL ?? 0;
  if (typeof ttl !== 'number' || !(ttl >= 0) || ttl === Infinity) {
    throw new CatalogConfigError(`agenttools: readCacheTTL must be a finite number of milliseconds, 0 or more (got ${String(ttl)})`);
  }
  const now = options.now ?? Date.now;
  return { policy, cache: new ReadCache(ttl, now), now };
}

/** What the catalog remembers about a call it prepared; the object handed out is only a key. */
interface Minted {
  tool: CatalogTool;
  params: object;
  question: ConfirmationQuestion | null;
}

function assembleCatalog(tools: CatalogTool[], { policy, cache }: Settings, invalidateExtra: () => void): Catalog {
  const byName = new Map<string, CatalogTool>(tools.map((t) => [t.name, t]));
  const visible = (): CatalogTool[] => (policy === 'readonly' ? tools.filter((t) => !t.mutating) : tools);
  // Only calls minted here can run: a surface cannot hand in an object of its own with the
  // question set to null and skip the gate.
  const minted = new WeakMap<PreparedCall, Minted>();

  function prepare(name: string, args: unknown): { ok: true; call: PreparedCall } | ToolFailure {
    const tool = typeof name === 'string' ? byName.get(name) : undefined;
    if (!tool) {
      const available = visible().map((t) => t.name).join(', ');
      return failure(String(name), 'unknown_tool', 'unknown_tool', `There is no tool "${String(name)}". Available tools: ${available}.`);
    }
    // Read-only refuses before anything else: not even argument errors hint at a hidden tool's use.
    if (tool.mutating && policy === 'readonly') return failure(name, 'refused_by_policy', 'readonly', readonlyRefusal(name));
    let params: object;
    let question: ConfirmationQuestion | null = null;
    try {
      params = tool.parse(asArgumentObject(args));
      if (tool.mutating && policy === 'approve') question = deepFreeze(tool.question(params));
    } catch (err) {
      return toFailure(name, err);
    }
    deepFreeze(params);
    const call: PreparedCall = Object.freeze({ tool: publish(tool), params: params as Record<string, unknown>, question });
    minted.set(call, { tool, params, question });
    return { ok: true, call };
  }

  async function execute(call: PreparedCall, options: CallOptions = {}): Promise<ToolOutcome> {
    const entry = isObject(call) ? minted.get(call) : undefined;
    if (!entry) {
      return failure(nameOf(call), 'internal', 'not_prepared', 'this call was not prepared by this catalog, so it was not run');
    }
    const { tool, params, question } = entry;
    const signal = options.signal;
    if (question !== null) {
      const refusal = await askApproval(tool.name, question, options);
      if (refusal !== null) return refusal;
    }
    if (signal?.aborted) return failure(tool.name, 'cancelled', 'cancelled', 'the call was cancelled before it reached the engine');
    let result: ToolResult;
    try {
      result = tool.cacheable
        ? await cache.run(cacheKey(tool.name, params), (shared) => tool.execute(params, { signal: shared }), signal)
        : await tool.execute(params, { signal });
    } catch (err) {
      return toFailure(tool.name, err, signal);
    }
    try {
      JSON.stringify(result.json);
    } catch (err) {
      return failure(tool.name, 'internal', 'unencodable', `the result could not be encoded: ${describeError(err)}`);
    }
    return { ok: true, tool: tool.name, json: result.json, images: result.images };
  }

  return {
    policy,
    tools: () => visible().map(publish),
    all: () => tools.map(publish),
    lookup: (name) => {
      const tool = byName.get(name);
      return tool ? publish(tool) : undefined;
    },
    prepare,
    execute,
    call: async (name, args, options) => {
      const prepared = prepare(name, args);
      return prepared.ok ? execute(prepared.call, options) : prepared;
    },
    invalidateCache: () => {
      cache.clear();
      invalidateExtra();
    },
    systemPromptAddendum: () => systemPromptAddendum(policy),
  };
}

/**
 * Null when the user approved; else the refusal. Only a literal `true` approves: a confirmer bug
 * returning "yes" or 1 must not mutate. An answer that arrives after cancellation does not count.
 */
async function askApproval(tool: string, question: ConfirmationQuestion, options: CallOptions): Promise<ToolFailure | null> {
  const { confirm, signal } = options;
  if (typeof confirm !== 'function') {
    return failure(tool, 'approval_unavailable', 'no_confirmer', `Tool "${tool}" needs the user's approval, but nobody could be asked here, so it was not run.`);
  }
  let answer: unknown;
  try {
    answer = await confirm(question, signal);
  } catch (err) {
    if (signal?.aborted) return failure(tool, 'cancelled', 'cancelled', 'the call was cancelled while waiting for approval');
    return failure(tool, 'approval_unavailable', 'confirm_failed', `Approval for "${tool}" could not be obtained: ${describeError(err)}`);
  }
  if (signal?.aborted) return failure(tool, 'cancelled', 'cancelled', 'the call was cancelled while waiting for approval');
  if (answer !== true) return failure(tool, 'declined', 'declined', `The user declined "${tool}". Do not retry it; ask what to do instead.`);
  return null;
}

/** The public face of a tool: data only, with a fresh copy of everything a caller could edit. */
function publish(tool: CatalogTool): ToolDefinition {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: structuredClone(tool.inputSchema),
    mutating: tool.mutating,
    cacheable: tool.cacheable,
    meta: { ...tool.meta },
  };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The tool name a (possibly forged) call claims, for the refusal; never throws. */
function nameOf(call: unknown): string {
  try {
    const name = isObject(call) ? (call as { tool?: { name?: unknown } }).tool?.name : undefined;
    return typeof name === 'string' ? name : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Freezes a parsed value all the way down (plain objects and arrays only). */
function deepFreeze<T>(value: T): T {
  if (isObject(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
