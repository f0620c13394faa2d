/**
 * Which model endpoint a command talks to, resolved once for `encli chat` and `encli web`:
 * a flag wins, then the environment, then the settings file under the user's config folder, then
 * the default. The API key never comes from a plain flag value (it would land in shell history):
 * `--api-key-file`, `ENCX_LLM_API_KEY`/`OPENAI_API_KEY`, or the private settings file.
 *
 * The settings file, `~/.config/encli/llm.json` (0600):
 *   {"provider": "openai", "model": "gpt-5.4", "api_base": "…", "api_key": "sk-…"}
 *
 * `--auth codex` (env `ENCX_LLM_AUTH`, file `auth_method`) uses the ChatGPT sign-in stored by
 * `encli auth codex` instead of a key: `settings.codex` then holds the shared token source, and
 * `llmSessionOptions(settings)` hands it to every `AgentSession` of the process.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CODEX_DEFAULT_MODEL } from '../agent/codex/constants.js';
import type { AgentConfigInput } from '../agent/config.js';
import type { AgentSessionOptions } from '../agent/session.js';
import { loadCodexLogin, type CodexLogin } from './auth.js';
import { configDir, readPrivateFile } from '../node/private-files.js';
import { UsageError, type FlagSpecs, type ParsedFlags } from './flags.js';
import { flagTable } from './help.js';

/** The flags every LLM command accepts, spelled the same everywhere. */
export const LLM_FLAGS: FlagSpecs = {
  provider: { type: 'string', value: 'NAME', description: 'openai, anthropic, polza; or any name with --api-base (env ENCX_LLM_PROVIDER)', default: 'openai' },
  model: { type: 'string', value: 'NAME', description: 'the model name (env ENCX_LLM_MODEL)', default: `required; ${CODEX_DEFAULT_MODEL} with --auth codex` },
  'api-base': {
    type: 'string',
    value: 'URL',
    description: 'an OpenAI-compatible endpoint serving /chat/completions, e.g. http://127.0.0.1:11434/v1 for Ollama (env ENCX_LLM_API_BASE)',
    default: "the provider's endpoint",
  },
  'api-key-file': { type: 'string', value: 'FILE', description: 'a file holding the API key', default: 'env ENCX_LLM_API_KEY or OPENAI_API_KEY' },
  auth: {
    type: 'string',
    choices: ['apikey', 'codex'],
    description: 'codex: use the ChatGPT subscription signed in with "encli auth codex" instead of a key; the credential renews itself (env ENCX_LLM_AUTH)',
    default: 'apikey',
  },
  issuer: { type: 'string', value: 'URL', description: 'with --auth codex: the sign-in server (env ENCX_CODEX_ISSUER)', default: 'https://auth.openai.com' },
  backend: { type: 'string', value: 'URL', description: 'with --auth codex: the Responses backend (env ENCX_CODEX_BASE_URL)', default: 'https://chatgpt.com/backend-api/codex' },
};

/** Where the model settings may be kept instead of flags. */
export function llmSettingsFileNote(env: Record<string, string | undefined>): string {
  return [
    `Any model setting may be kept in ${llmSettingsPath(env)} (0600):`,
    '  {"provider": "…", "model": "…", "api_base": "…", "api_key": "…", "auth_method": "codex"}',
  ].join('\n');
}

/** Where a setting came from, for the startup line (`key from OPENAI_API_KEY`). */
export type SettingSource = 'flag' | 'env' | 'file' | 'default' | 'none';

export interface LlmSettings {
  provider: string;
  model: string;
  apiBase: string;
  apiKey: string;
  /** Human words for the key's origin: `--api-key-file ~/k`, `OPENAI_API_KEY`, the settings file, `none`. */
  keyFrom: string;
  sources: { provider: SettingSource; model: SettingSource; apiBase: SettingSource };
  /** Set with `--auth codex`: the stored ChatGPT sign-in. */
  codex?: CodexLogin;
}

/** `<config folder>/llm.json`. */
export function llmSettingsPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), 'llm.json');
}

/**
 * @example
 * ```ts
 * const llm = await resolveLlmSettings(flags, process.env);
 * new AgentSession({ config: { ...toAgentConfigInput(llm), policy: 'approve' }, engine });
 * ```
 */
export async function resolveLlmSettings(
  flags: ParsedFlags,
  env: Record<string, string | undefined>,
  /** `allowSignedOut`: with `--auth codex` and nothing stored, start signed out (the web page signs in). */
  options: { allowSignedOut?: boolean } = {},
): Promise<LlmSettings> {
  const file = await readSettingsFile(llmSettingsPath(env));
  const pick = (flag: unknown, envName: string, fileKey: (typeof FILE_KEYS)[number]): { value: string; source: SettingSource } => {
    if (typeof flag === 'string' && flag.trim() !== '') return { value: flag.trim(), source: 'flag' };
    const fromEnv = env[envName]?.trim();
    if (fromEnv) return { value: fromEnv, source: 'env' };
    const fromFile = file.values[fileKey];
    if (fromFile) return { value: fromFile, source: 'file' };
    return { value: '', source: 'none' };
  };
  const provider = pick(flags.provider, 'ENCX_LLM_PROVIDER', 'provider');
  const model = pick(flags.model, 'ENCX_LLM_MODEL', 'model');
  const apiBase = pick(flags['api-base'], 'ENCX_LLM_API_BASE', 'api_base');
  const auth = pick(flags.auth, 'ENCX_LLM_AUTH', 'auth_method').value.toLowerCase();
  if (auth !== '' && auth !== 'apikey' && auth !== 'codex') throw new UsageError(`unknown auth method "${auth}" (want apikey or codex)`);
  if (auth === 'codex') {
    if (apiBase.source === 'flag') throw new UsageError('--auth codex talks to the ChatGPT backend: use --backend (or ENCX_CODEX_BASE_URL) instead of --api-base');
    if (typeof flags['api-key-file'] === 'string') throw new UsageError('--auth codex signs in with ChatGPT: leave out --api-key-file');
    const codex = await loadCodexLogin(flags, env, { allowSignedOut: options.allowSignedOut });
    return {
      provider: 'openai',
      model: model.value || CODEX_DEFAULT_MODEL,
      apiBase: codex.backend,
      apiKey: '',
      keyFrom: codex.tokens.needsSignIn() ? `ChatGPT sign-in: none yet, the page offers it (${codex.path})` : `ChatGPT sign-in ${codex.path}`,
      sources: { provider: 'default', model: model.value ? model.source : 'default', apiBase: 'default' },
      codex,
    };
  }
  if (model.value === '') {
    throw new UsageError(`no model: pass --model, set ENCX_LLM_MODEL, or put "model" in ${file.path}`);
  }
  let apiKey = '';
  let keyFrom = 'none';
  const keyFile = flags['api-key-file'];
  if (typeof keyFile === 'string' && keyFile.trim() !== '') {
    const text = await readPrivateFile(keyFile.trim()).catch((err: Error) => {
      throw new UsageError(`--api-key-file ${keyFile}: ${err.message}`);
    });
    if (text === null) throw new UsageError(`--api-key-file ${keyFile}: no such file`);
    apiKey = text.trim();
    if (apiKey === '') throw new UsageError(`--api-key-file ${keyFile} is empty`);
    keyFrom = `--api-key-file ${keyFile}`;
  } else if (env.ENCX_LLM_API_KEY?.trim()) {
    apiKey = env.ENCX_LLM_API_KEY.trim();
    keyFrom = 'ENCX_LLM_API_KEY';
  } else if (env.OPENAI_API_KEY?.trim()) {
    apiKey = env.OPENAI_API_KEY.trim();
    keyFrom = 'OPENAI_API_KEY';
  } else if (file.values.api_key) {
    apiKey = file.values.api_key;
    keyFrom = file.path;
  }
  return {
    provider: provider.value || 'openai',
    model: model.value,
    apiBase: apiBase.value,
    apiKey,
    keyFrom,
    sources: { provider: provider.value ? provider.source : 'default', model: model.source, apiBase: apiBase.value ? apiBase.source : 'default' },
  };
}

/** The session config fields these settings fill. */
export function toAgentConfigInput(settings: LlmSettings): AgentConfigInput {
  if (settings.codex) {
    return { model: settings.model, auth_method: 'codex', codex_credential: settings.codex.tokens.credentialJson(), api_base: settings.codex.backend };
  }
  return {
    provider: settings.provider,
    model: settings.model,
    ...(settings.apiBase ? { api_base: settings.apiBase } : {}),
    ...(settings.apiKey ? { api_key: settings.apiKey } : {}),
  };
}

/**
 * The session options these settings need besides the config: with `--auth codex`, the one token
 * source every session of the process shares (two renewing on their own would burn the token).
 *
 * @example
 * ```ts
 * new AgentSession({ config: toAgentConfigInput(llm), engine, ...llmSessionOptions(llm) });
 * await llm.codex?.save(); // after a turn: the renewed credential is on disk
 * ```
 */
export function llmSessionOptions(settings: LlmSettings): Pick<AgentSessionOptions, 'codexTokens'> {
  return settings.codex ? { codexTokens: settings.codex.tokens } : {};
}

const FILE_KEYS = ['provider', 'model', 'api_base', 'api_key', 'auth_method'] as const;

/** The settings file's string fields; a file others can change is refused (private-files rules). */
async function readSettingsFile(path: string): Promise<{ path: string; values: Partial<Record<(typeof FILE_KEYS)[number], string>> }> {
  const text = await readPrivateFile(path).catch((err: Error) => {
    throw new UsageError(`${path}: ${err.message}`);
  });
  if (text === null || text.trim() === '') return { path, values: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new UsageError(`${path} must hold a JSON object`);
  const values: Partial<Record<(typeof FILE_KEYS)[number], string>> = {};
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (!(FILE_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(`${path}: unknown field "${key}" (known: ${FILE_KEYS.join(', ')})`);
    }
    if (typeof value !== 'string') throw new UsageError(`${path}: "${key}" must be a string`);
    if (value.trim() !== '') values[key as (typeof FILE_KEYS)[number]] = value.trim();
  }
  if (values.api_key) {
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new UsageError(`${path} holds an API key but others can read it (mode ${mode.toString(8)}); run "chmod 600 ${path}"`);
    }
  }
  return { path, values };
}
