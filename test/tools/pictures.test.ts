/**
 * The picture tools over real HTTP: the fake Encounter server's own task pictures, plus a loopback
 * picture server for synthetic collages and corpus files served with honest or lying Content-Types.
 * Reference acceptance cases covered: 26, 27, 34 (equal split), 35, 44, 45, 46, 47, 48, 49, 51, 52,
 * 53, 54; beyond the reference: view_image sniffs, gates and shrinks; arguments checked before fetching.
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoEngine } from '../../src/demo/index.js';
import { failureText } from '../../src/tools/index.js';
import type { Catalog, ToolImage, ToolOutcome } from '../../src/tools/types.js';
import { corpus } from '../helpers/corpus.js';
import { exifOrientationSegment, insertAfterSoi } from '../helpers/jpeg-exif.js';
import { catalogOver, createDemoEngine } from './support/catalog-fixture.js';
import { collage, measure } from './support/collages.js';
import { startPictureServer, type PictureServer } from './support/picture-server.js';

let demo: DemoEngine;
let pictures: PictureServer;
let catalog: Catalog;
const urls: Record<string, string> = {};

/** A 33-byte PNG: signature + IHDR claiming width × height, no pixel data. */
function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(17);
  ihdr.write('IHDR', 0, 'latin1');
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  ihdr.set([8, 6, 0, 0, 0], 12);
  const chunk = Buffer.alloc(25);
  chunk.writeUInt32BE(13, 0);
  ihdr.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(ihdr), 21);
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk]));
}

beforeAll(async () => {
  demo = await createDemoEngine();
  pictures = await startPictureServer();
  demo.allowPictureOrigin(pictures.url);
  catalog = catalogOver(demo, { policy: 'readonly' }).catalog;
  urls['png3'] = pictures.put('/png3.png', await collage('png', 3), 'image/png');
  urls['jpeg3'] = pictures.put('/jpeg3.jpg', await collage('jpeg', 3), 'image/jpeg');
  urls['gif3'] = pictures.put('/gif3.gif', await collage('gif', 3), 'image/gif');
  urls['png2'] = pictures.put('/png2.png', await collage('png', 2), 'image/png');
  urls['single'] = pictures.put('/single.png', await collage('png', 1), 'image/png');
  urls['grid'] = pictures.put('/grid.png', await collage('png', 2, 2), 'image/png');
  urls['octet'] = pictures.put('/octet', await collage('jpeg', 3), 'application/octet-stream');
  urls['html'] = pictures.put('/page.html', new TextEncoder().encode('<!doctype html><html><body>hi</body></html>'), 'text/html');
  urls['lying'] = pictures.put('/lying.png', new TextEncoder().encode('<html>not a png</html>'), 'image/png');
  urls['bomb'] = pictures.put('/bomb.png', pngHeader(46000, 46000), 'image/png');
  urls['photo'] = pictures.put('/photo.jpg', readFileSync(corpus('formats/valid/jpg/large.jpg')), 'image/jpeg');
  urls['huge'] = pictures.put('/huge.jpg', readFileSync(corpus('jpeg/black-6000x6000.jpg')), 'image/jpeg');
  urls['bmp'] = pictures.put('/sample.bmp', readFileSync(corpus('formats/valid/bmp/sample.bmp')), 'image/bmp');
  // EXIF orientation 6: stored 200 wide and 100 high, shown turned a quarter: 100 wide, 200 high.
  const sideways = new Uint8Array(await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3080c0' } }).jpeg().toBuffer());
  urls['sideways'] = pictures.put('/sideways.jpg', insertAfterSoi(sideways, exifOrientationSegment(6, false)), 'image/jpeg');
  urls['avif'] = pictures.put('/sample.avif', readFileSync(corpus('formats/valid/heif/sample.avif')), 'image/avif');
});

afterAll(async () => {
  await pictures.close();
  await demo.close();
});

function ok(outcome: ToolOutcome): { json: Record<string, unknown>; images: ToolImage[] } {
  if (!outcome.ok) throw new Error(`expected success: ${failureText(outcome)}`);
  return { json: outcome.json as Record<string, unknown>, images: outcome.images };
}

function failed(outcome: ToolOutcome): string {
  if (outcome.ok) throw new Error(`expected failure, got ${JSON.stringify(outcome.json)}`);
  // A picture the tools cannot use is the picture's or the argument's fault, never an internal error.
  expect(['picture', 'bad_argument', 'network']).toContain(outcome.kind);
  return failureText(outcome);
}

describe('enc_view_image', () => {
  it('case 26: a task picture of the fake engine comes back byte for byte, relative URL resolved', async () => {
    const { json, images } = ok(await catalog.call('enc_view_image', { url: '/GameImages/demo/map.png' }));
    const served = new Uint8Array(await (await fetch(`${demo.fake.url}/GameImages/demo/map.png`)).arrayBuffer());
    expect(images).toHaveLength(1);
    expect(images[0]!.mimeType).toBe('image/png');
    expect(Buffer.from(images[0]!.bytes).equals(Buffer.from(served))).toBe(true);
    expect(json).toMatchObject({ url: `${demo.fake.url}/GameImages/demo/map.png`, format: 'png', content_type: 'image/png', bytes: served.length });
  });

  it('case 27: HTML is refused with no picture, whatever the Content-Type claims', async () => {
    expect(failed(await catalog.call('enc_view_image', { url: urls['html'] }))).toContain('is not a picture');
    expect(failed(await catalog.call('enc_view_image', { url: urls['lying'] }))).toContain('(image/png) is not a picture');
  });

  it('a JPEG served as application/octet-stream is accepted (the bytes decide)', async () => {
    const { images } = ok(await catalog.call('enc_view_image', { url: urls['octet'] }));
    expect(images[0]!.mimeType).toBe('image/jpeg');
  });

  it('a photograph over 1568 px is shrunk by block averaging, never sent whole', async () => {
    const { json, images } = ok(await catalog.call('enc_view_image', { url: urls['photo'] }));
    expect(json).toMatchObject({ width: 1600, height: 1200, returned_width: 1568, returned_height: 1176, content_type: 'image/jpeg' });
    expect(String(json['note'])).toContain('enc_split_image');
    expect(await measure(images[0]!.bytes)).toEqual({ width: 1568, height: 1176, format: 'jpeg' });
  });

  it('a BMP is converted to a format models take', async () => {
    const { images } = ok(await catalog.call('enc_view_image', { url: urls['bmp'] }));
    expect(await measure(images[0]!.bytes)).toEqual({ width: 123, height: 456, format: 'png' });
  });

  it('a 36 MP picture is refused before decoding; an unsupported format and a 404 say what happened', async () => {
    expect(failed(await catalog.call('enc_view_image', { url: urls['huge'] }))).toContain('megapixels');
    expect(failed(await catalog.call('enc_view_image', { url: urls['avif'] }))).toContain('JPEG, PNG, GIF, WebP, BMP');
    expect(failed(await catalog.call('enc_view_image', { url: `${pictures.url}/missing.png` }))).toContain('404');
  });
});

describe('enc_image_info', () => {
  it('case 46: a 3-panel PNG measures 920x200 and suggests 3 detected parts, attaching nothing', async () => {
    const { json, images } = ok(await catalog.call('enc_image_info', { url: urls['png3'] }));
    expect(images).toEqual([]);
    expect(json).toMatchObject({ format: 'png', width: 920, height: 200 });
    const split = json['suggested_split'] as { axis: string; method: string; parts: unknown[] };
    expect(split.axis).toBe('horizontal');
    expect(split.method).toBe('detected');
    expect(split.parts).toHaveLength(3);
    expect(String(json['note'])).toContain('enc_split_image');
  });

  it('a single panel gets no split, and the note points at view and crop', async () => {
    const { json } = ok(await catalog.call('enc_image_info', { url: urls['single'] }));
    expect(json['suggested_split']).toBeUndefined();
    expect(String(json['note'])).toContain('enc_view_image');
  });

  it('reports a phone photo upright and says it was turned by its EXIF orientation', async () => {
    const { json } = ok(await catalog.call('enc_image_info', { url: urls['sideways'] }));
    expect(json).toMatchObject({ format: 'jpeg', width: 100, height: 200, exif_orientation: 6, turned_upright: true });
    const plain = ok(await catalog.call('enc_image_info', { url: urls['jpeg3'] })).json;
    expect(plain['exif_orientation']).toBeUndefined();
  });

  it('case 45: a 33-byte PNG claiming 46000x46000 is refused with "megapixels"', async () => {
    expect(failed(await catalog.call('enc_image_info', { url: urls['bomb'] }))).toContain('megapixels');
  });
});

describe('enc_split_image', () => {
  it('case 47: three parts, each attached and 200 high, cut inside the seams', async () => {
    const { json, images } = ok(await catalog.call('enc_split_image', { url: urls['png3'] }));
    expect(json['method']).toBe('detected');
    expect(images).toHaveLength(3);
    for (const image of images) expect((await measure(image.bytes)).height).toBe(200);
    const parts = json['parts'] as Array<{ box: { x: number }; attached: boolean }>;
    expect(parts.map((p) => p.box.x)).toEqual([0, 305, 615]);
    expect(parts.every((p) => p.attached)).toBe(true);
  });

  it('case 48: part 2 alone — one picture, all three described, only the second attached; part 9 is refused', async () => {
    const { json, images } = ok(await catalog.call('enc_split_image', { url: urls['png3'], part: 2 }));
    expect(images).toHaveLength(1);
    expect((json['parts'] as Array<{ attached: boolean }>).map((p) => p.attached)).toEqual([false, true, false]);
    const before = pictures.hits('/png3.png');
    expect(failed(await catalog.call('enc_split_image', { url: urls['png3'], part: 17 }))).toContain('part 17 does not exist');
    expect(pictures.hits('/png3.png')).toBe(before);
    expect(failed(await catalog.call('enc_split_image', { url: urls['png3'], parts: 2, part: 3 }))).toContain('part 3 does not exist');
  });

  it('case 49: max_dimension bounds every returned side; out-of-range values are refused before fetching', async () => {
    const { images } = ok(await catalog.call('enc_split_image', { url: urls['png3'], max_dimension: 50 }));
    for (const image of images) {
      const size = await measure(image.bytes);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(50);
    }
    const before = pictures.hits('/png3.png');
    expect(failed(await catalog.call('enc_split_image', { url: urls['png3'], max_dimension: 4097 }))).toContain(
      'max_dimension has to be between 1 and 4096 pixels, got 4097',
    );
    expect(failed(await catalog.call('enc_split_image', { url: urls['png3'], parts: 1 }))).toContain('parts has to be between 2 and 16, got 1');
    expect(failed(await catalog.call('enc_split_image', { url: urls['png3'], parts: '17' }))).toContain('got 17');
    expect(failed(await catalog.call('enc_split_image', { url: urls['png3'], axis: 'diagonal' }))).toContain('"grid"');
    expect(failed(await catalog.call('enc_split_image', {}))).toContain('"url" is required');
    expect(pictures.hits('/png3.png')).toBe(before);
  });

  it('case 34: a picture without separators is divided evenly only when parts is given', async () => {
    expect(failed(await catalog.call('enc_split_image', { url: urls['single'] }))).toMatch(/separator/i);
    const { json, images } = ok(await catalog.call('enc_split_image', { url: urls['single'], parts: 3, axis: 'horizontal' }));
    expect(json['method']).toBe('equal');
    expect(images).toHaveLength(3);
    const boxes = (json['parts'] as Array<{ box: { x: number; width: number } }>).map((p) => p.box);
    expect(boxes[0]!.x).toBe(0);
    expect(boxes[2]!.x + boxes[2]!.width).toBe(300);
    expect(String(json['note'])).toContain('divided evenly');
  });

  it('axis "grid" splits a 2x2 collage into four parts', async () => {
    const { json, images } = ok(await catalog.call('enc_split_image', { url: urls['grid'], axis: ' Grid ' }));
    expect(json['axis']).toBe('grid');
    expect(images).toHaveLength(4);
  });

  it('case 53: a GIF collage splits into three PNG parts', async () => {
    const { images } = ok(await catalog.call('enc_split_image', { url: urls['gif3'] }));
    expect(images.map((i) => i.mimeType)).toEqual(['image/png', 'image/png', 'image/png']);
  });
});

describe('enc_crop_image', () => {
  it('case 51: a JPEG crop at its own resolution stays JPEG', async () => {
    const { json, images } = ok(await catalog.call('enc_crop_image', { url: urls['jpeg3'], x: '0', y: 0, width: 300, height: 200 }));
    expect(images).toHaveLength(1);
    expect(json).toMatchObject({ crop: { x: 0, y: 0, width: 300, height: 200 }, source: { width: 920, height: 200 }, content_type: 'image/jpeg' });
    expect(await measure(images[0]!.bytes)).toEqual({ width: 300, height: 200, format: 'jpeg' });
  });

  it('case 52: x "50%" alone gives the right half; case 44: a PNG crop stays PNG', async () => {
    const { json, images } = ok(await catalog.call('enc_crop_image', { url: urls['png2'], x: '50%' }));
    expect(json['crop']).toEqual({ x: 305, y: 0, width: 305, height: 200 });
    expect(images[0]!.mimeType).toBe('image/png');
  });

  it('a box over the edge is trimmed; outside or empty boxes and bad coordinates are refused', async () => {
    const { json } = ok(await catalog.call('enc_crop_image', { url: urls['png2'], x: 600, y: 150, width: 100, height: 100 }));
    expect(json['crop']).toEqual({ x: 600, y: 150, width: 10, height: 50 });
    expect(failed(await catalog.call('enc_crop_image', { url: urls['png2'], x: 2000, width: 50 }))).toContain('lies outside the 610x200 picture');
    expect(failed(await catalog.call('enc_crop_image', { url: urls['png2'], width: 0 }))).toContain('width and height have to be positive');
    const before = pictures.hits('/png2.png');
    expect(failed(await catalog.call('enc_crop_image', { url: urls['png2'], x: 'half' }))).toContain('argument "x" has to be a pixel count');
    expect(failed(await catalog.call('enc_crop_image', { url: urls['png2'], y: 'Inf%' }))).toContain('argument "y"');
    expect(pictures.hits('/png2.png')).toBe(before);
  });
});

describe('pictures leave the catalog as bytes of a format models take, with their true size', () => {
  it('view (as is and shrunk), split and crop: width and height match the bytes, the type matches the format', async () => {
    const outcomes = [
      await catalog.call('enc_view_image', { url: '/GameImages/demo/map.png' }),
      await catalog.call('enc_view_image', { url: urls['photo'] }),
      await catalog.call('enc_view_image', { url: urls['bmp'] }),
      await catalog.call('enc_split_image', { url: urls['gif3'] }),
      await catalog.call('enc_crop_image', { url: urls['jpeg3'], width: '50%' }),
    ];
    let seen = 0;
    for (const outcome of outcomes) {
      for (const image of ok(outcome).images) {
        const measured = await measure(image.bytes);
        expect({ width: image.width, height: image.height }).toEqual({ width: measured.width, height: measured.height });
        expect(image.mimeType).toBe(`image/${measured.format}`);
        expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp']).toContain(image.mimeType);
        seen++;
      }
    }
    expect(seen).toBe(7);
  });
});

describe('case 54: HTML bytes fail every decoding tool without media', () => {
  it('info, crop and split all refuse', async () => {
    for (const tool of ['enc_image_info', 'enc_crop_image', 'enc_split_image']) {
      const outcome = await catalog.call(tool, { url: urls['html'] });
      expect(outcome.ok).toBe(false);
      expect('images' in outcome).toBe(false);
    }
  });
});
