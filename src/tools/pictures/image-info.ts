/**
 * `enc_image_info`: measures a picture without sending it — format, size, and the parts it
 * obviously splits into (side by side, stacked or a grid). A few numbers, so it is cacheable, and
 * memoized by URL even when the read cache is off (see `info-memo.ts`).
 */
import { defineTool, jsonResult, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { describeError } from '../errors.js';
import { URL_PROPERTY, parseUrl } from './common.js';
import { loadPicture } from './load.js';

export function imageInfoTool({ engine, infoMemo }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_image_info',
    title: 'Image info',
    description:
      'Measure a picture: format, pixel size and the parts it obviously splits into (a collage). Cheap: returns numbers, no picture.',
    inputSchema: objectSchema({ url: URL_PROPERTY }, ['url']),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ url: parseUrl(args) }),
    execute: async ({ url }, ctx) => {
      const remembered = infoMemo.get(url);
      if (remembered) return remembered;
      const { resource, image } = await loadPicture(engine, url, ctx.signal);
      const { raster, header } = image;
      const info: Record<string, unknown> = {
        url: resource.url,
        format: header.format,
        width: raster.width,
        height: raster.height,
        bytes: resource.bytes.length,
      };
      if (header.frames !== undefined && header.frames > 1) info['frames'] = header.frames;
      // A phone photo is stored sideways with an EXIF orientation tag; we turn it upright, so the
      // size and every box refer to the picture as it is meant to be seen — and we say so.
      if (header.orientation !== undefined && header.orientation !== 1) {
        info['exif_orientation'] = header.orientation;
        info['turned_upright'] = true;
      }
      const { planSplit } = await import('../../imaging/separators/index.js');
      let plan;
      try {
        plan = planSplit(raster, { axis: 'auto' });
      } catch (err) {
        plan = { ok: false as const, reason: `separator detection failed (${describeError(err)})` };
      }
      if (plan.ok) {
        info['suggested_split'] = { axis: plan.axis, method: plan.method, parts: plan.parts };
        info['note'] = `This looks like ${plan.parts.length} pictures pasted into one file. Call enc_split_image to see each part on its own.`;
      } else {
        info['note'] = `${plan.reason.replace(/\.$/, '')}. Use enc_view_image to see the picture whole, or enc_crop_image for a detail of it.`;
      }
      const result = jsonResult(info);
      infoMemo.set(url, result);
      return result;
    },
  });
}
