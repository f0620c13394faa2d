/**
 * `enc_split_image`: cuts a collage apart and returns every part as its own picture, in reading
 * order. The parts come from the picture's own separators; `parts` is a request that falls back to
 * an even division (reported as `method: "equal"`). All arguments are checked before fetching.
 */
import { optionalInteger, optionalKeyword } from '../args.js';
import { defineTool, integerProperty, objectSchema, stringProperty, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { ToolArgumentError, ToolError, describeError } from '../errors.js';
import type { SplitPlan } from '../../imaging/separators/index.js';
import type { ToolImage } from '../types.js';
import { MAX_DIMENSION_PROPERTY, URL_PROPERTY, parseMaxDimension, parseUrl } from './common.js';
import { loadPicture } from './load.js';
import { renderFragment } from './render.js';

/** Fewest parts worth a split. */
export const MIN_SPLIT_PARTS = 2;
/**
 * Most parts one call returns: 8 strips, or 16 panels of a grid whose cuts align (a 4×4 photo grid).
 * The parts tile the picture without overlap, so together they never hold more pixels than the
 * source: a 4×4 split of a 2000×2000 collage sends 16 pictures of about 500×500 — 4 megapixels in
 * all, the source's own, and as JPEG about the source's bytes plus ~600 bytes of headers per part.
 */
export const MAX_SPLIT_PARTS = 16;

const AXES = ['auto', 'horizontal', 'vertical', 'grid'] as const;

export function splitImageTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_split_image',
    title: 'Split image',
    description:
      'Split a collage into its parts and look at each separately. Separators are found in the picture itself: pass only the url first, and add parts if that finds nothing (the picture is then divided evenly). Strips give 2..8 parts, a grid whose cuts align up to 16 (4x4); the parts together are never larger than the picture, and part returns one of them. Read the parts as separate clues.',
    inputSchema: objectSchema(
      {
        url: URL_PROPERTY,
        parts: integerProperty(`How many parts to expect, ${MIN_SPLIT_PARTS}..8 for strips, up to ${MAX_SPLIT_PARTS} for a grid; omit to use the separators found.`),
        axis: stringProperty('"horizontal" (side by side), "vertical" (stacked), "grid" (rows and columns) or "auto" (default).'),
        part: integerProperty('Return only this part (1-based, in reading order); omit for all.'),
        max_dimension: MAX_DIMENSION_PROPERTY,
      },
      ['url'],
    ),
    mutating: false,
    cacheable: false,
    parse: (args) => {
      const parts = optionalInteger(args, 'parts', {
        min: MIN_SPLIT_PARTS,
        max: MAX_SPLIT_PARTS,
        outOfRange: (n) => `parts has to be between ${MIN_SPLIT_PARTS} and ${MAX_SPLIT_PARTS}, got ${n}`,
      });
      const limit = parts ?? MAX_SPLIT_PARTS;
      const part = optionalInteger(args, 'part', {
        min: 1,
        max: limit,
        outOfRange: (n) =>
          n < 1 ? `part is 1-based, got ${n}` : `part ${n} does not exist; a split returns at most ${limit} parts`,
      });
      return {
        url: parseUrl(args),
        parts,
        axis:
          optionalKeyword(args, 'axis', AXES, (raw) => `axis has to be "horizontal", "vertical", "grid" or "auto", got ${raw}`) ?? 'auto',
        part,
        max_dimension: parseMaxDimension(args),
      };
    },
    execute: async ({ url, parts, axis, part, max_dimension }, ctx) => {
      const { resource, image } = await loadPicture(engine, url, ctx.signal);
      const { raster } = image;
      const { planSplit } = await import('../../imaging/separators/index.js');
      let plan: SplitPlan;
      try {
        plan = planSplit(raster, parts === undefined ? { axis } : { axis, parts });
      } catch (err) {
        throw new ToolError(`separator detection failed: ${describeError(err)}`, { kind: 'picture', code: 'split_failed' });
      }
      if (!plan.ok) throw new ToolError(plan.reason, { kind: 'picture', code: 'no_split' });
      if (part !== undefined && part > plan.parts.length) {
        throw new ToolArgumentError('part', `part ${part} does not exist; this picture splits into ${plan.parts.length} parts`);
      }
      const described: Array<Record<string, unknown>> = [];
      const images: ToolImage[] = [];
      for (const [i, box] of plan.parts.entries()) {
        const index = i + 1;
        if (part !== undefined && part !== index) {
          described.push({ index, box, attached: false });
          continue;
        }
        const rendered = await renderFragment(image, box, max_dimension);
        images.push(rendered.image);
        described.push({ index, box, returned_width: rendered.width, returned_height: rendered.height, attached: true });
      }
      let note =
        `${images.length} of ${plan.parts.length} parts are attached to this result, in reading order. ` +
        'Read them as separate clues: the parts of a task picture are usually unrelated to each other.';
      if (plan.method === 'equal') {
        note +=
          ' No separators matching that many parts were found, so the picture was divided evenly and a cut may run through content. ' +
          'Call enc_image_info to see where its real parts are.';
      }
      return {
        json: { url: resource.url, source: { width: raster.width, height: raster.height }, axis: plan.axis, method: plan.method, parts: described, note },
        images,
      };
    },
  });
}
