import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Decoder conformance and end-to-end MCP tests spawn processes and read real files.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores on every machine here: more workers only thrash.
    maxWorkers: 2,
  },
});
