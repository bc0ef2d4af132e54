/*
 * The mini-apps' words, Japanese first (English when the phone is set to it). A small catalogue of its
 * own: the back office's i18next catalogue would make the phone download every page's texts.
 */
export type LiffLanguage = 'ja' | 'en';

export const liffLanguage = (): LiffLanguage =>
  typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('en') ? 'en' : 'ja';

export type Catalogue = Record<string, string>;

/** Shell texts shared by every mini-app. */
export const shellTexts: Record<LiffLanguage, Catalogue> = {
  ja: {
    loading: '読み込み中…',
    retry: 'もう一度読み込む',
    'boot.NO_ACCOUNT': 'このページは LINE のメニューから開いてください。',
    'boot.NOT_AVAILABLE': 'このミニアプリは現在ご利用いただけません。',
    'boot.OPEN_IN_SIMULATOR': 'LINE シミュレーターの LIFF アプリ一覧から開いてください。',
    'boot.LIFF_FAILED': 'LINE にログインできませんでした。時間をおいて開き直してください。',
    'error.network': '通信できませんでした。電波の良い場所でもう一度お試しください。',
    'error.generic': 'エラーが発生しました。時間をおいてもう一度お試しください。',
  },
  en: {
    loading: 'Loading…',
    retry: 'Reload',
    'boot.NO_ACCOUNT': 'Please open this page from the LINE menu.',
    'boot.NOT_AVAILABLE': 'This mini-app is not available right now.',
    'boot.OPEN_IN_SIMULATOR': "Open it from the LINE simulator's LIFF app list.",
    'boot.LIFF_FAILED': 'Could not log in to LINE. Please open it again later.',
    'error.network': 'No connection. Please try again where the signal is better.',
    'error.generic': 'Something went wrong. Please try again later.',
  },
};

/** A lookup in one catalogue with `{name}` placeholders; a missing key shows itself (caught in tests). */
export function makeT(catalogue: Catalogue) {
  return (key: string, values: Record<string, string | number> = {}) =>
    (catalogue[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
