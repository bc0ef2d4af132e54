import { defineConfig } from 'vitest/config';

// End-to-end journeys: the real server (started as `npm start` starts it) driven by headless Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['./support/global-setup.ts'],
  },
});
