import { productName } from '@app/contracts';
import { mailSubject, type MailLanguage, type OutgoingMail } from '../../platform/mail.ts';

/** Mails are bilingual (Japanese first, English below); the subject in the language of the page that asked. */
export function passwordResetMail(
  to: string,
  link: string,
  ttlMinutes: number,
  language: MailLanguage = 'ja',
): OutgoingMail {
  return {
    to,
    subject: mailSubject(
      language,
      `【${productName.ja}】パスワード再設定のご案内`,
      `[${productName.en}] Reset your password`,
    ),
    text: [
      'パスワード再設定のリクエストを受け付けました。',
      `下のリンクから${ttlMinutes}分以内に新しいパスワードを設定してください。`,
      link,
      'お心当たりがない場合は、このメールを破棄してください。',
      '',
      'We received a request to reset your password.',
      `Open the link above within ${ttlMinutes} minutes to choose a new one.`,
      'If you did not ask for this, you can ignore this mail.',
    ].join('\n'),
  };
}
