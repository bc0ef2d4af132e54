import { productName } from '@app/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ja from './ja.json';

export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_STORAGE_KEY = 'language';

export function readStoredLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ja';
  } catch {
    return 'ja';
  }
}

/** app.name, app.title and app.copyright come from the one product name the mails also use. */
const withProductName = <T extends object>(texts: T, name: string) => ({
  ...texts,
  app: { name, title: name, copyright: `© ${name}` },
});

/** A ready i18next instance (synchronous: the texts are bundled). Japanese is the default. */
export function createI18n(language: Language = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      ja: { translation: withProductName(ja, productName.ja) },
      en: { translation: withProductName(en, productName.en) },
    },
    lng: language,
    fallbackLng: 'ja',
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  });
  document.documentElement.lang = language;
  return instance;
}
