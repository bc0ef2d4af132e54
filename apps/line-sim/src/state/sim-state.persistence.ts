import fs from 'node:fs';
import path from 'node:path';
import type { SimStateStore, StoredRichMenu } from './sim-state.store.ts';

/** Bump when the snapshot's shape changes; an older file is then ignored rather than misread. */
const SNAPSHOT_VERSION = 1;

type StoredImage = { contentType: string; data: string; width: number; height: number };

/**
 * What survives a restart: accounts, users, friendships, tokens, rich menus, LIFF apps and the history
 * (sent messages count against the monthly quota). Reply tokens, login tokens and faults are
 * short-lived by nature and start empty.
 */
export type SimSnapshot = {
  version: number;
  channels: [string, unknown][];
  loginChannels: [string, unknown][];
  users: [string, unknown][];
  friendships: [string, unknown][];
  channelTokens: [string, unknown][];
  retryKeys: [string, unknown][];
  sent: unknown[];
  timeline: unknown[];
  deliveries: unknown[];
  richMenus: [string, Omit<StoredRichMenu, 'image'> & { image: StoredImage | null }][];
  richMenuAliases: [string, [string, string][]][];
  defaultRichMenus: [string, string][];
  userRichMenus: [string, string][];
  liffApps: [string, unknown][];
  /** Groups and rooms (absent in older snapshots). */
  groups?: [string, unknown][];
};

export const snapshotOf = (store: SimStateStore): SimSnapshot => {
  const now = Date.now();
  return {
    version: SNAPSHOT_VERSION,
    channels: [...store.channels],
    loginChannels: [...store.loginChannels],
    users: [...store.users],
    friendships: [...store.friendships],
    channelTokens: [...store.channelTokens].filter(([, t]) => t.expiresAt === null || t.expiresAt > now),
    retryKeys: [...store.retryKeys],
    sent: store.sent,
    timeline: store.timeline,
    deliveries: store.deliveries,
    richMenus: [...store.richMenus].map(([id, menu]) => [
      id,
      { ...menu, image: menu.image ? { ...menu.image, data: menu.image.data.toString('base64') } : null },
    ]),
    richMenuAliases: [...store.richMenuAliases].map(([channelId, aliases]) => [channelId, [...aliases]]),
    defaultRichMenus: [...store.defaultRichMenus],
    userRichMenus: [...store.userRichMenus],
    liffApps: [...store.liffApps],
    groups: [...store.groups],
  };
};

/** Replaces the store's content with a snapshot (the store is the only writer of its own types). */
export const restoreSnapshot = (store: SimStateStore, snapshot: SimSnapshot) => {
  store.clear();
  const fill = <V>(map: Map<string, V>, entries: [string, unknown][]) => {
    for (const [key, value] of entries) map.set(key, value as V);
  };
  fill(store.channels, snapshot.channels);
  fill(store.loginChannels, snapshot.loginChannels);
  fill(store.users, snapshot.users);
  fill(store.friendships, snapshot.friendships);
  fill(store.channelTokens, snapshot.channelTokens);
  fill(store.retryKeys, snapshot.retryKeys);
  fill(store.groups, snapshot.groups ?? []);
  store.sent.push(...(snapshot.sent as SimStateStore['sent']));
  store.timeline.push(...(snapshot.timeline as SimStateStore['timeline']));
  store.deliveries.push(...(snapshot.deliveries as SimStateStore['deliveries']));
  for (const [id, menu] of snapshot.richMenus) {
    store.richMenus.set(id, {
      ...menu,
      image: menu.image ? { ...menu.image, data: Buffer.from(menu.image.data, 'base64') } : null,
    });
  }
  for (const [channelId, aliases] of snapshot.richMenuAliases) {
    store.richMenuAliases.set(channelId, new Map(aliases));
  }
  fill(store.defaultRichMenus, snapshot.defaultRichMenus);
  fill(store.userRichMenus, snapshot.userRichMenus);
  fill(store.liffApps, snapshot.liffApps);
};

/** The saved snapshot, or undefined when there is none (first start) or it is of another version. */
export const readSnapshotFile = (file: string): SimSnapshot | undefined => {
  if (!fs.existsSync(file)) return undefined;
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as SimSnapshot;
  return parsed.version === SNAPSHOT_VERSION ? parsed : undefined;
};

/** Written to a temporary file and renamed, so a crash mid-write never leaves half a file. */
export const writeSnapshotFile = (file: string, store: SimStateStore) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(snapshotOf(store)));
  fs.renameSync(temporary, file);
};
