import {
  agencyMessages,
  announcementMessages,
  auditMessages,
  cardFormMessages,
  cardMessages,
  clientMessages,
  dateMessages,
  errorMessages,
  fieldMessages,
  friendMessages,
  groupChatMessages,
  declineMessages,
  deliveryMessages,
  lineAccountMessages,
  memberCardMessages,
  couponMessages,
  paginationMessages,
  paymentMessages,
  pathParamMessages,
  productName,
  queryParamMessages,
  richMenuMessages,
  textMessages,
  serviceCatalogue,
  serviceMessages,
  shiftMessages,
  tagMessages,
  automationMessages,
  keywordReplyMessages,
  scenarioMessages,
  inflowMessages,
  userMessages,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { messageKey } from '../../lib/translate-message.ts';
import en from './en.json';
import indexHtml from '../../../index.html?raw';
import { createI18n } from './i18n.ts';
import ja from './ja.json';

const leafKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leafKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('UI texts', () => {
  it("names every service feature in both languages, the Japanese ones the catalogue's own", () => {
    for (const service of serviceCatalogue) {
      expect(ja.services.features[service.code]).toEqual(service.features);
      expect(en.services.features[service.code]).toHaveLength(service.features.length);
    }
  });

  it("says the product's one name (the mails' too) in the header, the title and the page before it loads", () => {
    const i18n = createI18n('ja');
    expect(i18n.t('app.name')).toBe(productName.ja);
    expect(i18n.t('app.copyright')).toBe(`© ${productName.ja}`);
    expect(createI18n('en').t('app.title')).toBe(productName.en);
    expect(indexHtml).toContain(`<title>${productName.ja}</title>`);
  });

  it('has the same keys in Japanese and English', () => {
    expect(leafKeys(en).sort()).toEqual(leafKeys(ja).sort());
  });

  it('has a Japanese text for every contract message', () => {
    const jaKeys = new Set(leafKeys(ja));
    const messages = [
      fieldMessages,
      errorMessages,
      paginationMessages,
      pathParamMessages,
      queryParamMessages,
      textMessages,
      dateMessages,
      clientMessages,
      userMessages,
      agencyMessages,
      announcementMessages,
      auditMessages,
      lineAccountMessages,
      serviceMessages,
      friendMessages,
      paymentMessages,
      declineMessages,
      cardFormMessages,
      cardMessages,
      richMenuMessages,
      shiftMessages,
      memberCardMessages,
      tagMessages,
      automationMessages,
      couponMessages,
      keywordReplyMessages,
      inflowMessages,
      scenarioMessages,
      groupChatMessages,
    ].flatMap((group): string[] => Object.values(group));
    // the quota refusal has figures in it: the deliveries feature words it itself
    for (const text of Object.values(deliveryMessages)) if (typeof text === 'string') messages.push(text);
    const missing = messages.filter((m) => !jaKeys.has(messageKey(m) ?? ''));
    expect(missing).toEqual([]);
  });
});
