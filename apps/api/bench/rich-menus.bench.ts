// `npm run bench` (part; BENCH_ONLY=menurule): the rich menu per tag (decision 0059) over many friends, in one
// process: the API (its job runner driven here), a LINE simulator on a real port, the database. Most
// friends carry a tag; the owner saves the rule "tag → menu": time from the save to the last bulk link
// accepted by LINE, the bulk calls a second against LINE's 2,000 requests a second, and the memory. Then
// the tag is taken off every friend in one bulk action: time until every friend is unlinked again.
// Asserts nothing.
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_MENU_FRIENDS sets the number of friends (default 100,000 on PostgreSQL, 20,000 on PGlite).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { friends } from '../src/db/schema/index.ts';
import { createPng, dataUrl } from '../src/testing/images.ts';
import { startInProcessStack } from './support/in-process-stack.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const size = Number(process.env.BENCH_MENU_FRIENDS ?? (serverUrl ? 100_000 : 20_000));
const appUrl = 'http://127.0.0.1:3998';
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const stack = await startInProcessStack({ name: 'menus', appUrl });
const { app, db, sim, api } = stack;
await app.ready();
const { clientId, cookie } = await stack.signInOwner();

const { channel, accountId } = await stack.connectAccount(cookie);
const base = `/client/api/v1/line-account/${accountId}`;

// The friends, written straight into the table; the simulator knows each as a LINE user (a bulk link
// names users LINE knows).
const store = sim.lineSim.store;
for (let i = 0; i < size; i += 5000) {
  const n = Math.min(5000, size - i);
  const rows = Array.from({ length: n }, (_, k) => ({
    clientId,
    lineAccountId: accountId,
    lineUserId: `U${randomBytes(16).toString('hex')}`,
    displayName: `お客 ${i + k}`,
  }));
  for (const row of rows)
    store.users.set(row.lineUserId, {
      userId: row.lineUserId,
      displayName: row.displayName,
      pictureUrl: null,
      statusMessage: null,
      language: 'ja',
      createdAt: new Date().toISOString(),
    });
  await db.insert(friends).values(rows);
}
const menuId = (
  await api(
    'POST',
    `${base}/rich-menu`,
    {
      richMenu: {
        name: '会員メニュー',
        size: { width: 1200, height: 405 },
        selected: false,
        chatBarText: '会員',
        areas: [
          { bounds: { x: 0, y: 0, width: 1200, height: 405 }, action: { type: 'message', text: '会員' } },
        ],
      },
      image: dataUrl(createPng(1200, 405)),
    },
    cookie,
  )
).json<{ id: number; richMenuId: string }>();
const tagId = (await api('POST', `${base}/tags`, { name: '会員' }, cookie)).json<{ id: number }>().id;
// about three friends in four: those whose number holds an even digit
const everyone = { isMemberServiceUser: false, isShiftServiceUser: false, includeNonMembers: true };
for (const digit of ['0', '2', '4', '6', '8'])
  await api(
    'POST',
    `${base}/friend-tags`,
    {
      action: 'add',
      tagIds: [tagId],
      conditions: { ...everyone, search: digit },
    },
    cookie,
  );
while ((await app.jobs.runDue(50)) > 0); // the tag events (no rule yet: nothing to link)

const linkedCount = () => {
  let n = 0;
  for (const [key, id] of store.userRichMenus)
    if (id === menuId.richMenuId && key.includes(channel.channelId)) n++;
  return n;
};
const tagged = (await api('GET', `${base}/tags`, undefined, cookie))
  .json<{ tags: { id: number; friendCount: number }[] }>()
  .tags.find((t) => t.id === tagId)!.friendCount;

console.log(
  `Rich menu per tag bench (${serverUrl ? 'PostgreSQL' : 'PGlite'}; API, job runner and LINE simulator in one process; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}; ${new Date().toISOString()})`,
);
const before = process.memoryUsage();
let peakRss = before.rss;
const drain = async () => {
  while ((await app.jobs.runDue(5)) > 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
let started = performance.now();
await api('PUT', `${base}/rich-menu-rules`, { rules: [{ richMenuId: menuId.id, tagId }] }, cookie);
await drain();
let seconds = (performance.now() - started) / 1000;
const linked = linkedCount();
console.log(
  `  save "tag → menu" over ${size.toLocaleString()} friends (${tagged.toLocaleString()} tagged): ${linked.toLocaleString()} linked at LINE after ${seconds.toFixed(2)} s, ${Math.ceil(linked / 500)} bulk calls (${(Math.ceil(linked / 500) / seconds).toFixed(0)}/s; LINE allows 2,000/s) [${linked === tagged ? 'met' : 'MISSED'}] (target: every tagged friend linked)`,
);

started = performance.now();
await api('POST', `${base}/friend-tags`, { action: 'remove', tagIds: [tagId], conditions: everyone }, cookie);
await drain();
seconds = (performance.now() - started) / 1000;
const left = linkedCount();
const after = process.memoryUsage();
console.log(
  `  the tag taken off every friend (FRIEND_TAG_REMOVED): ${left.toLocaleString()} still linked after ${seconds.toFixed(2)} s [${left === 0 ? 'met' : 'MISSED'}] (target: 0)`,
);
console.log(
  `  memory: rss ${mb(before.rss)} -> ${mb(after.rss)} (peak ${mb(peakRss)}), heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} (the simulator's state is in the same heap)`,
);
await stack.close();
