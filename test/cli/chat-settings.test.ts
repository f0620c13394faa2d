import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/flags.js';
import { llmSettingsPath, resolveLlmSettings, toAgentConfigInput } from '../../src/cli/llm-settings.js';
import { configDir, readPrivateFile, writePrivateFile } from '../../src/node/private-files.js';

let home: string;
let env: Record<string, string | undefined>;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'encli-llm-'));
  env = { XDG_CONFIG_HOME: home };
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function settingsFile(content: object | string, mode = 0o600): Promise<string> {
  const path = llmSettingsPath(env);
  await mkdir(join(home, 'encli'), { recursive: true, mode: 0o700 });
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content), { mode });
  await chmod(path, mode);
  return path;
}

describe('LLM settings resolution', () => {
  it('the settings file lives under the config folder', () => {
    expect(llmSettingsPath(env)).toBe(join(home, 'encli', 'llm.json'));
    expect(configDir({ XDG_CONFIG_HOME: '' , HOME: '/home/x' } as Record<string, string>)).toMatch(/\.config\/encli$/);
  });

  it('a flag beats the environment, which beats the file, which beats the default', async () => {
    await settingsFile({ provider: 'polza', model: 'file-model', api_base: 'http://file/v1', api_key: 'file-key' });
    const fromFile = await resolveLlmSettings({}, env);
    expect(fromFile).toMatchObject({ provider: 'polza', model: 'file-model', apiBase: 'http://file/v1', apiKey: 'file-key', keyFrom: llmSettingsPath(env) });
    expect(fromFile.sources).toEqual({ provider: 'file', model: 'file', apiBase: 'file' });

    env.ENCX_LLM_MODEL = 'env-model';
    env.ENCX_LLM_API_BASE = 'http://env/v1';
    env.OPENAI_API_KEY = 'openai-key';
    const fromEnv = await resolveLlmSettings({}, env);
    expect(fromEnv).toMatchObject({ model: 'env-model', apiBase: 'http://env/v1', apiKey: 'openai-key', keyFrom: 'OPENAI_API_KEY' });
    env.ENCX_LLM_API_KEY = 'encx-key';
    expect((await resolveLlmSettings({}, env)).keyFrom).toBe('ENCX_LLM_API_KEY');

    const keyFile = join(home, 'key.txt');
    await writeFile(keyFile, '  flag-key \n');
    const fromFlags = await resolveLlmSettings({ model: 'flag-model', 'api-base': 'http://flag/v1', provider: 'x', 'api-key-file': keyFile }, env);
    expect(fromFlags).toMatchObject({ provider: 'x', model: 'flag-model', apiBase: 'http://flag/v1', apiKey: 'flag-key', keyFrom: `--api-key-file ${keyFile}` });
    expect(toAgentConfigInput(fromFlags)).toEqual({ provider: 'x', model: 'flag-model', api_base: 'http://flag/v1', api_key: 'flag-key' });
  });

  it('defaults: provider openai, no base, no key', async () => {
    const s = await resolveLlmSettings({ model: 'm' }, env);
    expect(s).toMatchObject({ provider: 'openai', apiBase: '', apiKey: '', keyFrom: 'none' });
    expect(s.sources).toEqual({ provider: 'default', model: 'flag', apiBase: 'default' });
    expect(toAgentConfigInput(s)).toEqual({ provider: 'openai', model: 'm' });
  });

  it('every mistake is a usage error that says what to do', async () => {
    await expect(resolveLlmSettings({}, env)).rejects.toThrow(`no model: pass --model, set ENCX_LLM_MODEL, or put "model" in ${llmSettingsPath(env)}`);
    await expect(resolveLlmSettings({ model: 'm', 'api-key-file': join(home, 'missing') }, env)).rejects.toThrow('no such file');
    const empty = join(home, 'empty');
    await writeFile(empty, '\n');
    await expect(resolveLlmSettings({ model: 'm', 'api-key-file': empty }, env)).rejects.toThrow(`--api-key-file ${empty} is empty`);

    await settingsFile('{not json');
    await expect(resolveLlmSettings({ model: 'm' }, env)).rejects.toThrow(/llm\.json is not valid JSON/);
    await settingsFile({ modle: 'x' });
    await expect(resolveLlmSettings({ model: 'm' }, env)).rejects.toThrow('unknown field "modle"');
    await settingsFile({ model: 5 });
    await expect(resolveLlmSettings({}, env)).rejects.toThrow('"model" must be a string');
    await settingsFile([1]);
    await expect(resolveLlmSettings({ model: 'm' }, env)).rejects.toBeInstanceOf(UsageError);
  });

  it('a key in a settings file others can read is narrowed to 0600 before it is used', async () => {
    const path = await settingsFile({ model: 'm', api_key: 'sk' }, 0o644);
    expect((await resolveLlmSettings({}, env)).apiKey).toBe('sk');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('a settings file others can write is refused', async () => {
    await settingsFile({ model: 'm', api_key: 'sk' }, 0o666);
    await expect(resolveLlmSettings({}, env)).rejects.toThrow(/can be changed by other users/);
  });
});

describe('private files', () => {
  it('writes atomically with mode 0600 in a 0700 folder, and reads back; a missing file is null', async () => {
    const path = join(home, 'encli', 'sub', 'secret');
    expect(await readPrivateFile(path)).toBeNull();
    await writePrivateFile(path, 'one');
    await writePrivateFile(path, 'two');
    expect(await readPrivateFile(path)).toBe('two');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, 'encli', 'sub'))).mode & 0o777).toBe(0o700);
  });
});
