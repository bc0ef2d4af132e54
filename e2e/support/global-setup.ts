import path from 'node:path';
import { bundleServers } from '../../scripts/bundle-servers.mjs';

/** Once a run: the servers' bundles, made as `npm start` makes them, so the journeys run what it runs. */
export default async function setup(): Promise<void> {
  await bundleServers(path.resolve(import.meta.dirname, '../..'));
}
