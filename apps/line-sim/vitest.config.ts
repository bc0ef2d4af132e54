import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'line-sim', include: ['src/**/*.test.ts'] },
});
