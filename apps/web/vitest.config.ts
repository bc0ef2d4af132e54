import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    // Components render in jsdom on a machine that may be busy (CI runs the suites side by side): the
    // limits are for a hung test, not a slow one.
    testTimeout: 20_000,
  },
});
