/** `enc_crop_image`: one rectangle of a picture at its own resolution. */
import { optionalPixelSpec } from '../args.js';
import { defineTool, objectSchema, stringProperty, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { MAX_DIMENSION_PROPERTY, URL_PROPERTY, parseMaxDimension, parseUrl } from './common.js';
import { resolveCropBox } from './crop-box.js';
import { decodePicture, fetchPicture, probePicture } from './load.js';
import { renderFragment } from './render.js';

const EDGE = (what: string, dflt: string): Record<string, unknown> =>
  stringProperty(`${what}: pixels ("120") or a percentage of the picture ("25%"). Default ${dflt}.`);

export function cropImageTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_crop_image',
    title: 'Crop image',
    description:
      'Return one rectangle of a picture at its own resolution. Whole pictures are shrunk before you see them, so small print is only readable through a crop. Coordinates are pixels from the top-left corner or percentages of the picture; x "50%" alone gives the right half.',
    inputSchema: objectSchema(
      {
        url: URL_PROPERTY,
        x: EDGE('Left edge', '0'),
        y: EDGE('Top edge', '0'),
        width: EDGE('Width', 'to the right edge'),
        height: EDGE('Height', 'to the bottom edge'),
        max_dimension: MAX_DIMENSION_PROPERTY,
      },
      ['url'],
    ),
    mutating: false,
    cacheable: false,
    parse: (args) => ({
      url: parseUrl(args),
      box: {
        x: optionalPixelSpec(args, 'x'),
        y: optionalPixelSpec(args, 'y'),
        width: optionalPixelSpec(args, 'width'),
        height: optionalPixelSpec(args, 'height'),
      },
      max_dimension: parseMaxDimension(args),
    }),
    execute: async ({ url, box, max_dimension }, ctx) => {
      const resource = await fetchPicture(engine, url, ctx.signal);
      const picture = await probePicture(resource);
      const { width, height } = picture.header;
      // The box is known from the header, so a JPEG crop that will be shrunk anyway decodes smaller.
      const cropBox = resolveCropBox(box, width, height);
      const image = await decodePicture(picture, { box: cropBox, maxDimension: max_dimension });
      const rendered = await renderFragment(image, cropBox, max_dimension);
      return {
        json: {
          url: resource.url,
          source: { width, height },
          crop: cropBox,
          returned_width: rendered.width,
          returned_height: rendered.height,
          content_type: rendered.image.mimeType,
          note: 'The crop is attached to this result.',
        },
        images: [rendered.image],
      };
    },
  });
}
