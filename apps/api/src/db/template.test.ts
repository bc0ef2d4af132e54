import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrationsFolder } from './client.ts';
import { migrationsHash, templateFileIn, templateForNewDataDir, writeTemplate } from './template.ts';

// The migrated PGlite template a first `npm start` loads (issue 31's cold start). PGlite only: the
// PostgreSQL run has nothing to load it into.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'template-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const journalEntries = (): number =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('migrationsHash', () => {
  it('changes with a migration file and only then', () => {
    const copy = path.join(scratch, 'drizzle');
    fs.cpSync(migrationsFolder, copy, { recursive: true });
    const before = migrationsHash(copy);
    expect(migrationsHash(copy)).toBe(before);
    expect(before).toBe(migrationsHash());
    const first = fs.readdirSync(copy).find((name) => name.endsWith('.sql'))!;
    fs.appendFileSync(path.join(copy, first), '\n-- edited\n');
    expect(migrationsHash(copy)).not.toBe(before);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('the template of a new PGlite data folder', () => {
  const templates = path.join(scratch, 'dist');

  it('is written once for the current migrations, and replaces a template of earlier ones', async () => {
    fs.mkdirSync(templates, { recursive: true });
    fs.writeFileSync(path.join(templates, 'pglite-template-0000000000000000.tar'), 'earlier migrations');
    const file = await writeTemplate(templates);
    expect(file).toBe(templateFileIn(templates));
    expect(fs.readdirSync(templates)).toEqual([path.basename(file)]);
    const written = fs.statSync(file).mtimeMs;
    expect(await writeTemplate(templates)).toBe(file);
    expect(fs.statSync(file).mtimeMs).toBe(written); // already there: not written again
  }, 120_000);

  it('starts an empty data folder migrated, kept on disk; a folder with a database is left to itself', async () => {
    const dataDir = path.join(scratch, 'data', 'pglite');
    const template = templateForNewDataDir(dataDir, templates);
    expect(template).toBeInstanceOf(Blob);

    const fresh = await createDatabase({ kind: 'pglite', dataDir, template: template! });
    const applied = await fresh.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied as { rows: { n: number }[] }).rows).toEqual([{ n: journalEntries() }]);
    await fresh.migrate(); // nothing left to apply
    await fresh.db.execute(sql`create table template_probe (name text)`);
    await fresh.db.execute(sql`insert into template_probe values ('テンプレート')`);
    await fresh.close();

    expect(templateForNewDataDir(dataDir, templates)).toBeUndefined();
    const again = await createDatabase({ kind: 'pglite', dataDir });
    const kept = await again.db.execute(sql`select name from template_probe`);
    expect((kept as { rows: unknown[] }).rows).toEqual([{ name: 'テンプレート' }]);
    await again.close();

    // no template of the current migrations in the folder: initdb and the migrations, as before
    expect(templateForNewDataDir(path.join(scratch, 'other', 'pglite'), scratch)).toBeUndefined();
  }, 120_000);
});
