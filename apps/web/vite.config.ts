import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Every path the API answers; in production the API serves dist/ itself on the same origin.
const apiPaths = [
  '/auth',
  '/client/api',
  '/master/api',
  '/agency/api',
  '/search/api',
  '/shift/api',
  '/member-liff/api',
  '/liff/api',
  '/dev/api',
  '/docs',
  '/healthz',
];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
});
