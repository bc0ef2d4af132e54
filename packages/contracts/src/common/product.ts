/**
 * The product's name, said the same way by the web app, the mails, the API document and the start log.
 * Change it here only.
 */
export const productName = { ja: 'LINE公式アカウント管理', en: 'LINE OA Manager' } as const;
