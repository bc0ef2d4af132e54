import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';
import { oauthError } from '../http/line-errors.ts';
import type { LoginChannel, SimUser } from '../state/sim-state.store.ts';

export const lineIssuer = 'https://access.line.me';

export type IdTokenClaims = {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  nonce?: string;
  amr: string[];
  name: string;
  picture?: string;
};

/** LINE signs LIFF/LINE Login ID tokens with HS256 and the login channel's secret. */
export const signIdToken = async (input: {
  channel: LoginChannel;
  user: SimUser;
  pictureUrl: string | null;
  nonce?: string;
  lifetimeSeconds?: number;
}) => {
  const { channel, user, pictureUrl, nonce } = input;
  const claims: Record<string, unknown> = { amr: ['linesso'], name: user.displayName };
  if (pictureUrl) claims.picture = pictureUrl;
  if (nonce) claims.nonce = nonce;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(lineIssuer)
    .setSubject(user.userId)
    .setAudience(channel.channelId)
    .setIssuedAt(now)
    .setExpirationTime(now + (input.lifetimeSeconds ?? 3600))
    .sign(new TextEncoder().encode(channel.channelSecret));
};

const invalid = (description: string) => oauthError(400, 'invalid_request', description);

/** POST /oauth2/v2.1/verify: the answers LINE gives, 200 with the claims or 400 with a reason. */
export const verifyIdToken = async (input: {
  idToken: string;
  clientId: string;
  findChannel: (clientId: string) => LoginChannel | undefined;
  nonce?: string;
  userId?: string;
}): Promise<IdTokenClaims> => {
  let unverified: ReturnType<typeof decodeJwt>;
  try {
    unverified = decodeJwt(input.idToken);
  } catch {
    throw invalid('Invalid IdToken.');
  }
  const audience = Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud];
  if (!audience.includes(input.clientId)) throw invalid('Invalid IdToken Audience.');
  const channel = input.findChannel(input.clientId);
  if (!channel) throw invalid('Invalid IdToken.');
  let claims: IdTokenClaims;
  try {
    const result = await jwtVerify(input.idToken, new TextEncoder().encode(channel.channelSecret), {
      algorithms: ['HS256'],
    });
    claims = result.payload as unknown as IdTokenClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalid('IdToken expired.');
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw invalid('Invalid IdToken Signature.');
    }
    throw invalid('Invalid IdToken.');
  }
  if (claims.iss !== lineIssuer) throw invalid('Invalid IdToken Issuer.');
  if (input.nonce !== undefined && claims.nonce !== input.nonce) throw invalid('Invalid IdToken Nonce.');
  if (input.userId !== undefined && claims.sub !== input.userId) {
    throw invalid('Invalid IdToken Subject Identifier.');
  }
  return claims;
};
