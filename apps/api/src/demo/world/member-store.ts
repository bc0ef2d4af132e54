import { createMemberAttributeBodySchema } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { findFriendOfLineUser } from '../../modules/friends/index.ts';
import { lineAccountServiceLinks } from '../../composition.ts';
import { listLineAccountsOfClient } from '../../modules/line-accounts/index.ts';
import {
  createMemberAttribute,
  registerOwnMember,
  uploadOwnImage,
  updateMemberRemarks,
  updateMemberSettings,
  updateMemberStatus,
} from '../../modules/members/index.ts';
import { linkService } from '../../modules/services/index.ts';
import { demoFriendNames } from '../demo-content.ts';
import { at, DAY_MS, HOUR_MS } from './clock.ts';
import { lineUserIdOf, simulatorCall } from './simulators.ts';
import { asLiffCaller } from '../liff-caller.ts';

const MEMBER_SERVICE = 'KS-001';
const MEMBERS_ON_LINE = 24;

/**
 * The member service on the demo account, as a store runs it: the owner links it, defines attributes
 * of every type and the member card; friends register in the mini-app (LIFF login at the simulator)
 * with every kind of value; the staff keep remarks on some; one member is switched off.
 */
export async function seedMemberStore(
  ctx: ServiceContext,
  lineAccount: { id: number; channelId: string },
  simBaseUrl: string,
): Promise<void> {
  const { data: accounts } = await listLineAccountsOfClient({
    ctx,
    links: lineAccountServiceLinks,
    input: {},
  });
  const account = accounts.find((a) => a.id === lineAccount.id);
  if (!account || account.services.some((s) => s.serviceCode === MEMBER_SERVICE)) return;
  const link = await linkService({
    ctx,
    input: { lineAccountId: account.id, clientId: account.clientId, serviceCode: MEMBER_SERVICE },
  });
  const storeId = link.storeId!;
  const lineAccountId = account.id;
  await updateMemberSettings({
    ctx,
    input: { lineAccountId, isShowMemberCard: true, requireRegistration: true, memberCodeShowMode: 'QRCODE' },
  });
  const define = (body: Record<string, unknown>) =>
    createMemberAttribute({ ctx, input: { lineAccountId, ...createMemberAttributeBodySchema.parse(body) } });
  const name = await define({ label: 'お名前', type: 'STRING', isRequired: true, internalName: 'name' });
  const birthday = await define({
    label: '生年月日',
    type: 'DATE',
    isRequired: true,
    internalName: 'birthday',
  });
  const gender = await define({
    label: '性別',
    type: 'RADIO',
    isRequired: true,
    choices: [{ value: '女性' }, { value: '男性' }, { value: '回答しない' }],
  });
  const visits = await define({ label: '月の来店回数', type: 'NUMBER' });
  const likes = await define({
    label: '好きなメニュー',
    type: 'CHECKBOX',
    choices: [{ value: 'コーヒー' }, { value: '紅茶' }, { value: 'ケーキ' }, { value: 'ランチ' }],
  });
  const photo = await define({ label: 'プロフィール写真', type: 'IMAGE' });
  await define({ label: 'スタッフメモ', type: 'STRING', visibility: 'PRIVATE', isDeletable: false });

  const registered: number[] = [];
  for (const [index, displayName] of demoFriendNames.entries()) {
    if (registered.length === MEMBERS_ON_LINE) break;
    if (index % 4 === 3) continue; // some friends never register
    const userId = await lineUserIdOf(simBaseUrl, displayName);
    if (!userId) continue;
    const { idToken } = await simulatorCall<{ idToken: string }>(simBaseUrl, '/_sim/liff/login', {
      userId,
      liffId: link.liffId,
    });
    const year = 1960 + ((index * 7) % 45);
    const auth = { storeId };
    // Registered a day or a few after following (the list's 登録日 spread as in a real store).
    const friend = await findFriendOfLineUser(ctx.db, { clientId: account.clientId, lineAccountId }, userId);
    const followedAt = friend?.followedAt?.getTime() ?? ctx.clock.now().getTime();
    const then = at(
      ctx,
      new Date(
        Math.min(ctx.clock.now().getTime(), followedAt + ((index % 4) + 1) * DAY_MS - (index % 7) * HOUR_MS),
      ),
    );
    // Every third member uploaded a photo from the mini-app, as a customer does.
    const image =
      registered.length % 3 === 0
        ? await uploadOwnImage({
            ctx: await asLiffCaller(then, 'member', storeId, idToken),
            input: { ...auth, dataUrl: await demoPhoto(registered.length) },
          })
        : null;
    const member = await registerOwnMember({
      ctx: await asLiffCaller(then, 'member', storeId, idToken),
      input: {
        storeId,
        entries: [
          { attributeId: name.id, value: displayName },
          {
            attributeId: birthday.id,
            value: `${year}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
          },
          { attributeId: gender.id, attributeChoiceIds: [gender.choices[index % 3]!.id] },
          ...(index % 5 === 4 ? [] : [{ attributeId: visits.id, numberValue: (index * 3) % 13 }]),
          {
            attributeId: likes.id,
            attributeChoiceIds: likes.choices.filter((_, i) => (index * 7 + i * 3) % 5 < 2).map((c) => c.id),
          },
          ...(image ? [{ attributeId: photo.id, value: image.key }] : []),
        ],
      },
    });
    registered.push(member.id);
  }
  const remarks = ['ケーキの予約が多い常連さん', '誕生日月にクーポン送付済み', 'アレルギー: くるみ'];
  for (const [i, text] of remarks.entries()) {
    const memberId = registered[i * 3];
    if (memberId) await updateMemberRemarks({ ctx, input: { lineAccountId, memberId, remarks: text } });
  }
  const last = registered.at(-1);
  if (last) await updateMemberStatus({ ctx, input: { lineAccountId, memberId: last, status: 'INACTIVE' } });
}

/** A member's demo photo: a drawn latte (cup, saucer, leaf) in a colour of the member's own. */
async function demoPhoto(n: number): Promise<string> {
  const hues = [24, 200, 130, 340, 45, 270];
  const hue = hues[n % hues.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="hsl(${hue},45%,86%)"/>
    <ellipse cx="240" cy="250" rx="170" ry="48" fill="#fff" opacity="0.9"/>
    <circle cx="240" cy="190" r="110" fill="#fff"/>
    <circle cx="240" cy="190" r="92" fill="hsl(28,45%,${40 + (n % 3) * 6}%)"/>
    <path d="M240 120 C200 160 200 220 240 260 C280 220 280 160 240 120Z" fill="#f4e7d3"/>
    <path d="M240 130 L240 250" stroke="hsl(28,45%,45%)" stroke-width="4"/>
    <path d="M350 170 q50 0 40 40 q-8 26 -46 24" fill="none" stroke="#fff" stroke-width="16"/>
  </svg>`;
  const { default: sharp } = await import('sharp');
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  return `data:image/jpeg;base64,${data.toString('base64')}`;
}
