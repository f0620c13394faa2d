/** Arguments shared by the picture tools. */
import { optionalInteger, requiredString, type RawArgs } from '../args.js';
import { integerProperty, stringProperty } from '../define.js';
import { DEFAULT_MAX_DIMENSION, MAX_MAX_DIMENSION } from '../../imaging/limits.js';

export const URL_PROPERTY = stringProperty('Picture URL, from the images list of enc_level or enc_game_state (relative URLs are fine).');

export const MAX_DIMENSION_PROPERTY = integerProperty(
  `Longest side of each returned picture in pixels, 1..${MAX_MAX_DIMENSION}; default ${DEFAULT_MAX_DIMENSION}, the resolution models read at.`,
);

export function parseUrl(args: RawArgs): string {
  return requiredString(args, 'url');
}

/** `max_dimension`, 1..4096, default 1568. */
export function parseMaxDimension(args: RawArgs): number {
  return (
    optionalInteger(args, 'max_dimension', {
      min: 1,
      max: MAX_MAX_DIMENSION,
      outOfRange: (n) => `max_dimension has to be between 1 and ${MAX_MAX_DIMENSION} pixels, got ${n}`,
    }) ?? DEFAULT_MAX_DIMENSION
  );
}
