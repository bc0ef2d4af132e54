import type { Config } from '../../config/env.ts';

/** The claims of a verified LINE Login ID token (LIFF) that the product uses. */
export type LiffIdentity = {
  /** The LINE user id (U...). */
  userId: string;
  displayName: string | null;
  pictureUrl: string | null;
  /** The LINE Login channel the token was issued for. */
  channelId: string;
  expiresAt: Date;
};

export type IdTokenResult = { ok: true; identity: LiffIdentity } | { ok: false; reason: string };

/**
 * Verify a LIFF ID token with LINE's verify endpoint (POST {apiBaseUrl}/oauth2/v2.1/verify), real or
 * simulated. The server trusts the user id only from here, never from the page.
 * A refused token answers ok false; LINE being unreachable throws.
 */
export async function verifyLiffIdToken(
  config: Pick<Config, 'line'>,
  input: { idToken: string; channelId: string; nonce?: string },
): Promise<IdTokenResult> {
  const form = new URLSearchParams({ id_token: input.idToken, client_id: input.channelId });
  if (input.nonce) form.set('nonce', input.nonce);
  const response = await fetch(`${config.line.apiBaseUrl}/oauth2/v2.1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500) throw new Error(`LINE ID token verify answered ${response.status}`);
  if (!response.ok || typeof body.sub !== 'string') {
    const reason = typeof body.error_description === 'string' ? body.error_description : 'Invalid ID token';
    return { ok: false, reason };
  }
  return {
    ok: true,
    identity: {
      userId: body.sub,
      displayName: typeof body.name === 'string' ? body.name : null,
      pictureUrl: typeof body.picture === 'string' ? body.picture : null,
      channelId: typeof body.aud === 'string' ? body.aud : input.channelId,
      expiresAt: new Date((typeof body.exp === 'number' ? body.exp : 0) * 1000),
    },
  };
}

export type LoginCodeResult = { ok: true; idToken: string } | { ok: false; reason: string };

/**
 * LINE Login's web flow, second half: exchange the code the authorize screen gave for the user's ID
 * token (POST {apiBaseUrl}/oauth2/v2.1/token, grant_type=authorization_code), real or simulated. The
 * channel secret goes to LINE only: never logged, never in an answer. A code LINE refuses (used, expired,
 * another redirect URI) answers ok false; LINE being unreachable throws.
 */
export async function exchangeLoginCode(
  config: Pick<Config, 'line'>,
  input: { code: string; redirectUri: string; channelId: string; channelSecret: string },
): Promise<LoginCodeResult> {
  const response = await fetch(`${config.line.apiBaseUrl}/oauth2/v2.1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: input.channelId,
      client_secret: input.channelSecret,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500 || response.status === 429)
    throw new Error(`LINE token endpoint answered ${response.status}`);
  if (!response.ok || typeof body.id_token !== 'string') {
    const reason = typeof body.error_description === 'string' ? body.error_description : 'Invalid code';
    return { ok: false, reason };
  }
  return { ok: true, idToken: body.id_token };
}
