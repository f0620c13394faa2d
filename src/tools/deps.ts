/** What every tool factory receives from the catalog. */
import type { Engine } from '../engine/engine.js';
import type { UrlResolver } from '../html/urls.js';
import type { InfoMemo } from './pictures/info-memo.js';

export interface ToolDeps {
  /** The engine; its four mutating methods clear the read cache before and after they run. */
  engine: Engine;
  /** Resolves URLs found in level HTML against the engine's site. */
  resolveUrl: UrlResolver;
  /** Remembers enc_image_info results by URL (cleared by the catalog's invalidateCache). */
  infoMemo: InfoMemo;
}
