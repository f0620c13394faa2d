/** The formats the library decodes. The bytes decide the format, never a Content-Type header. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'tiff';

/** What the header says, read without decoding any pixel. */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** Frames (GIF, animated WebP) or pages (TIFF), where the header tells. */
  frames?: number;
  /** WebP: lossy (VP8) or lossless (VP8L). PNG/GIF/BMP/TIFF are lossless, JPEG lossy. */
  lossy: boolean;
  /** JPEG: the EXIF orientation tag (1–8), when present and not 1. */
  orientation?: number;
}

export const MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
};
