// A stand-in for LINE's API while the bench runs (one HTTP round trip, as with LINE): the profile of any
// user, the LIFF ID token check answering as `liffUser`, and an empty success for anything else (pushes
// the server's jobs may send). Served from the bench's process on its own port.
import { createServer, type Server } from 'node:http';

export type LineStub = { url: string; liffUser: { sub: string; aud: string }; close: () => Promise<void> };

export async function startLineStub(): Promise<LineStub> {
  const liffUser = { sub: '', aud: '' };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      const url = request.url ?? '';
      if (url.startsWith('/v2/bot/profile/')) {
        const userId = url.slice('/v2/bot/profile/'.length);
        response.end(JSON.stringify({ userId, displayName: 'ベンチ利用者', language: 'ja' }));
      } else if (url.startsWith('/oauth2/v2.1/verify')) {
        response.end(JSON.stringify({ ...liffUser, exp: 4102444800 }));
      } else {
        response.end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    liffUser,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
