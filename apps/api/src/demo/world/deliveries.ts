import { friendDirectories } from '../../composition.ts';
import {
  createDelivery,
  createSegment,
  followTrackedLink,
  listSegments,
  sendDelivery,
  trackedLinkTokens,
  trackedLinkTokensOfFriend,
  uploadDeliveryImage,
} from '../../modules/deliveries/index.ts';
import { listFollowingFriendCards } from '../../modules/friends/index.ts';
import { layoutRichMenu, renderRichMenuImage, type RenderInput } from '../../modules/rich-menus/index.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';

const DAY_MS = 24 * 3600_000;

const asDataUrl = (image: { contentType: string; data: Buffer }) =>
  `data:${image.contentType};base64,${image.data.toString('base64')}`;

/**
 * The campaign's rich message (imagemap), drawn as a designer would (the rich menu drawing, 1040 x 1040,
 * two tiles) and uploaded as the owner does in the composer: the left tile opens the weekend page (a
 * tracked link), the right one sends "クーポンをください". Decision 0039.
 */
async function campaignRichMessage(ctx: ServiceContext, lineAccountId: number) {
  const design: RenderInput = {
    width: 1040,
    height: 1040,
    rows: [
      [
        { label: '今週末の\nおすすめを見る', ratio: 1, gap: 24 },
        { label: 'クーポンを\n受け取る', ratio: 1, gap: 24 },
      ],
    ],
    border: { top: 32, bottom: 32, left: 32, right: 32 },
  };
  const upload = await uploadDeliveryImage({
    ctx,
    input: { lineAccountId, kind: 'imagemap', dataUrl: asDataUrl(renderRichMenuImage(design)) },
  });
  const [left, right] = layoutRichMenu(design).itemBoxes[0]!;
  return {
    type: 'imagemap' as const,
    imageKey: upload.key,
    height: upload.height,
    altText: '今週末のおすすめとクーポン',
    areas: [
      {
        bounds: left!,
        action: {
          type: 'uri' as const,
          label: '今週末のおすすめ',
          uri: 'https://demo-shop.example.jp/weekend',
        },
      },
      { bounds: right!, action: { type: 'message' as const, text: 'クーポンをください' } },
    ],
  };
}

/** The year-end notice's picture (an image message): one tile drawn like the rich menu's. */
async function yearEndImage(ctx: ServiceContext, lineAccountId: number) {
  const upload = await uploadDeliveryImage({
    ctx,
    input: {
      lineAccountId,
      kind: 'image',
      dataUrl: asDataUrl(
        renderRichMenuImage({
          width: 1040,
          height: 680,
          rows: [[{ label: '12/30〜1/3\nお休みします', ratio: 1, gap: 0 }]],
          border: { top: 40, bottom: 40, left: 40, right: 40 },
          color: '#C0392B',
        }),
      ),
    },
  });
  return { type: 'image' as const, imageKey: upload.key };
}

/**
 * メッセージ配信 as the owner uses it: a saved segment (the members among the friends), a delivery sent to
 * it with a text, a sticker, a card-type message whose buttons answer taps and a rich message (imagemap)
 * whose two areas answer taps too (the job runner sends it once the app
 * runs, so its counts are real; three friends opened its link), one scheduled for three days
 * later at 10:00 Japan time to every friend, one sent from the friends page's unsaved filter (the
 * friends who are not members yet) and a thank-you with each friend's name whose link named friends
 * opened (クリックした友だち). Made after the member store, whose members the segment finds.
 */
export async function seedDeliveries(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  if ((await listSegments({ ctx, input: { lineAccountId } })).data.length > 0) return;
  const segment = await createSegment({
    ctx,
    input: {
      lineAccountId,
      name: '会員の友だち',
      conditions: {
        condition: 'AND',
        isMemberServiceUser: true,
        isShiftServiceUser: false,
        includeNonMembers: false,
      },
    },
  });
  const sent = await createDelivery({
    ctx,
    input: {
      lineAccountId,
      title: '会員さま限定 秋のキャンペーン',
      messages: [
        {
          type: 'text',
          text: 'いつもご利用ありがとうございます。\n会員さま限定で、今週末は全品10%オフです！\n詳しくはこちら https://demo-shop.example.jp/campaign',
        },
        { type: 'sticker', packageId: '446', stickerId: '1988' },
        {
          type: 'cards',
          altText: '会員さま限定 今週末のおすすめ',
          cards: [
            {
              imageUrl: null,
              title: '季節のフルーツタルト',
              text: '旬の果物をたっぷりのせた週末限定のタルトです。',
              price: 680,
              actions: [
                { type: 'message', label: '取り置きを頼む', text: 'フルーツタルトの取り置きをお願いします' },
                { type: 'uri', label: 'お店の場所', uri: 'https://maps.google.com/?q=%E6%A2%85%E7%94%B0' },
              ],
            },
            {
              imageUrl: null,
              title: '会員さま限定 10%オフ',
              text: 'お会計の時に会員証を見せてください。',
              price: null,
              actions: [{ type: 'message', label: '会員証を出す', text: '会員証を見せます' }],
            },
          ],
        },
        await campaignRichMessage(ctx, lineAccountId),
      ],
      audience: { type: 'SEGMENT', segmentId: segment.id },
    },
  });
  await sendDelivery({
    ctx,
    directories: friendDirectories,
    input: { lineAccountId, deliveryId: sent.id, scheduledAt: null, upToQuota: false },
  });
  // Friends who opened the campaign's link: the taps the tracked redirect counted (GET /r/<token>).
  const [campaign] = await trackedLinkTokens({ ctx, input: { lineAccountId, deliveryId: sent.id } });
  for (let tap = 0; tap < 3; tap += 1) await followTrackedLink({ ctx, input: { token: campaign! } });
  await conditionsDelivery(ctx, lineAccountId);
  await personalDelivery(ctx, lineAccountId);
  const scheduled = await createDelivery({
    ctx,
    input: {
      lineAccountId,
      title: '年末年始の営業時間のお知らせ',
      messages: [
        { type: 'text', text: '年末年始は12月30日〜1月3日までお休みをいただきます。' },
        await yearEndImage(ctx, lineAccountId),
      ],
      audience: { type: 'ALL' },
    },
  });
  const day = new Date(ctx.clock.now().getTime() + 3 * DAY_MS + 9 * 3600_000).toISOString().slice(0, 10);
  await sendDelivery({
    ctx,
    directories: friendDirectories,
    input: {
      lineAccountId,
      deliveryId: scheduled.id,
      scheduledAt: `${day}T10:00:00+09:00`,
      upToQuota: false,
    },
  });
}

const sendNow = (ctx: ServiceContext, lineAccountId: number, deliveryId: number) =>
  sendDelivery({
    ctx,
    directories: friendDirectories,
    input: { lineAccountId, deliveryId, scheduledAt: null, upToQuota: false },
  });

/**
 * 配信する from the friends page's segment builder without saving the conditions (decision 0047): the
 * friends who are not members yet, invited to join (the link counted per delivery: a multicast).
 */
async function conditionsDelivery(ctx: ServiceContext, lineAccountId: number) {
  const delivery = await createDelivery({
    ctx,
    input: {
      lineAccountId,
      title: '会員登録のご案内（まだ会員でない友だち）',
      messages: [
        {
          type: 'text',
          text: 'いつもありがとうございます。\n会員証を作ると、ポイントと会員さま限定クーポンが使えます。\nご登録はこちら https://demo-shop.example.jp/join',
        },
      ],
      audience: {
        type: 'CONDITIONS',
        conditions: {
          condition: 'AND',
          isMemberServiceUser: false,
          isShiftServiceUser: false,
          includeNonMembers: true,
        },
      },
    },
  });
  await sendNow(ctx, lineAccountId, delivery.id);
  const [join] = await trackedLinkTokens({ ctx, input: { lineAccountId, deliveryId: delivery.id } });
  await followTrackedLink({ ctx, input: { token: join! } });
}

/**
 * A thank-you with each friend's name (`{name}`: one push per friend, decision 0040) to friends picked by
 * hand, whose link names its friend (decision 0047): four of them opened it, so the report's
 * クリックした友だち lists them by name.
 */
async function personalDelivery(ctx: ServiceContext, lineAccountId: number) {
  const picked = await listFollowingFriendCards(ctx.db, { clientId: requireClientId(ctx), lineAccountId }, 8);
  if (picked.length === 0) return;
  const delivery = await createDelivery({
    ctx,
    input: {
      lineAccountId,
      title: 'ご来店のお礼（お名前入り）',
      messages: [
        {
          type: 'text',
          text: '{name}さま、先日はご来店ありがとうございました。\n次回使える10%オフのクーポンをお送りします。\nhttps://demo-shop.example.jp/thanks',
        },
      ],
      audience: { type: 'FRIENDS', friendIds: picked.map((f) => f.id) },
    },
  });
  await sendNow(ctx, lineAccountId, delivery.id);
  for (const friend of picked.slice(0, 4)) {
    const [link] = await trackedLinkTokensOfFriend({
      ctx,
      input: { lineAccountId, deliveryId: delivery.id, friendId: friend.id },
    });
    await followTrackedLink({ ctx, input: { token: link! } });
  }
}
