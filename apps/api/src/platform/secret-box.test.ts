import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadEncryptionKey } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 1));

  it('seals and opens; the same secret seals differently each time', () => {
    const sealed = box.seal('0123456789abcdef0123456789abcdef');
    expect(sealed).not.toContain('0123456789abcdef');
    expect(box.open(sealed)).toBe('0123456789abcdef0123456789abcdef');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('xxxxxx').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
  });

  it('takes ENCRYPTION_KEY (32 bytes base64), or generates one file once (mode 0600)', () => {
    expect(() => loadEncryptionKey({ encryptionKey: 'c2hvcnQ=', dataDir: '/nonexistent' })).toThrow(
      /32 bytes/,
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    const first = loadEncryptionKey({ encryptionKey: undefined, dataDir });
    const second = loadEncryptionKey({ encryptionKey: undefined, dataDir });
    expect(first.equals(second)).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
