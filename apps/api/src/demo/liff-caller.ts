import type { LiffApp } from '@app/contracts';
import { liffDirectory } from '../composition.ts';
import type { ServiceContext } from '../platform/context.ts';
import { identifyLiffCaller } from '../platform/liff.ts';

/**
 * The context of a mini-app call by a LINE user of the simulator, identified by their LIFF ID token
 * exactly as the mini-app routes' access check does it.
 */
export async function asLiffCaller(
  ctx: ServiceContext,
  app: LiffApp,
  storeId: number,
  idToken: string,
): Promise<ServiceContext> {
  const liff = await identifyLiffCaller(ctx, liffDirectory, {
    app,
    storeId,
    authorization: `Bearer ${idToken}`,
  });
  return { ...ctx, liff };
}
