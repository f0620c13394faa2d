/** The admin (editor) side of the engine: typed scenario, target structure, writes and their failures. */
export * from './types.js';
export * from './errors.js';
