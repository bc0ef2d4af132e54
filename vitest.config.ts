import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; this runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where the API
    // suite's files (each its own database, mostly waiting on it or on PGlite's single thread) then ran one
    // after another. Two at least.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
