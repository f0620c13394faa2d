/** Undoes TIFF's horizontal differencing predictor (Predictor = 2) in place. */

/**
 * Each sample was stored as the difference from the same sample of the pixel to its left; adding
 * back left to right restores it. 16-bit samples are summed modulo 2^16 in the file's byte order.
 *
 * @example
 * ```ts
 * undoHorizontalPredictor(rows, width, rows.length / rowBytes, 3, 8, true);
 * ```
 */
export function undoHorizontalPredictor(
  data: Uint8Array,
  width: number,
  rows: number,
  samplesPerPixel: number,
  bitsPerSample: 8 | 16,
  littleEndian: boolean,
): void {
  const bytesPerSample = bitsPerSample / 8;
  const rowBytes = width * samplesPerPixel * bytesPerSample;
  for (let y = 0; y < rows; y++) {
    const start = y * rowBytes;
    if (bitsPerSample === 8) {
      for (let i = start + samplesPerPixel; i < start + rowBytes; i++) data[i] = (data[i]! + data[i - samplesPerPixel]!) & 0xff;
      continue;
    }
    const hi = littleEndian ? 1 : 0;
    const lo = 1 - hi;
    const step = samplesPerPixel * 2;
    for (let i = start + step; i < start + rowBytes; i += 2) {
      const sum = ((data[i + hi]! << 8) | data[i + lo]!) + ((data[i - step + hi]! << 8) | data[i - step + lo]!);
      data[i + hi] = (sum >> 8) & 0xff;
      data[i + lo] = sum & 0xff;
    }
  }
}
