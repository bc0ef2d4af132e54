import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedTemplate } from '../db/template.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Once per run: a migrated PGlite data folder dumped to a file. Each test file starts its own database
 * from it, which skips initdb and the migrations (most of a test file's start-up time).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dump = await migratedTemplate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
