/**
 * A migrated, empty PGlite data folder kept as a tarball, so a new PGlite database starts from it instead
 * of running initdb and every migration (most of a first start's time; issue 31's cold start). The test
 * runs make one per run (testing/global-setup.ts); `npm start` has one made beside the bundle when the
 * bundle or the migrations change (scripts/bundle-servers.mjs runs dist/db-template.mjs), and a first
 * start on an empty DATA_DIR loads it. The file's name carries a hash of the migrations folder, so a
 * template of other migrations is never loaded; the migrations still run after it (a no-op).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, migrationsFolder } from './client.ts';

const PREFIX = 'pglite-template-';

/** Where `npm start`'s template is kept: beside the bundled server (apps/api/dist, not in git). */
export const startTemplateFolder = path.resolve(migrationsFolder, '../dist');

/** The migrations folder's files, names and contents, as one hash. */
export function migrationsHash(folder = migrationsFolder): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(folder, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 16);
}

/** The template's file in a folder, for the migrations as they are now. */
export const templateFileIn = (dir: string): string => path.join(dir, `${PREFIX}${migrationsHash()}.tar`);

/** A fresh in-memory database, migrated and dumped. */
export async function migratedTemplate(): Promise<Blob> {
  const database = await createDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    return await database.dump!();
  } finally {
    await database.close();
  }
}

/**
 * Writes the template for the current migrations into dir (written whole, then renamed into place), and
 * removes templates of earlier migrations. Nothing is done when it is already there.
 */
export async function writeTemplate(dir: string): Promise<string> {
  const file = templateFileIn(dir);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const dump = await migratedTemplate();
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(PREFIX) && path.join(dir, name) !== file)
      fs.rmSync(path.join(dir, name), { force: true });
  }
  return file;
}

/**
 * The template to start a PGlite data folder from: only when the folder holds no database yet and a
 * template of the current migrations is in templateDir; otherwise undefined (initdb, then migrations).
 */
export function templateForNewDataDir(dataDir: string, templateDir: string): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const file = templateFileIn(templateDir);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
