// `npm run build`, after tsc: replaces dist/src/cli/encli.js (the package's bin) with one esbuild
// bundle of it and everything of ours it imports, statically or lazily (every command, the
// imaging library); the dependencies stay imports of node_modules. Why: `encli mcp` loaded ~100 of
// our modules one by one, and Node 20's ESM loader (resolve, stat, read, compile, link per file)
// cost ~30 ms CPU of a ~240 ms start-up over the bare SDK server's ~175 (bench/startup.md).
// Lazy imports stay lazy: esbuild runs a module's body only when its import() is reached.
// The library entries (`exports`) are the unbundled tsc output, untouched.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}dist/src/cli/encli.js`;

/**
 * In a bundle `import.meta.url` is the bundle's URL. Our modules that locate files from it (the web
 * page's scripts beside src/web/page-scripts.js, package.json above src/mcp/package-version.js)
 * get their own file's URL back: the same path, relative to the bundle.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBin = relative(dirname(BIN), path).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBin)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

const result = await build({
  entryPoints: [BIN],
  outfile: BIN,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  plugins: [ownImportMetaUrl],
  logLevel: 'warning',
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
process.stdout.write(`bundle-cli: ${relative(ROOT, BIN)} ← ${inputs} modules, ${(bytes / 1024).toFixed(0)} KiB\n`);
