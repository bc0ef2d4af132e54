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
    // A page or the simulator answering takes seconds on a busy machine: expect.poll waits up to 20 s
    // (its 1 s default timed out following the account on the simulator page under load).
    expect: { poll: { timeout: 20_000 } },
    globalSetup: ['./support/global-setup.ts'],
  },
});
