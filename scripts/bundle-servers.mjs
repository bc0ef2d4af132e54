// The servers `npm start` runs (the API and the two simulators), each bundled by esbuild into
// apps/<app>/dist/main.mjs when its sources changed, so that start-up loads one file of our code with
// plain Node instead of transpiling some hundreds of modules through tsx's loader (issue 15: cold start).
// Packages stay outside the bundle (Node loads them as usual); workspace packages (@app/*) go in.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Each module keeps its own import.meta.url (its source file's), so the paths it finds beside itself
 * (migrations, the simulator's pages and OpenAPI files, fonts, the repository's .env) are the same from
 * the bundle as from the sources. The bundle is then tied to this checkout's place: the stamp says where.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Every package import stays a package import, but for the workspace's own (@app/...). */
const packagesOutside = {
  name: 'packages-outside',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Worker threads an app starts, each bundled beside main.mjs under its name (the code that starts one
 * looks for `<name>.mjs` in its `import.meta.dirname`, which is the bundle's folder: only `import.meta.url`
 * is rewritten above).
 */
const workerEntries = {
  api: {
    'draft-worker': 'src/modules/shift/auto-draft/draft-worker.ts',
    'db-template': 'src/db/template-main.ts',
  },
};

/**
 * After the API's bundle: its migrated PGlite template (src/db/template.ts), which a first start on an
 * empty DATA_DIR loads instead of running initdb and every migration. The script does nothing when the
 * template of the current migrations is there.
 */
const afterBundle = {
  api: (dist) => {
    const run = spawnSync(process.execPath, [path.join(dist, 'db-template.mjs'), dist], { stdio: 'inherit' });
    if (run.status !== 0)
      throw new Error(`writing the database template failed (${run.status ?? run.signal})`);
  },
};
const templateWritten = (dist) => fs.readdirSync(dist).some((name) => /^pglite-template-.*\.tar$/.test(name));

/** Bundles apps/<app>/src/main.ts (and its worker threads) when needed; answers the bundle's path. */
export async function bundleServer(root, app) {
  const appDir = path.join(root, 'apps', app);
  const outfile = path.join(appDir, 'dist', 'main.mjs');
  const stampFile = path.join(appDir, 'dist', 'bundle-stamp.json');
  const sources = [
    path.join(appDir, 'src'),
    path.join(appDir, 'drizzle'),
    path.join(appDir, 'package.json'),
    path.join(root, 'packages'),
    path.join(root, 'package-lock.json'),
  ];
  const stamp = fs.existsSync(stampFile) ? readJson(stampFile) : null;
  const builtAt = fs.existsSync(outfile) ? fs.statSync(outfile).mtimeMs : 0;
  const workers = Object.entries(workerEntries[app] ?? {});
  const emitted = workers.every(([name]) => fs.existsSync(path.join(appDir, 'dist', `${name}.mjs`)));
  const dist = path.join(appDir, 'dist');
  if (emitted && stamp?.root === root && sources.every((s) => newestMtime(s) <= builtAt)) {
    if (afterBundle[app] && !templateWritten(dist)) afterBundle[app](dist);
    return outfile;
  }

  await build({
    entryPoints: {
      main: path.join(appDir, 'src', 'main.ts'),
      ...Object.fromEntries(workers.map(([name, file]) => [name, path.join(appDir, file)])),
    },
    outdir: path.join(appDir, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: 'linked',
    plugins: [packagesOutside, sourceUrls],
    logLevel: 'warning',
  });
  fs.writeFileSync(stampFile, JSON.stringify({ root }));
  afterBundle[app]?.(dist);
  return outfile;
}

export const servers = ['api', 'line-sim', 'pay-sim'];

/** All three, one after the other (the end-to-end tests' set-up). */
export async function bundleServers(root) {
  for (const app of servers) await bundleServer(root, app);
}

/** `node scripts/bundle-servers.mjs`: bundles what changed. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bundleServers(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'));
}
