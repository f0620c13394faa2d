// `npm run build`, after tsc: dist/src/cli/mcp-bundle.js, the CLI (main.js) as one esbuild bundle
// for `encli mcp`, which the bin (encli.js) runs for that command only. Why: unbundled, `encli mcp`
// loaded ~100 of our modules one by one, and Node 20's ESM loader (resolve, read through the
// thread pool, compile, link, per file) spent ~30 ms CPU of a ~240 ms start-up on them; the bare
// SDK server takes ~175 (bench/startup.md). The demo's lazy import() stays lazy: esbuild runs a
// module's body only when its import() is reached.
//
// Not bundled, imported from the tsc output by their own paths:
// - the dependencies (node_modules) and Node's modules;
// - src/imaging: the picture tools import its decoders lazily, and in a bundle their imports of
//   node_modules (the WebP decoder) would be hoisted to start-up; as its own files it stays one
//   copy (one ImageError) for the few modules start-up needs and the decoders loaded later;
// - the other commands (the bin never runs this bundle for them).
// The library entries (`exports`) are the untouched tsc output.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = resolve(ROOT, 'dist/src/cli');
const MAIN = resolve(CLI, 'main.js');
const BUNDLE = resolve(CLI, 'mcp-bundle.js');
const IMAGING = resolve(ROOT, 'dist/src/imaging') + sep;

/** A path as an import specifier relative to the bundle. */
function fromBundle(path) {
  const rel = relative(dirname(BUNDLE), path).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The command modules main.js imports, mcp's aside. */
async function otherCommands() {
  const text = await readFile(MAIN, 'utf8');
  const loaded = [...text.matchAll(/import\('(\.\/[a-z-]+\.js)'\)/g)].map((m) => resolve(CLI, m[1]));
  if (!loaded.includes(resolve(CLI, 'mcp.js'))) throw new Error(`bundle-cli: ${relative(ROOT, MAIN)} no longer imports ./mcp.js`);
  return new Set(loaded.filter((path) => basename(path) !== 'mcp.js'));
}

const others = await otherCommands();

const keepOut = {
  name: 'keep-out',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir, importer }) => {
      if (importer === '') return undefined;
      const target = resolve(resolveDir, path);
      return target.startsWith(IMAGING) || others.has(target) ? { path: fromBundle(target), external: true } : undefined;
    });
  },
};

/**
 * In a bundle `import.meta.url` is the bundle's. A module that finds files from it (package.json
 * above src/mcp/package-version.js) gets its own file's URL back: its path, relative to the bundle.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      if (/import\.meta(?!\.url)/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))) {
        throw new Error(`bundle-cli: ${relative(ROOT, path)} uses import.meta beyond .url; keep it out of the bundle`);
      }
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle(path))}, import.meta.url).href`), loader: 'js' };
    });
  },
};

const result = await build({
  entryPoints: [MAIN],
  outfile: BUNDLE,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  plugins: [keepOut, ownImportMetaUrl],
  logLevel: 'warning',
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
process.stdout.write(`bundle-cli: ${relative(ROOT, BUNDLE)} ← ${inputs} modules of ours, ${(bytes / 1024).toFixed(0)} KiB\n`);
