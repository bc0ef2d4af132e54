import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

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
  // uploaded images of deliveries (decision 0039)
  '/line-media',
];

/** The mini-apps' pages (/liff/member, /liff/shift) are liff.html, their own light entry. */
const liffPages = (): Plugin => ({
  name: 'liff-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/liff\/(?!api\/)[^.]*$/.test(req.url.split('?')[0] ?? '')) {
        req.url = `/liff.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
      }
      next();
    });
  },
});

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    liffPages(),
    // .br and .gz beside each file over 1 KB: the API serves them to browsers that accept them (a
    // phone opening a mini-app in LINE downloads a quarter of the bytes), compressed once at build.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { input: { main: page('index.html'), liff: page('liff.html') } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
});
