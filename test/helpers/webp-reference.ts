import sharp from 'sharp';

/**
 * RGBA from sharp (libvips) — an independent decoder to compare ours with. Embedded ICC profiles
 * are ignored on both sides: our decoders return the stored values, not colour-managed ones.
 */
export async function sharpRgba(input: string | Uint8Array): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(input, { ignoreIcc: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Mean absolute difference per channel value of two equally sized RGBA buffers. */
export function meanAbsoluteError(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`buffer sizes differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
