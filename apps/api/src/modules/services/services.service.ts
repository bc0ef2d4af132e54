import {
  findServiceDefinition,
  lineAccountMessages,
  liffAppMessages,
  serviceCatalogue,
  type LiffAppInfo,
  serviceMessages,
  type LineAccountService,
  type linkServiceBodySchema,
  type Service,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lineGatewayFor } from '../../platform/line/line-gateway.ts';
import {
  channelsOf,
  findLineAccountById,
  getLineAccountRowOrThrow,
  lineFailure,
} from '../line-accounts/index.ts';
import { toServiceView } from './service-links.ts';
import {
  findServiceLink,
  findStoreOfLink,
  insertServiceLink,
  insertStore,
  updateServiceLink,
  updateStore,
} from './services.repository.ts';

type Ctx = { ctx: ServiceContext };

const toServiceCatalogueView = (s: (typeof serviceCatalogue)[number]): Service => ({
  code: s.code,
  name: s.name,
  label: s.label,
  isPublished: s.isPublished,
  features: [...s.features],
});

export async function listServices(): Promise<{ data: Service[] }> {
  return { data: serviceCatalogue.map(toServiceCatalogueView) };
}

export async function getService({ input }: { input: { serviceCode: string } }): Promise<Service> {
  const service = findServiceDefinition(input.serviceCode);
  if (!service) throw notFound(serviceMessages.notFound);
  return toServiceCatalogueView(service);
}

type LinkInput = { lineAccountId: number } & z.output<typeof linkServiceBodySchema>;

/**
 * Link a service to a LINE account: its LIFF app is registered at LINE on the account's LINE Login
 * channel (the mini-app page of the service, with ?lineAccountId=), then the link (keeping the liffId)
 * and its store are written together. Relinking an INACTIVE link revives it with its LIFF app and store.
 */
export async function linkService({ ctx, input }: Ctx & { input: LinkInput }): Promise<LineAccountService> {
  const clientId = requireClientId(ctx);
  // The body names the client too: any other than the request's own is somebody else's account.
  if (input.clientId !== clientId) throw notFound(lineAccountMessages.notFound);
  const account = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  if (account.status !== 'ACTIVE') throw badRequest(lineAccountMessages.inactive);
  const definition = findServiceDefinition(input.serviceCode);
  if (!definition) throw notFound(serviceMessages.notFound);
  const scope = { clientId, lineAccountId: account.id };
  const existing = await findServiceLink(ctx.db, scope, definition.code);
  if (existing?.status === 'ACTIVE') throw conflict(serviceMessages.alreadyLinked);
  const { login } = channelsOf(ctx, account);
  if (!login) throw badRequest(serviceMessages.noLoginChannel);

  const line = lineGatewayFor(ctx.config);
  let liffId = existing?.liffId ?? null;
  const isNewLiffApp = !liffId;
  if (!liffId) {
    try {
      liffId = await line.addLiffApp(login, {
        view: { type: 'full', url: `${ctx.config.appUrl}${definition.liffPath}?lineAccountId=${account.id}` },
        description: definition.label,
        scope: ['openid', 'profile', 'chat_message.write'],
        botPrompt: 'aggressive',
      });
    } catch (error) {
      throw lineFailure(error, lineAccountMessages.invalidLoginChannel);
    }
  }

  try {
    return await inTransaction(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const link = existing
        ? await updateServiceLink(tx, scope, existing.id, { status: 'ACTIVE', liffId, updatedAt: now })
        : await insertServiceLink(tx, { ...scope, serviceCode: definition.code, liffId });
      const store = await findStoreOfLink(tx, clientId, link.id);
      const storeId = store
        ? (await updateStore(tx, clientId, store.id, { status: 'ACTIVE', updatedAt: now }), store.id)
        : (
            await insertStore(tx, {
              ...scope,
              lineAccountServiceId: link.id,
              serviceCode: definition.code,
              name: `${account.displayName} ${definition.label}`.slice(0, 100),
              status: 'ACTIVE',
            })
          ).id;
      return toServiceView({ ...link, storeId });
    });
  } catch (error) {
    // Leave no orphan LIFF app at LINE when the link could not be written.
    if (isNewLiffApp && liffId) {
      await line.deleteLiffApp(login, liffId).catch((cleanup: unknown) => {
        ctx.log.warn({ err: cleanup, lineAccountId: account.id }, 'LIFF app left at LINE');
      });
    }
    throw error;
  }
}

/** The LINE simulator: the default, or LINE's base URL on this machine (tests and e2e point it there). */
const isLineSimulator = (line: { isSimulator: boolean; apiBaseUrl: string }) =>
  line.isSimulator || /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(line.apiBaseUrl);

/**
 * What a mini-app page needs before LIFF starts (public): the LIFF app and store of the account's
 * ACTIVE link of the service, and the account's branding. Anything else answers 404 alike.
 */
export async function getLiffAppInfo({
  ctx,
  input,
}: Ctx & { input: { lineAccountId: number; serviceName: 'member' | 'shift' } }): Promise<LiffAppInfo> {
  const definition = serviceCatalogue.find((s) => s.name === input.serviceName);
  const account = await findLineAccountById(ctx, input.lineAccountId);
  if (!definition || !account || account.status !== 'ACTIVE') throw notFound(liffAppMessages.notFound);
  const scope = { clientId: account.clientId, lineAccountId: account.id };
  const link = await findServiceLink(ctx.db, scope, definition.code);
  const store = link ? await findStoreOfLink(ctx.db, account.clientId, link.id) : undefined;
  if (!link || link.status !== 'ACTIVE' || !link.liffId || !store || store.status !== 'ACTIVE')
    throw notFound(liffAppMessages.notFound);
  return {
    lineAccountId: account.id,
    serviceCode: definition.code,
    liffId: link.liffId,
    storeId: store.id,
    lineMode: isLineSimulator(ctx.config.line) ? 'simulator' : 'line',
    branding: {
      displayName: account.displayName,
      title: account.title,
      mainColor: account.mainColor,
      logoUrl: account.logoUrl,
      pictureUrl: account.pictureUrl,
      basicId: account.basicId,
      friendUrl: account.friendUrl,
    },
  };
}
