import { createAnnouncementBodySchema } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { createAnnouncement, listAnnouncements } from '../../modules/announcements/index.ts';
import { demoAnnouncements } from '../demo-content.ts';
import { DAY_MS } from './clock.ts';

/** One announcement in each status: draft, scheduled, published and archived. */
export async function seedAnnouncements(ctx: ServiceContext): Promise<void> {
  const existing = await listAnnouncements({ ctx, input: { page: 1, limit: 1 } });
  if (existing.pagination.totalItems > 0) return;
  const now = ctx.clock.now().getTime();
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  for (const a of demoAnnouncements) {
    await createAnnouncement({
      ctx,
      input: createAnnouncementBodySchema.parse({
        title: a.title,
        content: a.content,
        type: a.type,
        ...(a.publishInDays !== null ? { publishAt: at(a.publishInDays) } : {}),
        ...(a.archiveInDays !== null ? { archiveAt: at(a.archiveInDays) } : {}),
      }),
    });
  }
}
