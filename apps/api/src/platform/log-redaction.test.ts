import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { censorSecrets, serializeRequest } from './log-redaction.ts';

describe('censorSecrets', () => {
  it('replaces sensitive keys of any case down to four levels, and leaves deeper ones', () => {
    const input = {
      password: 'p0',
      job: { Authorization: 'Bearer t1', list: [{ channelSecret: 's2' }, { ok: 1 }] },
      a: { b: { c: { token: 't3' } } },
      d: { e: { f: { g: { token: 'deeper' } } } },
    };
    expect(censorSecrets(input)).toEqual({
      password: '[redacted]',
      job: { Authorization: '[redacted]', list: [{ channelSecret: '[redacted]' }, { ok: 1 }] },
      a: { b: { c: { token: '[redacted]' } } },
      d: { e: { f: { g: { token: 'deeper' } } } },
    });
  });

  it('copies on write: the caller keeps its values, and a clean object is returned as it is', () => {
    const clean = { a: { b: [1, 2] }, c: 'x' };
    expect(censorSecrets(clean)).toBe(clean);
    const job = { payload: { params: ['v1'] }, other: { n: 1 } };
    const out = censorSecrets(job);
    expect(out.payload).toEqual({ params: '[redacted]' });
    expect(out.other).toBe(job.other);
    expect(job.payload.params).toEqual(['v1']);
  });

  it('leaves class instances to their serializers', () => {
    const error = Object.assign(new Error('boom'), { params: ['v'] });
    const date = new Date(0);
    const out = censorSecrets({ err: error, at: date });
    expect(out.err).toBe(error);
    expect(out.at).toBe(date);
  });
});

describe('the request serializer', () => {
  it("censors the URL's token and code values", () => {
    const req = {
      method: 'GET',
      url: '/password/reset/confirm?token=abc123&next=/x&code=99',
      host: 'app.test',
      ip: '127.0.0.1',
      headers: { cookie: 'sid=secret' },
      socket: { remotePort: 5555 },
    };
    expect(serializeRequest(req)).toEqual({
      method: 'GET',
      url: '/password/reset/confirm?token=[redacted]&next=/x&code=[redacted]',
      version: undefined,
      host: 'app.test',
      remoteAddress: '127.0.0.1',
      remotePort: 5555,
    });
  });
});

describe('a pino logger with the censor as its formatter', () => {
  it('writes no secret of a line', () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const log = pino({ formatters: { log: censorSecrets, bindings: censorSecrets } }, stream);
    log.info({ user: { passwordHash: 'h4sh' }, job: { accessToken: 'job-secret' } }, 'hello');
    const written = lines.join('');
    expect(written).toContain('"msg":"hello"');
    expect(written).not.toContain('job-secret');
    expect(written).not.toContain('h4sh');
    expect(written.match(/\[redacted\]/g)).toHaveLength(2);
  });
});
