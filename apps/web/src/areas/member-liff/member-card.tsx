import type { LiffMember, MemberSettings } from '@app/contracts';
import { Barcode } from '../../components/liff-shell/barcode.tsx';
import { useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { QrCode } from '../../components/liff-shell/qr-code.tsx';
import { useState } from 'react';
import { CouponOffer, couponIdOfUrl, HeldCoupons } from './coupons.tsx';
import { EarnedCard } from './earned-card.tsx';

/** The member card: the code as QR code, barcode or text, as the store chose, in the account's colours. */
export function MemberCard({
  member,
  settings,
  onEdit,
}: {
  member: LiffMember;
  settings: MemberSettings;
  onEdit: () => void;
}) {
  const { t, info, profile } = useLiff();
  const mode = settings.memberCodeShowMode;
  const [couponId] = useState(() => couponIdOfUrl());
  const [claims, setClaims] = useState(0);
  return (
    <>
      {couponId !== null ? (
        <CouponOffer couponId={couponId} onClaimed={() => setClaims((n) => n + 1)} />
      ) : null}
      <section className="liff-card liff-center" data-testid="member-card" data-mode={mode}>
        <div className="liff-muted">{info.branding.displayName}</div>
        <h2>{t('card.title')}</h2>
        <div style={{ fontSize: 18, fontWeight: 700, margin: '4px 0 16px' }}>{profile.displayName}</div>
        {mode === 'QRCODE' ? (
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <QrCode value={member.memberCode} label={t('card.qr')} size={200} />
          </div>
        ) : null}
        {mode === 'BARCODE' ? <Barcode value={member.memberCode} label={t('card.barcode')} /> : null}
        {mode === 'NONE' ? (
          <p className="liff-muted">{t('card.codeHidden')}</p>
        ) : (
          <div style={{ marginTop: 12 }}>
            <div className="liff-muted">{t('card.code')}</div>
            <div
              data-testid="member-code"
              style={{
                fontSize: mode === 'TEXT' ? 32 : 22,
                fontWeight: 700,
                letterSpacing: 3,
                fontFamily: 'ui-monospace, monospace',
              }}
            >
              {member.memberCode}
            </div>
          </div>
        )}
        <p className="liff-muted" style={{ marginBottom: 0 }}>
          {t('card.hint')}
        </p>
      </section>
      <HeldCoupons memberCode={member.memberCode} reload={claims} />
      <EarnedCard />
      <button type="button" className="liff-button secondary" onClick={onEdit}>
        {t('card.edit')}
      </button>
    </>
  );
}
