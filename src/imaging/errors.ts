/**
 * Every failure of the imaging library is an `ImageError` with a machine-readable `code` and a
 * message written for the model that will read it: what went wrong and what to do instead.
 */
export type ImageErrorCode =
  /** The bytes are not one of JPEG, PNG, GIF, WebP, BMP, TIFF (or a variant we do not decode). */
  | 'unsupported_format'
  /** The header declares (or the data turns out to hold) more than MAX_PIXELS. */
  | 'too_large'
  /** The structure is invalid: bad checksum, impossible dimensions, broken compressed data. */
  | 'corrupt'
  /** The file ends before its data does. */
  | 'truncated'
  /** A caller-supplied argument (crop box, parts, max dimension) is out of range. */
  | 'invalid_argument'
  /** An encoder could not produce output. */
  | 'encode_failed';

export class ImageError extends Error {
  override readonly name = 'ImageError';
  constructor(
    readonly code: ImageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for an ImageError, optionally of one code. */
export function isImageError(err: unknown, code?: ImageErrorCode): err is ImageError {
  return err instanceof ImageError && (code === undefined || err.code === code);
}
