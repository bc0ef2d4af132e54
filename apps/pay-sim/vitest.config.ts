import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'pay-sim', include: ['src/**/*.test.ts'] },
});
