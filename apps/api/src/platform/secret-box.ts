import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env.ts';

const VERSION = 'v1';
const KEY_BYTES = 32;

export type SecretBox = {
  /** AES-256-GCM; the result is `v1:<iv>:<tag>:<ciphertext>` in base64url, safe to store. */
  seal: (plain: string) => string;
  open: (sealed: string) => string;
};

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The encryption key must be ${KEY_BYTES} bytes`);
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open: (sealed) => {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The key: ENCRYPTION_KEY (base64, 32 bytes), or for development a key generated once into
 * `${dataDir}/secret.key` (mode 0600). Losing that file makes stored channel secrets unreadable.
 */
export function loadEncryptionKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  if (config.encryptionKey) {
    const key = Buffer.from(config.encryptionKey, 'base64');
    if (key.length !== KEY_BYTES) throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  const file = path.join(config.dataDir, 'secret.key');
  if (fs.existsSync(file))
    return loadEncryptionKey({ ...config, encryptionKey: fs.readFileSync(file, 'utf8').trim() });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': of two processes starting together, one writes and the other reads what it wrote.
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadEncryptionKey(config);
  }
}

const boxes = new WeakMap<Config, SecretBox>();

/** One box per app configuration (the key is read once). */
export function secretBoxFor(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(loadEncryptionKey(config));
    boxes.set(config, box);
  }
  return box;
}

const derivedKeys = new WeakMap<Config, Map<string, Buffer>>();

/**
 * A key for one purpose (e.g. signing a value the browser carries), derived from the encryption key with
 * HKDF-SHA256: no second secret to configure, and no purpose's key reveals another's or the sealing key.
 */
export function derivedKeyFor(config: Config, purpose: string): Buffer {
  let keys = derivedKeys.get(config);
  if (!keys) {
    keys = new Map();
    derivedKeys.set(config, keys);
  }
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', loadEncryptionKey(config), Buffer.alloc(0), purpose, KEY_BYTES));
    keys.set(purpose, key);
  }
  return key;
}
