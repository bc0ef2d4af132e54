import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; this runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // A worker per core: Vitest's default is one fewer, which is one on the 2-core CI machine, where the
    // API suite's files (each its own database) then ran one after another.
    maxWorkers: '100%',
  },
});
