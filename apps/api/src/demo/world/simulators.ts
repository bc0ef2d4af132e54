import type { FastifyBaseLogger } from 'fastify';

export type SimChannelView = {
  channelId: string;
  channelSecret: string;
  loginChannel: { channelId: string; channelSecret: string };
};
export type SimUserView = { userId: string; displayName: string; pictureUrl: string; language: string };

/**
 * The simulator started beside the API (npm start runs both at once) may still be starting: wait for
 * it a little, and leave the LINE part for the next start if it never answers.
 */
export async function waitForSimulator(
  baseUrl: string,
  log: FastifyBaseLogger,
  name = 'LINE simulator',
): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/_sim/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  log.warn({ baseUrl }, `${name} not reachable: its part of the demo is left for the next start`);
  return false;
}

export async function simulatorCall<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`LINE simulator ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A demo friend's LINE user id at the simulator, when they still follow the account. */
export async function lineUserIdOf(simBaseUrl: string, displayName: string): Promise<string | undefined> {
  const response = await fetch(`${simBaseUrl}/_sim/users`);
  const { users } = (await response.json()) as {
    users: { userId: string; displayName: string; friendships: { state: string }[] }[];
  };
  const user = users.find((u) => u.displayName === displayName);
  return user?.friendships.some((f) => f.state === 'friend') ? user.userId : undefined;
}
