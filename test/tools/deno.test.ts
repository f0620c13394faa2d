/**
 * The catalog is surface- and runtime-independent: a real Deno process imports the TypeScript
 * sources unchanged and runs a projection tool and two picture tools (imaging core included).
 * No reference case (the reference is Go).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./deno/catalog-in-deno.ts', import.meta.url));
const deno = fileURLToPath(new URL('../../node_modules/.bin/deno', import.meta.url));

describe('catalog under Deno', () => {
  it('projects a level and measures and views a picture', async () => {
    const { stdout } = await run(deno, ['run', '--no-lock', '--sloppy-imports', '--allow-read', script], {
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out.level.json.tasks).toEqual(['Привет\u00a0[picture: https://tech.en.cx/a.png]']);
    expect(out.level.json.images).toEqual([{ url: 'https://tech.en.cx/a.png', where: 'task' }]);
    expect(out.info.json).toMatchObject({ format: 'png', width: 32, height: 32 });
    expect(out.view).toMatchObject({ json: { content_type: 'image/png', width: 32, height: 32 }, images: 1 });
  });
});
