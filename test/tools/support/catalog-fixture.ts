/**
 * A catalog over the fake Encounter server (real HTTP on 127.0.0.1, signed in with the real
 * client), with every engine call recorded.
 */
import { createDemoEngine, type DemoEngine } from '../../../src/demo/index.js';
import { createCatalog, type CatalogOptions } from '../../../src/tools/index.js';
import type { Catalog } from '../../../src/tools/types.js';
import { recordingEngine, type RecordedCall, type RecordingEngine } from './recording-engine.js';

export interface FakeCatalog {
  demo: DemoEngine;
  engine: RecordingEngine;
  catalog: Catalog;
}

/** Builds a catalog over an already running demo engine. */
export function catalogOver(demo: DemoEngine, options: CatalogOptions, onCall?: (call: RecordedCall) => void): FakeCatalog {
  const engine = recordingEngine(demo.engine, onCall);
  return { demo, engine, catalog: createCatalog(engine, { baseUrl: demo.fake.url, ...options }) };
}

export { createDemoEngine };
