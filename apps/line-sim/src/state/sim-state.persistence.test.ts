import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPng } from '../testing/png.fixture.ts';
import { startSimulator, type SimHarness } from '../testing/sim-test.harness.ts';

const folders: string[] = [];
const running: SimHarness[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const stateFileIn = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'line-sim-state-'));
  folders.push(folder);
  return path.join(folder, 'line-sim', 'state.json');
};
const start = async (stateFile: string) => {
  const sim = await startSimulator({ stateFile });
  running.push(sim);
  return sim;
};

describe('state kept in a file', () => {
  it('restores channels, users, friendships, LIFF apps, rich menus and history after a restart', async () => {
    const stateFile = stateFileIn();
    const first = await start(stateFile);
    const channel = await first.createChannel({ displayName: '保存テスト店' });
    const friend = await first.createUser('保存 花子');
    const blocker = await first.consoleCall<{ userId: string }>('POST', '/_sim/users', {
      displayName: '保存 次郎',
      blockedOf: [channel.channelId],
    });
    await first.consoleCall('POST', `/_sim/users/${friend.userId}/follow/${channel.channelId}`);
    const liffApp = await first.consoleCall<{ liffId: string }>(
      'POST',
      `/_sim/channels/${channel.channelId}/liff-apps`,
      { view: { type: 'full', url: 'http://localhost:5173/mini/member' }, description: '会員証' },
    );
    const { client, blob } = await first.messagingClients(channel);
    await client.pushMessage({ to: friend.userId, messages: [{ type: 'text', text: 'ようこそ' }] });
    const { richMenuId } = await client.createRichMenu({
      size: { width: 2500, height: 843 },
      selected: false,
      name: 'メニュー',
      chatBarText: 'メニュー',
      areas: [{ bounds: { x: 0, y: 0, width: 2500, height: 843 }, action: { type: 'message', text: 'a' } }],
    });
    await blob.setRichMenuImage(richMenuId, new Blob([createPng(2500, 843)], { type: 'image/png' }));
    await client.setDefaultRichMenu(richMenuId);
    await first.close();
    running.splice(running.indexOf(first), 1);
    expect(fs.existsSync(stateFile)).toBe(true);

    const second = await start(stateFile);
    const restored = await second.consoleCall<{ channelSecret: string; friendCount: number }>(
      'GET',
      `/_sim/channels/${channel.channelId}`,
    );
    expect(restored).toMatchObject({ channelSecret: channel.channelSecret, friendCount: 1 });
    const users = await second.consoleCall<{
      users: { userId: string; friendships: { channelId: string; state: string }[] }[];
    }>('GET', '/_sim/users');
    expect(users.users.find((u) => u.userId === friend.userId)?.friendships).toEqual([
      { channelId: channel.channelId, state: 'friend' },
    ]);
    expect(users.users.find((u) => u.userId === blocker.userId)?.friendships).toEqual([
      { channelId: channel.channelId, state: 'blocked' },
    ]);
    const liffApps = await second.consoleCall<{ apps: { liffId: string }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/liff-apps`,
    );
    expect(liffApps.apps.map((a) => a.liffId)).toEqual([liffApp.liffId]);
    const sent = await second.consoleCall<{ sent: { to: string[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    expect(sent.sent.map((s) => s.to)).toEqual([[friend.userId]]);
    const menus = await second.consoleCall<{ defaultRichMenuId: string; richMenus: { hasImage: boolean }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/richmenus`,
    );
    expect(menus.defaultRichMenuId).toBe(richMenuId);
    expect(menus.richMenus).toEqual([expect.objectContaining({ hasImage: true })]);
    const image = await fetch(`${second.baseUrl}/_sim/richmenus/${richMenuId}/image`);
    expect(Buffer.from(await image.arrayBuffer()).equals(createPng(2500, 843))).toBe(true);

    // The restored channel still works: its secret issues a token and a push reaches the friend.
    const again = await second.messagingClients(channel);
    await again.client.pushMessage({ to: friend.userId, messages: [{ type: 'text', text: '再開' }] });
    const after = await second.consoleCall<{ sent: { deliveredTo: string[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    expect(after.sent.at(-1)?.deliveredTo).toEqual([friend.userId]);
    // Two simulators started and closed with real files: seconds on a loaded machine, not five.
  }, 30_000);

  it('writes a change shortly after it, without waiting for the close', async () => {
    const stateFile = stateFileIn();
    const sim = await start(stateFile);
    const channel = await sim.createChannel({ displayName: '即時保存店' });
    await expect
      .poll(() => (fs.existsSync(stateFile) ? fs.readFileSync(stateFile, 'utf8') : ''), { timeout: 3000 })
      .toContain(channel.channelId);
  });

  it('starts empty when there is no file yet, and writes none before a change', async () => {
    const stateFile = stateFileIn();
    const sim = await start(stateFile);
    expect((await sim.consoleCall<{ channels: unknown[] }>('GET', '/_sim/channels')).channels).toEqual([]);
    expect(fs.existsSync(stateFile)).toBe(false);
  });
});
