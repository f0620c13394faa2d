/**
 * Run by test/tools/deno.test.ts under Deno (not by vitest): the catalog works unchanged outside
 * Node — its projection path and its picture path (imaging core included). Prints one JSON line.
 * Uses only web APIs so it type-checks under the project's Node tsconfig too.
 */
import { createCatalog } from '../../../src/tools/index.js';
import type { Engine } from '../../../src/engine/engine.js';

const pngUrl = new URL('../../corpus/pngsuite/basn6a08.png', import.meta.url);
const pngBytes = new Uint8Array(await (await fetch(pngUrl)).arrayBuffer());

const model = {
  Event: 0,
  GameId: 1,
  GameTitle: 'Deno',
  LevelSequence: 0,
  Level: { LevelId: 7, Number: 1, IsPassed: false, Dismissed: false, Tasks: [{ TaskTextFormatted: 'Привет&nbsp;<img src="/a.png">' }] },
};

const engine = new Proxy({} as Engine, {
  get: (_target, method) => async (url: string) => {
    if (method === 'getGameModel') return model;
    if (method === 'fetchResource') return { url, contentType: 'image/png', bytes: pngBytes };
    throw new Error(`unexpected engine call ${String(method)}`);
  },
});

const catalog = createCatalog(engine, { policy: 'readonly', baseUrl: 'https://tech.en.cx' });
const level = await catalog.call('enc_level', { game_id: '1' });
const info = await catalog.call('enc_image_info', { url: 'https://tech.en.cx/a.png' });
const view = await catalog.call('enc_view_image', { url: 'https://tech.en.cx/a.png' });
console.log(JSON.stringify({ level, info, view: view.ok ? { json: view.json, images: view.images.length } : view }));
