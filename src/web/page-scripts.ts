/**
 * Loads the page's scripts (`src/web/page/*.ts`) for serving. In the package they are the `.js`
 * files `npm run build` (plain `tsc`) wrote next to this module; in a source checkout run through
 * tsx or vitest there are only `.ts` files, which are then stripped of their types once, by the
 * esbuild that tsx brings (fast) or else by the TypeScript compiler (a few seconds to load). Both
 * are dev dependencies of a checkout; no bundler, no CDN, no download either way.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PageScripts } from './handler.js';

/** The browser modules, by the name the page imports them under. */
export const PAGE_SCRIPT_NAMES = ['app.js', 'view.js'] as const;

const PAGE_DIR = new URL('./page/', import.meta.url);

/**
 * @example
 * ```ts
 * const scripts = await loadPageScripts();
 * scripts.get('app.js'); // the page's entry module as JavaScript
 * ```
 */
export async function loadPageScripts(): Promise<PageScripts> {
  const scripts = new Map<string, string>();
  for (const name of PAGE_SCRIPT_NAMES) scripts.set(name, await loadScript(name));
  return scripts;
}

async function loadScript(name: string): Promise<string> {
  const compiled = new URL(name, PAGE_DIR);
  try {
    return await readFile(fileURLToPath(compiled), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const source = new URL(name.replace(/\.js$/, '.ts'), PAGE_DIR);
  let text: string;
  try {
    text = await readFile(fileURLToPath(source), 'utf8');
  } catch {
    throw new Error(`the web page's script ${name} is missing next to ${fileURLToPath(PAGE_DIR)}; run "npm run build"`);
  }
  return transpile(text, name);
}

async function transpile(source: string, name: string): Promise<string> {
  try {
    const esbuild = await import('esbuild');
    return (await esbuild.transform(source, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: name })).code;
  } catch (err) {
    // Not installed: fall back to the compiler. A syntax error is reported by the compiler too.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
  }
  let ts: typeof import('typescript');
  try {
    ts = (await import('typescript')).default;
  } catch {
    throw new Error(`the web page's script ${name} exists only as TypeScript and the compiler is not installed; run "npm run build"`);
  }
  return ts.transpileModule(source, {
    fileName: name.replace(/\.js$/, '.ts'),
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 },
  }).outputText;
}
