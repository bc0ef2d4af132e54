import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLineGateway, LineError } from './line-gateway.ts';

// A "LINE" that accepts connections and never answers.
let server: http.Server;
let baseUrl: string;
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((_request, response) => void hanging.push(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('LINE gateway', () => {
  it('gives up on a call LINE does not answer, as a retryable failure', async () => {
    const gateway = createLineGateway(
      {
        line: {
          apiBaseUrl: baseUrl,
          dataApiBaseUrl: baseUrl,
          isSimulator: false,
          simulatorPort: 0,
          simulatorPageUrl: null,
          loginBaseUrl: baseUrl,
        },
      },
      { timeoutMs: 200 },
    );
    const started = Date.now();
    const failure = await gateway.getBotInfo({ channelId: '1', channelSecret: 's' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LineError);
    expect((failure as LineError).isRetryable).toBe(true);
    expect((failure as LineError).message).toContain('did not answer');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
