/**
 * Proof that the imaging library embeds in Deno unchanged: imports the TypeScript sources of
 * src/imaging directly (no build step, no Node built-ins), decodes a JPEG, a PNG and a WebP from the
 * repository's corpus (test/corpus) and prints their sizes. Run with `npm run check:deno`.
 */
import { decode, sniff } from '../src/imaging/index.ts';

const corpus = new URL('../test/corpus/', import.meta.url);
const files = ['jpeg/skater.jpg', 'pngsuite/basn6a08.png', 'webp/test.webp'];

for (const rel of files) {
  const bytes = await Deno.readFile(new URL(rel, corpus));
  const { raster, header } = await decode(bytes);
  console.log(`${rel}: ${sniff(bytes)} ${header.width}x${header.height} -> raster ${raster.width}x${raster.height} (${raster.data.length} bytes RGBA)`);
}
console.log(`Deno ${Deno.version.deno}: src/imaging decoded ${files.length} files`);
