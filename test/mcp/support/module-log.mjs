// Preloaded with `--import` (through NODE_OPTIONS) by lazy-imaging.test.ts: every module file the process loads is
// reported on stderr as "module-loaded <url>", so a test can see what a start-up pulled in.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        const resolved = await next(specifier, context);
        if (resolved.url.startsWith('file:')) process.stderr.write('module-loaded ' + resolved.url + '\\n');
        return resolved;
      }`,
    ),
);
