/** Bundles apps/<app>/src/main.ts into apps/<app>/dist/main.mjs when its sources changed; answers that path. */
export function bundleServer(root: string, app: string): Promise<string>;
/** The servers `npm start` runs. */
export const servers: readonly string[];
/** Bundles every server that needs it. */
export function bundleServers(root: string): Promise<void>;
