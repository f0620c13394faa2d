/**
 * In-memory collage builders for the separator tests: panels of busy synthetic content laid out
 * with known separators, so every expected cut is known from the layout, not from the detector.
 */
import sharp from 'sharp';
import { decode } from '../../src/imaging/decode.js';
import { createRaster, type Box, type Raster } from '../../src/imaging/raster.js';

export type Rgb = readonly [number, number, number];

/** Fills a box with one colour. */
export function fill(r: Raster, box: Box, [cr, cg, cb]: Rgb, alpha = 255): void {
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const p = (y * r.width + x) * 4;
      r.data[p] = cr; r.data[p + 1] = cg; r.data[p + 2] = cb; r.data[p + 3] = alpha;
    }
  }
}

/**
 * Gradient panel like the reference fixtures: red rises along x, green along y, blue by panel
 * index — never close to white/black/grey over a whole line, so no line of it is plain.
 */
export function gradientPanel(r: Raster, box: Box, index: number, noise = 0, seed = 1): void {
  let s = seed >>> 0 || 1;
  const rand = (): number => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const p = ((box.y + y) * r.width + box.x + x) * 4;
      const n = noise ? Math.round((rand() * 2 - 1) * noise) : 0;
      r.data[p] = clamp(40 + Math.floor((x * 150) / Math.max(1, box.width)) + n);
      r.data[p + 1] = clamp(30 + Math.floor((y * 160) / Math.max(1, box.height)) + n);
      r.data[p + 2] = clamp(60 + ((index * 47) % 120) + n);
      r.data[p + 3] = 255;
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

export interface StripLayout {
  axis: 'horizontal' | 'vertical';
  /** Panel sizes along the axis. */
  panels: number[];
  /** Size of the picture across the axis. */
  cross: number;
  separator: number;
  separatorColour?: Rgb;
  /** Plain margin at both ends along the axis. */
  margin?: number;
  noise?: number;
}

/** A strip collage and the separator intervals (along the axis) that the layout put in it. */
export function stripCollage(layout: StripLayout): { raster: Raster; separators: { start: number; end: number }[]; content: { start: number; end: number } } {
  const { axis, panels, cross, separator, margin = 0 } = layout;
  const colour = layout.separatorColour ?? [255, 255, 255];
  const along = panels.reduce((a, b) => a + b, 0) + separator * (panels.length - 1) + 2 * margin;
  const raster = axis === 'horizontal' ? createRaster(along, cross) : createRaster(cross, along);
  fill(raster, { x: 0, y: 0, width: raster.width, height: raster.height }, colour);
  const separators: { start: number; end: number }[] = [];
  let pos = margin;
  panels.forEach((size, i) => {
    const box = axis === 'horizontal' ? { x: pos, y: 0, width: size, height: cross } : { x: 0, y: pos, width: cross, height: size };
    gradientPanel(raster, box, i, layout.noise ?? 0, i + 7);
    pos += size;
    if (i < panels.length - 1) {
      separators.push({ start: pos, end: pos + separator });
      pos += separator;
    }
  });
  return { raster, separators, content: { start: margin, end: along - margin } };
}

/** Deterministic xorshift in [0, 1): the same seed draws the same picture. */
export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

/** Sets one opaque pixel. */
export function setPixel(r: Raster, x: number, y: number, [cr, cg, cb]: Rgb): void {
  const p = (y * r.width + x) * 4;
  r.data[p] = cr;
  r.data[p + 1] = cg;
  r.data[p + 2] = cb;
  r.data[p + 3] = 255;
}

/** A filled disc with a block in its middle standing for the digit (light, unless `digit` says). */
export function badge(r: Raster, cx: number, cy: number, radius: number, colour: Rgb = [220, 30, 30], digit: Rgb = [250, 250, 250]): void {
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
      if (x >= 0 && y >= 0 && x < r.width && y < r.height && (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) fill(r, { x, y, width: 1, height: 1 }, colour);
    }
  }
  fill(r, { x: Math.round(cx - radius / 4), y: Math.round(cy - radius / 3), width: Math.round(radius / 2), height: Math.round((2 * radius) / 3) }, digit);
}

/** `r` saved as JPEG by sharp (libjpeg) at `quality` and decoded again by our decoder, as a lossy collage reaches planSplit. */
export async function jpegRoundTrip(r: Raster, quality: number, chromaSubsampling: '4:2:0' | '4:4:4'): Promise<Raster> {
  const rgb = Buffer.alloc(r.width * r.height * 3);
  for (let i = 0; i < r.width * r.height; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = r.data[i * 4 + c]!;
  const bytes = await sharp(rgb, { raw: { width: r.width, height: r.height, channels: 3 } }).jpeg({ quality, chromaSubsampling }).toBuffer();
  return (await decode(new Uint8Array(bytes))).raster;
}
