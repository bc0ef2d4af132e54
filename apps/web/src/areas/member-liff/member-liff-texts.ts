import { memberMessages } from '@app/contracts/member-texts';
import type { Catalogue, LiffLanguage } from '../../components/liff-shell/liff-texts.ts';

/** The server's member texts (SPEC.md 8 and the form's field texts) by key, in each language. */
const serverTexts: Record<LiffLanguage, Partial<Record<keyof typeof memberMessages, string>>> = {
  ja: {
    notFollowing: 'LINE公式アカウントを友だち追加していないか、ブロック中です。',
    memberNotFound: 'まだ会員登録されていません。',
    notRegistered: 'この会員証は現在ご利用いただけません。',
    requiredAttributes: '必須項目がすべて入力されていません。',
    required: '必須項目です',
    invalidDate: '日付を正しく入力してください',
    numberValue: '数値を入力してください',
    radioOne: '1つ選んでください',
    checkboxChoices: '選択肢から選んでください',
    stringMax: '500文字以内で入力してください',
    imageValue: '画像をアップロードしてください',
    entryUnknown: 'この項目は登録できません',
    entryShape: '入力内容を確認してください',
    entryDuplicate: '入力内容を確認してください',
    valueWrongKind: '入力内容を確認してください',
  },
  en: {
    notFollowing: 'You have not added this LINE account as a friend, or you blocked it.',
    memberNotFound: 'You are not registered yet.',
    notRegistered: 'This member card cannot be used at the moment.',
    requiredAttributes: 'Please fill in every required field.',
    required: 'Required',
    invalidDate: 'Enter a valid date',
    numberValue: 'Enter a number',
    radioOne: 'Choose one option',
    checkboxChoices: 'Choose from the options',
    stringMax: 'At most 500 characters',
    imageValue: 'Upload an image',
    entryUnknown: 'This field cannot be registered',
    entryShape: 'Please check this field',
    entryDuplicate: 'Please check this field',
    valueWrongKind: 'Please check this field',
  },
};

const keyOfMessage = new Map<string, string>(
  Object.entries(memberMessages).map(([key, text]) => [text, key]),
);

/** A server text in the page's language (the server's own words when there is no translation). */
export function translateServerText(language: LiffLanguage, message: string): string {
  const key = keyOfMessage.get(message) as keyof typeof memberMessages | undefined;
  return (key && serverTexts[language][key]) || message;
}

export const memberLiffTexts: Record<LiffLanguage, Catalogue> = {
  ja: {
    'notFriend.title': '友だち追加が必要です',
    'notFriend.text':
      '会員証を使うには、{name} を LINE の友だちに追加してください。追加したら「再読み込み」を押してください。',
    'notFriend.add': '友だち追加する',
    'notFriend.reload': '再読み込み',
    'inactive.title': '会員証をご利用いただけません',
    'inactive.text': 'お手数ですが、お店のスタッフにお問い合わせください。',
    'register.title': '会員登録',
    'register.lead': '以下の項目を入力して登録してください。',
    'update.title': '登録内容の変更',
    'incomplete.title': '会員情報の追加入力',
    'register.submit': '登録する',
    'update.submit': '変更を保存',
    'register.sending': '送信中…',
    'register.cancel': '会員証に戻る',
    'field.required': '必須',
    'field.image': '画像の登録は準備中です。お店でスタッフにお伝えください。',
    'card.title': '会員証',
    'card.code': '会員番号',
    'card.codeHidden': '会員番号は表示されない設定です',
    'card.qr': '会員番号の QR コード',
    'card.barcode': '会員番号のバーコード',
    'card.edit': '登録内容を変更する',
    'card.hint': 'お会計の際にこの画面をスタッフにお見せください。',
    'registered.title': '会員登録が完了しています',
    'registered.text': 'ご登録ありがとうございます。',
    saved: '保存しました',
  },
  en: {
    'notFriend.title': 'Add us as a friend first',
    'notFriend.text': 'To use the member card, add {name} as a LINE friend, then press Reload.',
    'notFriend.add': 'Add friend',
    'notFriend.reload': 'Reload',
    'inactive.title': 'This member card cannot be used',
    'inactive.text': 'Please ask the staff of the store.',
    'register.title': 'Member registration',
    'register.lead': 'Fill in the fields below to register.',
    'update.title': 'Change your details',
    'incomplete.title': 'A few more details',
    'register.submit': 'Register',
    'update.submit': 'Save changes',
    'register.sending': 'Sending…',
    'register.cancel': 'Back to the card',
    'field.required': 'Required',
    'field.image': 'Images cannot be registered here yet. Please tell the staff.',
    'card.title': 'Member card',
    'card.code': 'Member number',
    'card.codeHidden': 'The member number is not shown',
    'card.qr': 'QR code of the member number',
    'card.barcode': 'Barcode of the member number',
    'card.edit': 'Change your details',
    'card.hint': 'Show this screen to the staff when you pay.',
    'registered.title': 'You are registered',
    'registered.text': 'Thank you for registering.',
    saved: 'Saved',
  },
};
