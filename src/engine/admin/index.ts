/** The admin (editor) side of the engine: typed scenario, target structure, writes and their failures. */
export * from './types.js';
export * from './errors.js';
export { AdminClient, type JsonSignIn } from './admin-client.js';
export { parseScenario, ScenarioFormatError } from './scenario-parser.js';
export { parseRussianDuration, formatRussianDuration, splitHms } from './durations.js';
