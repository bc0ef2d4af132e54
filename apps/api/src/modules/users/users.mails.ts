import { productName } from '@app/contracts';
import { mailSubject, type MailLanguage, type OutgoingMail } from '../../platform/mail.ts';

/**
 * Mails are bilingual: Japanese first (the product's language), English below. The subject is one language:
 * Japanese, or English when the page that asked for the mail was in English (an invitation goes to someone
 * else: Japanese).
 */
export function invitationMail(to: string, link: string, ttlHours: number): OutgoingMail {
  return {
    to,
    subject: mailSubject(
      'ja',
      `【${productName.ja}】アカウントへのご招待`,
      `[${productName.en}] You have been invited`,
    ),
    text: [
      `${productName.ja}の管理画面アカウントが作成されました。`,
      `下のリンクから${ttlHours}時間以内にパスワードを設定してください。`,
      link,
      '',
      `An account on ${productName.en} was created for you.`,
      `Open the link above within ${ttlHours} hours to choose your password.`,
    ].join('\n'),
  };
}

export function emailChangeMail(to: string, link: string, language: MailLanguage = 'ja'): OutgoingMail {
  return {
    to,
    subject: mailSubject(
      language,
      `【${productName.ja}】新しいメールアドレスの確認`,
      `[${productName.en}] Confirm your new email address`,
    ),
    text: [
      'メールアドレスの変更を受け付けました。',
      '下のリンクを開くと、ログインに使うメールアドレスがこのアドレスに変わります。',
      link,
      'お心当たりがない場合は、このメールを破棄してください。',
      '',
      'We received a request to change your login email address to this one.',
      'Open the link above to confirm it. If you did not ask for this, ignore this mail.',
    ].join('\n'),
  };
}

/** The verification link of a new sign-up (the client owner) or a resend. */
export function verifyEmailMail(to: string, link: string, language: MailLanguage = 'ja'): OutgoingMail {
  return {
    to,
    subject: mailSubject(
      language,
      `【${productName.ja}】メールアドレスの確認`,
      `[${productName.en}] Verify your email address`,
    ),
    text: [
      'ご登録ありがとうございます。',
      '下のリンクを開いて、メールアドレスの確認を完了してください。',
      link,
      '',
      'Thank you for signing up.',
      'Open the link above to verify your email address.',
    ].join('\n'),
  };
}

/** To the old address of an e-mail change: what changed, and the link that undoes it. */
export function emailChangeNoticeMail(
  to: string,
  newEmail: string,
  cancelLink: string,
  language: MailLanguage = 'ja',
): OutgoingMail {
  return {
    to,
    subject: mailSubject(
      language,
      `【${productName.ja}】ログインメールアドレスの変更について`,
      `[${productName.en}] Your login email is being changed`,
    ),
    text: [
      `ログインに使うメールアドレスを ${newEmail} に変更する手続きが行われました。`,
      'お心当たりがない場合は、下のリンクから変更を取り消してください（14日間有効）。',
      'メールアドレスがこのアドレスに戻り、すべての端末からログアウトされ、パスワード再設定のご案内をお送りします。',
      cancelLink,
      '',
      `A change of your login email address to ${newEmail} was requested.`,
      'If this was not you, open the link above (valid 14 days): the address returns to this one, every',
      'session ends and a password reset link is mailed to you.',
    ].join('\n'),
  };
}

/**
 * To a known address that someone used to sign up again: the public sign-up answers as for a new address
 * (no probing whether an address has an account), and the owner of the address learns of it here.
 */
export function signupWithKnownAddressMail(
  to: string,
  loginLink: string,
  resetLink: string,
  language: MailLanguage = 'ja',
): OutgoingMail {
  return {
    to,
    subject: mailSubject(
      language,
      `【${productName.ja}】アカウント登録のお申し込みについて`,
      `[${productName.en}] About your sign-up`,
    ),
    text: [
      'このメールアドレスで新しいアカウントの登録が申し込まれましたが、このアドレスはすでに登録済みです。',
      '新しいアカウントは作成していません。ご登録済みのアカウントには次のリンクからログインできます。',
      loginLink,
      'パスワードをお忘れの場合は、こちらから再設定できます。',
      resetLink,
      'お心当たりがない場合は、このメールを破棄してください。',
      '',
      'Someone asked to sign up with this email address, which already has an account. No new account was',
      'created. Log in with the first link above, or choose a new password with the second. If this was not',
      'you, ignore this mail.',
    ].join('\n'),
  };
}
