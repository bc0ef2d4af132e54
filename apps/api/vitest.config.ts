import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's module graph instead of importing the app anew each (the import was most of
    // a file's time). Every file makes its own app and database (testing/test-app.ts), and module-level
    // caches are keyed by database, so nothing leaks between files; no file uses vi.mock.
    isolate: false,
  },
});
