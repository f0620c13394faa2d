/**
 * Synthetic collages like the reference's fixtures: 300×200 gradient panels joined by 10 px white
 * seams, built with sharp (a dev dependency independent of the code under test).
 */
import sharp from 'sharp';

export const PANEL_WIDTH = 300;
export const PANEL_HEIGHT = 200;
export const SEAM = 10;

/** RGB pixels of `panels` side by side (or a rows×cols grid), each panel a distinct 2-D gradient. */
export function collagePixels(cols: number, rows = 1): { data: Buffer; width: number; height: number } {
  const width = cols * PANEL_WIDTH + (cols - 1) * SEAM;
  const height = rows * PANEL_HEIGHT + (rows - 1) * SEAM;
  const data = Buffer.alloc(width * height * 3, 255);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x0 = c * (PANEL_WIDTH + SEAM);
      const y0 = r * (PANEL_HEIGHT + SEAM);
      const tint = (r * cols + c) * 60;
      for (let y = 0; y < PANEL_HEIGHT; y++) {
        for (let x = 0; x < PANEL_WIDTH; x++) {
          const i = ((y0 + y) * width + x0 + x) * 3;
          // Varies along both axes, so no row or column inside a panel is one plain colour.
          data[i] = Math.round((x / PANEL_WIDTH) * 200);
          data[i + 1] = Math.round((y / PANEL_HEIGHT) * 200);
          data[i + 2] = (tint + Math.round(((x + y) / (PANEL_WIDTH + PANEL_HEIGHT)) * 150)) % 200;
        }
      }
    }
  }
  return { data, width, height };
}

export async function collage(format: 'png' | 'jpeg' | 'gif', cols: number, rows = 1): Promise<Uint8Array> {
  const { data, width, height } = collagePixels(cols, rows);
  const img = sharp(data, { raw: { width, height, channels: 3 } });
  const out = format === 'png' ? img.png() : format === 'jpeg' ? img.jpeg({ quality: 75 }) : img.gif();
  return new Uint8Array(await out.toBuffer());
}

/** Size and format of a returned picture, decoded by sharp. */
export async function measure(bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width!, height: meta.height!, format: meta.format! };
}
