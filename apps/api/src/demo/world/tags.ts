import type { SearchFriendsFilter } from '@app/contracts';
import { friendDirectories } from '../../composition.ts';
import { createTag, createTagFolder, listTags, tagFriends } from '../../modules/friends/index.ts';
import type { ServiceContext } from '../../platform/context.ts';

const everyone = { isMemberServiceUser: true, isShiftServiceUser: true, includeNonMembers: true };

/**
 * タグ as a shop uses them: a folder 来店 with 常連 and 予約済み, and VIP and キャンペーン興味あり; 常連 on a few
 * friends picked by name, VIP on every member (a segment, in one call), キャンペーン興味あり on the friends
 * who are neither members nor staff. Made after the member store, whose members VIP finds.
 */
export async function seedTags(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  if ((await listTags({ ctx, input: { lineAccountId } })).tags.length > 0) return;
  const visits = await createTagFolder({ ctx, input: { lineAccountId, name: '来店' } });
  const tag = (name: string, folderId: number | null = null) =>
    createTag({ ctx, input: { lineAccountId, name, folderId } });
  const regular = await tag('常連', visits.id);
  await tag('予約済み', visits.id);
  const vip = await tag('VIP');
  const campaign = await tag('キャンペーン興味あり');
  const on = (tagId: number, conditions: Omit<SearchFriendsFilter, 'page' | 'limit' | 'condition'>) =>
    tagFriends({
      ctx,
      directories: friendDirectories,
      input: {
        lineAccountId,
        action: 'add',
        tagIds: [tagId],
        conditions: { condition: 'AND', ...conditions },
      },
    });
  for (const search of ['佐藤', '高橋', '伊藤', '山本']) await on(regular.id, { ...everyone, search });
  await on(vip.id, { isMemberServiceUser: true, isShiftServiceUser: false, includeNonMembers: false });
  await on(campaign.id, {
    isMemberServiceUser: false,
    isShiftServiceUser: false,
    includeNonMembers: true,
    isFriend: true,
  });
}
