// What the notification tests share (notifications.test.ts, notifications-settings.test.ts): the app on
// the LINE simulator, two clients, an account of each with friends (the shop's manager and helper on
// ours, a guest on theirs), made once per file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { friends } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

export const C = '/client/api/v1';
export let sim: LineSim;
export let t: LineTestApp;
export let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
export let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
export let channel: SimChannel;
export let accountId: number;
export let otherAccountId: number;
/** The shop manager on LINE (a friend of the account) and a second recipient. */
export let manager: { userId: string; friendId: number };
export let helper: { userId: string; friendId: number };
export let otherFriendId: number;

export const base = () => `${C}/line-account/${accountId}/notification`;

export async function drain() {
  for (let i = 0; i < 10; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

export async function follow(displayName: string, ch: SimChannel = channel) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${ch.channelId}`);
  await drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

/** Starts the simulator and the app and makes the clients, accounts and friends before the file's tests. */
export function useNotificationsTestApp() {
  beforeAll(async () => {
    sim = await startLineSim();
    t = await createLineTestApp(sim);
    a = await t.clientWithUsers();
    b = await t.clientWithUsers();
    channel = await sim.createChannel({ displayName: '京都茶房' });
    accountId = (
      await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
    ).json<{ id: number }>().id;
    const otherChannel = await sim.createChannel({ displayName: '大阪食堂' });
    otherAccountId = (
      await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(otherChannel) })
    ).json<{ id: number }>().id;
    manager = await follow('店長 山本');
    helper = await follow('副店長 佐々木');
    otherFriendId = (await follow('他店の客', otherChannel)).friendId;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
}
