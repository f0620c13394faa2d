import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('src/imaging under Deno', () => {
  it('imports the TypeScript sources unchanged and decodes a JPEG, a PNG and a WebP', async () => {
    // The deno binary comes from the `deno` dev dependency, so this runs offline on a fresh machine.
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'check:deno'], { cwd: root, timeout: 60_000 });
    expect(stdout).toMatch(/jpeg\/skater\.jpg: jpeg 256x256 -> raster 256x256 \(262144 bytes RGBA\)/);
    expect(stdout).toMatch(/pngsuite\/basn6a08\.png: png 32x32 -> raster 32x32/);
    expect(stdout).toMatch(/webp\/test\.webp: webp 128x128 -> raster 128x128/);
    expect(stdout).toMatch(/decoded 3 files/);
  }, 90_000);
});
