import type { AnnouncementType } from '@app/contracts';

/** The demo's words: friends' names, what they and the shop said, the managers' notes, announcements. */

export const demoFriendNames = [
  '佐藤 美咲',
  '鈴木 大翔',
  '高橋 結衣',
  '田中 陽向',
  '伊藤 さくら',
  '渡辺 蓮',
  '山本 芽依',
  '中村 湊',
  '小林 葵',
  '加藤 悠真',
  '吉田 凛',
  '山田 陽菜',
  '佐々木 樹',
  '山口 美桜',
  '松本 蒼',
  '井上 莉子',
  '木村 颯太',
  '林 心春',
  '斎藤 大和',
  '清水 杏',
  '山崎 律',
  '森 紬',
  '池田 朝陽',
  '橋本 楓',
  '阿部 湊斗',
  '石川 澪',
  '山下 奏太',
  '中島 彩葉',
  '石井 翼',
  '小川 ひなた',
  '前田 晴',
  '岡田 琴音',
  '長谷川 陸',
  '藤田 結菜',
  '後藤 海斗',
  '近藤 愛莉',
  '村上 颯',
  '遠藤 日葵',
  '青木 蒼空',
  '坂本 咲良',
  '斉藤 瑛太',
  '福田 詩',
  '太田 悠人',
  '西村 花音',
] as const;

type Line =
  | { from: 'user' | 'shop'; text: string }
  /** A photo or a sticker from the friend (LINE's message object without its id). */
  | { from: 'user'; message: { type: 'image' | 'sticker' } & Record<string, unknown> };

/** Conversations by friend index (a blocked friend's index has none). */
export const demoConversations: Partial<Record<number, Line[]>> = {
  0: [
    { from: 'user', text: '今週末は何時まで営業していますか？' },
    { from: 'shop', text: 'お問い合わせありがとうございます。土日は20時まで営業しております。' },
    { from: 'user', text: 'ありがとうございます！伺います。' },
  ],
  1: [
    { from: 'shop', text: '友だち追加ありがとうございます！初回限定クーポンをお送りします。' },
    { from: 'user', text: 'クーポンはどのように使えますか？' },
    { from: 'shop', text: 'お会計時にこの画面をスタッフにお見せください。' },
  ],
  2: [
    { from: 'user', text: '予約の変更をお願いしたいです。' },
    { from: 'shop', text: '承知しました。ご希望の日時をお知らせください。' },
  ],
  3: [
    { from: 'user', text: '駐車場はありますか？' },
    { from: 'user', message: { type: 'image', contentProvider: { type: 'line' } } },
    {
      from: 'user',
      message: { type: 'sticker', packageId: '446', stickerId: '1988', stickerResourceType: 'STATIC' },
    },
  ],
  4: [
    { from: 'shop', text: '本日はご来店ありがとうございました。またのお越しをお待ちしております。' },
    { from: 'user', text: 'とても良かったです、また行きます！' },
  ],
  5: [{ from: 'user', text: 'ポイントカードの残高を知りたいです。' }],
  9: [
    { from: 'user', text: '新商品の入荷はいつ頃ですか？' },
    { from: 'shop', text: '来週水曜日の入荷予定です。入荷しましたらご案内いたします。' },
  ],
  12: [{ from: 'shop', text: '12月のセール情報をお届けします。全品10%オフ！' }],
};

/**
 * How the チャット handles the conversations, by friend index: 対応済み, assigned to the owner, opened
 * (read). The others stay 要対応 and unread.
 */
export const demoInbox: Partial<Record<number, { isDone?: boolean; isMine?: boolean; isRead?: boolean }>> = {
  0: { isDone: true, isMine: true, isRead: true },
  1: { isRead: true },
  2: { isMine: true },
  4: { isDone: true, isRead: true },
  9: { isDone: true, isRead: true },
  12: { isDone: true, isRead: true },
};

/** Notes the managers keep on some friends, by friend index. */
export const demoNotes: Partial<Record<number, string>> = {
  0: '常連のお客様。土日のご来店が多い。',
  2: '予約変更の希望あり（12/5 → 12/12 で調整中）',
  9: '新商品の入荷連絡を希望。',
  // the newest friends come first in the list: a few notes on them show the column on the first page
  43: 'アンケート回答済み。次回クーポン送付予定。',
  40: 'ギフト包装をよく利用される。',
  37: '電話連絡よりLINEを希望。',
};

/** One announcement per status (days from now; null: no date). */
export const demoAnnouncements: {
  title: string;
  content: string;
  type: AnnouncementType;
  publishInDays: number | null;
  archiveInDays: number | null;
}[] = [
  {
    title: 'サポート窓口の受付時間変更のお知らせ',
    content: '12月から、お電話での受付時間を平日10時〜18時に変更いたします。',
    type: 'ANNOUNCEMENT',
    publishInDays: -3,
    archiveInDays: null,
  },
  {
    title: 'シフト管理サービスの機能追加',
    content: '希望シフトの提出期限をスタッフへ自動でお知らせできるようになりました。',
    type: 'UPDATE',
    publishInDays: -10,
    archiveInDays: null,
  },
  {
    title: '定期メンテナンスのお知らせ',
    content: '来週日曜 2:00〜4:00 にシステムメンテナンスを行います。この間は管理画面をご利用いただけません。',
    type: 'MAINTENANCE',
    publishInDays: 5,
    archiveInDays: 8,
  },
  {
    title: 'メッセージ配信の遅延について（復旧済み）',
    content: '一部のメッセージ配信に遅延が発生しておりましたが、現在は復旧しております。',
    type: 'ACCIDENT',
    publishInDays: -40,
    archiveInDays: -30,
  },
  {
    title: '【下書き】新プランのご案内',
    content: '来年度から提供予定の新プランについてのご案内です（公開前の下書き）。',
    type: 'ANNOUNCEMENT',
    publishInDays: null,
    archiveInDays: null,
  },
];

/**
 * Clients with a contract history, so the master's and the agency's charts have months to show: each
 * became ACTIVE `activeMonthsAgo` months ago (day 10), some were cancelled or suspended since.
 */
export const demoClientHistory = [
  {
    name: '札幌らーめん株式会社',
    kana: 'サッポロラーメンカブシキガイシャ',
    city: ['北海道', '札幌市中央区', '北1条西2-1'],
    fee: 12800,
    ofAgency: true,
    activeMonthsAgo: 10,
    cancelledMonthsAgo: 3,
  },
  {
    name: '那覇マリンスポーツ株式会社',
    kana: 'ナハマリンスポーツカブシキガイシャ',
    city: ['沖縄県', '那覇市', '久茂地1-1-1'],
    fee: 22000,
    ofAgency: false,
    activeMonthsAgo: 9,
    suspendedMonthsAgo: 1,
  },
  {
    name: '北浜ベーカリー株式会社',
    kana: 'キタハマベーカリーカブシキガイシャ',
    city: ['大阪府', '大阪市中央区', '北浜1-1-1'],
    fee: 9800,
    ofAgency: true,
    activeMonthsAgo: 7,
  },
  {
    name: '天神カフェ合同会社',
    kana: 'テンジンカフェゴウドウガイシャ',
    city: ['福岡県', '福岡市中央区', '天神2-2-2'],
    fee: 15800,
    ofAgency: true,
    activeMonthsAgo: 5,
  },
  {
    name: '栄ネイルサロン株式会社',
    kana: 'サカエネイルサロンカブシキガイシャ',
    city: ['愛知県', '名古屋市中区', '栄4-4-4'],
    fee: 7800,
    ofAgency: true,
    activeMonthsAgo: 2,
  },
  {
    name: '博多フィットネス株式会社',
    kana: 'ハカタフィットネスカブシキガイシャ',
    city: ['福岡県', '福岡市博多区', '博多駅前3-3-3'],
    fee: 19800,
    ofAgency: false,
    activeMonthsAgo: 0,
  },
] as const satisfies readonly {
  name: string;
  kana: string;
  city: readonly [string, string, string];
  fee: number;
  ofAgency: boolean;
  activeMonthsAgo: number;
  cancelledMonthsAgo?: number;
  suspendedMonthsAgo?: number;
}[];
