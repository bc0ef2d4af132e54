// `node apps/api/dist/db-template.mjs [dir]` (run by scripts/bundle-servers.mjs after bundling the API):
// writes the migrated PGlite template a first `npm start` loads (db/template.ts), unless it is there.
import { startTemplateFolder, writeTemplate } from './template.ts';

await writeTemplate(process.argv[2] ?? startTemplateFolder);
