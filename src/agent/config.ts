/**
 * The session configuration: the JSON (or object) a host hands to `AgentSession`, checked field by
 * field so every mistake gets its own message instead of a failed first turn.
 */
import { POLICIES } from '../tools/policy.js';
import { CODEX_BACKEND_BASE } from './codex/constants.js';
import { parseCodexCredential } from './codex/credential.js';
import type { Policy } from '../tools/types.js';

/** The configuration as a host writes it (snake_case, like the app's JSON). */
export interface AgentConfigInput {
  /** `openai` (default), `anthropic`, `polza`; any other name needs `api_base`. */
  provider?: string;
  /** Required: the model name, sent to the endpoint verbatim (`google/gemini-3-flash` too). */
  model?: string;
  /** An OpenAI-compatible endpoint that serves `/chat/completions`; a trailing `/` is ignored. */
  api_base?: string;
  api_key?: string;
  /** `apikey` (default) or `codex` (a ChatGPT subscription, with `codex_credential`). */
  auth_method?: string;
  /** The credential JSON from the ChatGPT device login; required when `auth_method` is `codex`. */
  codex_credential?: string;
  /** `readonly`, `approve` (default) or `full`. */
  policy?: string;
  /** Replaces the default assistant prompt; the date, the tool advice and the policy are always added. */
  system_prompt?: string;
  /** Adds `web_search` and `web_fetch`. */
  web_tools?: boolean;
  /** Adds `enc_device_location`, answered by the host. */
  location_tools?: boolean;
  /** Model calls per turn: 0 or absent → 100, negative → unlimited. */
  max_iterations?: number;
  /** Sent to the model only when > 0. */
  max_tokens?: number;
  /** Sent to the model only when > 0. */
  temperature?: number;
  /** Seconds to wait for the endpoint to start answering and between streamed pieces (default 45). */
  request_timeout_seconds?: number;
  /** Stream the answer (default true); false asks for whole replies. */
  stream?: boolean;
}

/** The configuration after checking, with every default applied. */
export interface AgentConfig {
  provider: string;
  model: string;
  /** The endpoint base actually used (the configured one, or the provider's default). */
  apiBase: string;
  /** True when `api_base` was configured (failure messages say "the provider's default endpoint" otherwise). */
  apiBaseConfigured: boolean;
  apiKey: string;
  authMethod: 'apikey' | 'codex';
  codexCredential: string;
  policy: Policy;
  systemPrompt: string;
  webTools: boolean;
  locationTools: boolean;
  /** Model calls allowed per turn (`Number.MAX_SAFE_INTEGER` for unlimited). */
  maxIterations: number;
  maxTokens: number | undefined;
  temperature: number | undefined;
  requestTimeoutMs: number;
  stream: boolean;
}

/** A configuration that can never work; the message names the field and what it wants. */
export class AgentConfigError extends Error {
  override readonly name = 'AgentConfigError';
}

/** Endpoints of the providers known by name (all serve OpenAI-compatible `/chat/completions`). */
export const PROVIDER_BASES: Readonly<Record<string, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  polza: 'https://polza.ai/api/v1',
};

export const DEFAULT_PROVIDER = 'openai';
export const DEFAULT_MAX_ITERATIONS = 100;
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 45;

/** The prompt used when the host configures none: an assistant read on a phone in the middle of a game. */
export const DEFAULT_SYSTEM_PROMPT =
  'You are the in-app assistant of an Encounter (en.cx) city-quest player. Answer in the player\'s ' +
  'language. Be short and practical: the player reads you on a phone in the middle of a game.';

const FIELDS: ReadonlySet<string> = new Set<keyof AgentConfigInput>([
  'provider', 'model', 'api_base', 'api_key', 'auth_method', 'codex_credential', 'policy', 'system_prompt',
  'web_tools', 'location_tools', 'max_iterations', 'max_tokens', 'temperature', 'request_timeout_seconds', 'stream',
]);

/**
 * Checks a configuration (JSON text or an object) and fills in the defaults.
 *
 * @example
 * ```ts
 * const config = parseAgentConfig('{"model":"gpt-5.4","api_key":"sk-…"}');
 * config.policy;        // 'approve'
 * config.maxIterations; // 100
 * parseAgentConfig('{}'); // throws AgentConfigError: model is required
 * ```
 */
export function parseAgentConfig(input: string | AgentConfigInput): AgentConfig {
  const raw = typeof input === 'string' ? parseJson(input) : input;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AgentConfigError('the session config must be a JSON object');
  }
  const fields = raw as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!FIELDS.has(key)) {
      throw new AgentConfigError(`unknown config field "${key}" (known fields: ${[...FIELDS].join(', ')})`);
    }
  }
  const model = text(fields, 'model').trim();
  if (model === '') throw new AgentConfigError('model is required (for example "gpt-5.4")');

  const provider = (text(fields, 'provider').trim() || DEFAULT_PROVIDER).toLowerCase();
  const configuredBase = text(fields, 'api_base').trim().replace(/\/+$/, '');
  if (configuredBase !== '') checkBaseUrl(configuredBase);
  const knownBase = PROVIDER_BASES[provider];
  if (configuredBase === '' && knownBase === undefined) {
    throw new AgentConfigError(
      `unknown provider "${provider}": use ${Object.keys(PROVIDER_BASES).join(', ')}, or set api_base to an OpenAI-compatible endpoint`,
    );
  }

  const authRaw = text(fields, 'auth_method').trim().toLowerCase();
  if (authRaw !== '' && authRaw !== 'apikey' && authRaw !== 'api_key' && authRaw !== 'codex') {
    throw new AgentConfigError(`unknown auth_method "${authRaw}" (want apikey or codex)`);
  }
  const authMethod = authRaw === 'codex' ? 'codex' : 'apikey';
  const codexCredential = text(fields, 'codex_credential').trim();
  if (authMethod === 'codex' && codexCredential === '') {
    throw new AgentConfigError('auth_method "codex" needs codex_credential: sign in with the ChatGPT device login first');
  }
  if (authMethod === 'codex') {
    try {
      parseCodexCredential(codexCredential);
    } catch (err) {
      throw new AgentConfigError(`codex_credential: ${(err as Error).message}`);
    }
  }
  // A subscription is served by the ChatGPT backend, not by the provider's API.
  const apiBase = configuredBase || (authMethod === 'codex' ? CODEX_BACKEND_BASE : knownBase!);
  const apiKey = text(fields, 'api_key').trim();
  // A local server (Ollama, llama.cpp) usually takes no key; the named cloud providers always do.
  if (authMethod === 'apikey' && apiKey === '' && configuredBase === '') {
    throw new AgentConfigError(`provider "${provider}" needs an API key (api_key)`);
  }

  const policyRaw = text(fields, 'policy').trim().toLowerCase();
  if (policyRaw !== '' && !(POLICIES as readonly string[]).includes(policyRaw)) {
    throw new AgentConfigError(`unknown policy "${policyRaw}" (want readonly, approve or full)`);
  }

  const iterations = integer(fields, 'max_iterations') ?? 0;
  const timeoutSeconds = number(fields, 'request_timeout_seconds') ?? 0;
  if (timeoutSeconds < 0) throw new AgentConfigError('request_timeout_seconds must be 0 (the default) or more');
  const maxTokens = integer(fields, 'max_tokens') ?? 0;
  const temperature = number(fields, 'temperature') ?? 0;

  return {
    provider,
    model,
    apiBase,
    apiBaseConfigured: configuredBase !== '',
    apiKey,
    authMethod,
    codexCredential,
    policy: (policyRaw || 'approve') as Policy,
    systemPrompt: text(fields, 'system_prompt').trim() || DEFAULT_SYSTEM_PROMPT,
    webTools: flag(fields, 'web_tools') ?? false,
    locationTools: flag(fields, 'location_tools') ?? false,
    maxIterations: iterations === 0 ? DEFAULT_MAX_ITERATIONS : iterations < 0 ? Number.MAX_SAFE_INTEGER : iterations,
    maxTokens: maxTokens > 0 ? maxTokens : undefined,
    temperature: temperature > 0 ? temperature : undefined,
    requestTimeoutMs: (timeoutSeconds > 0 ? timeoutSeconds : DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000,
    stream: flag(fields, 'stream') ?? true,
  };
}

function parseJson(source: string): unknown {
  if (source.trim() === '') throw new AgentConfigError('the session config is empty');
  try {
    return JSON.parse(source);
  } catch (err) {
    throw new AgentConfigError(`the session config is not valid JSON: ${(err as Error).message}`);
  }
}

function checkBaseUrl(base: string): void {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new AgentConfigError(`api_base "${base}" is not a URL (for example http://127.0.0.1:11434/v1)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgentConfigError(`api_base "${base}" must start with http:// or https://`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new AgentConfigError(`api_base "${base}" must not carry a query or fragment`);
  }
}

function text(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new AgentConfigError(`${key} must be a string, not ${describe(value)}`);
  return value;
}

function flag(fields: Record<string, unknown>, key: string): boolean | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new AgentConfigError(`${key} must be true or false, not ${describe(value)}`);
  return value;
}

function number(fields: Record<string, unknown>, key: string): number | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new AgentConfigError(`${key} must be a number, not ${describe(value)}`);
  }
  return value;
}

function integer(fields: Record<string, unknown>, key: string): number | undefined {
  const value = number(fields, key);
  if (value !== undefined && !Number.isInteger(value)) throw new AgentConfigError(`${key} must be a whole number, not ${value}`);
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : String(value);
}
