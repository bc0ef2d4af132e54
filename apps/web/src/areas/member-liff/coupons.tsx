import type { HeldCoupon, LiffCouponOffer } from '@app/contracts';
import { couponMessages } from '@app/contracts/member-texts';
import { useCallback, useEffect, useState } from 'react';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { QrCode } from '../../components/liff-shell/qr-code.tsx';

const slashDay = (day: string) => day.replaceAll('-', '/');
const keyOfCouponText = new Map<string, string>(Object.entries(couponMessages).map(([k, v]) => [v, k]));

/** The coupon link's coupon: /liff/member?coupon=N (the 受け取る button of a delivery's coupon card). */
export function couponIdOfUrl(search: string = window.location.search): number | null {
  const raw = new URLSearchParams(search).get('coupon');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

function useCouponTexts() {
  const { t } = useLiff();
  const benefit = (c: HeldCoupon['coupon']) =>
    c.kind === 'AMOUNT'
      ? t('coupon.benefitAmount', { value: c.value.toLocaleString('ja-JP') })
      : c.kind === 'PERCENT'
        ? t('coupon.benefitPercent', { value: c.value })
        : t('coupon.benefitFree', { item: c.itemText });
  /** A server refusal in the page's language (coupon.error.<key>), else the generic failure. */
  const refusal = (message: string | null | undefined) => {
    const key = message ? keyOfCouponText.get(message) : undefined;
    return key ? t(`coupon.error.${key}`) : t('error.generic');
  };
  return { t, benefit, refusal };
}

/** One coupon as a ticket: name, benefit, validity; the children below (the code, or the claim button). */
function Ticket(props: {
  coupon: HeldCoupon['coupon'];
  children?: React.ReactNode;
  testId: string;
  muted?: boolean;
}) {
  const { t, benefit } = useCouponTexts();
  const c = props.coupon;
  return (
    <div
      className="liff-card"
      data-testid={props.testId}
      data-muted={props.muted ? 'true' : undefined}
      // A used or expired coupon is greyed by its colours, not by opacity (its texts keep AA contrast).
      style={{ borderLeft: `6px solid ${props.muted ? 'var(--muted)' : 'var(--brand)'}` }}
    >
      {c.imageUrl ? (
        <img
          src={c.imageUrl}
          alt=""
          style={{
            width: '100%',
            borderRadius: 8,
            marginBottom: 8,
            filter: props.muted ? 'grayscale(1)' : undefined,
          }}
        />
      ) : null}
      <div className="liff-muted">{t('coupon.tag')}</div>
      <div style={{ fontSize: 18, fontWeight: 700 }}>{c.name}</div>
      <div style={{ fontSize: 22, fontWeight: 800, color: props.muted ? 'var(--muted)' : '#B3261E' }}>
        {benefit(c)}
      </div>
      {c.description ? <div className="liff-muted">{c.description}</div> : null}
      <div className="liff-muted" style={{ marginTop: 4 }}>
        {t('coupon.validity', { from: slashDay(c.validFrom), to: slashDay(c.validTo) })}
      </div>
      {props.children}
    </div>
  );
}

/** The coupon of the link, with its 受け取る button (or why it cannot be claimed, in words). */
export function CouponOffer(props: { couponId: number; onClaimed: () => void }) {
  const { t, refusal } = useCouponTexts();
  const { api, info } = useLiff();
  const [offer, setOffer] = useState<LiffCouponOffer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [claimed, setClaimed] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = `/member-liff/api/v1/store/${info.storeId}/coupons/${props.couponId}`;
  useEffect(() => {
    let isCurrent = true;
    api<LiffCouponOffer>(path)
      .then((answer) => isCurrent && setOffer(answer))
      .catch(
        (error: unknown) =>
          isCurrent && setFailure(refusal(error instanceof LiffApiError ? error.message : null)),
      );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per coupon
  }, [api, path]);
  const claim = () => {
    setBusy(true);
    setFailure(null);
    api<HeldCoupon>(`${path}/claims`, { method: 'POST' })
      .then(() => {
        setClaimed(true);
        props.onClaimed();
      })
      .catch((error: unknown) => setFailure(refusal(error instanceof LiffApiError ? error.message : null)))
      .finally(() => setBusy(false));
  };
  if (!offer)
    return failure ? (
      <div className="liff-card" role="alert">
        {failure}
      </div>
    ) : null;
  const why = failure ?? (offer.refusal && !claimed ? refusal(offer.refusal) : null);
  return (
    <Ticket coupon={offer.coupon} testId="coupon-offer">
      {claimed ? (
        <p role="status" data-testid="coupon-claimed" style={{ fontWeight: 700 }}>
          {t('coupon.claimed')}
        </p>
      ) : why ? (
        <p role="alert" data-testid="coupon-refusal" style={{ color: '#B3261E', fontWeight: 700 }}>
          {why}
        </p>
      ) : (
        <button
          type="button"
          className="liff-button"
          disabled={busy}
          onClick={claim}
          style={{ marginTop: 12 }}
        >
          {t('coupon.claim')}
        </button>
      )}
    </Ticket>
  );
}

/** クーポン: the coupons the member holds, with their code and the card's QR to show at the counter. */
export function HeldCoupons(props: { memberCode: string; reload: number }) {
  const { t, api, info } = useLiff();
  const [held, setHeld] = useState<HeldCoupon[] | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const load = useCallback(
    () => api<HeldCoupon[]>(`/member-liff/api/v1/store/${info.storeId}/coupons`),
    [api, info.storeId],
  );
  useEffect(() => {
    let isCurrent = true;
    void load()
      .then((answer) => isCurrent && setHeld(answer))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [load, props.reload]);
  if (!held || held.length === 0) return null;
  return (
    <section data-testid="held-coupons">
      <h2 style={{ margin: '16px 4px 8px', fontSize: 18 }}>{t('coupon.title')}</h2>
      {held.map((h) => {
        const usable = h.usedAt === null && !h.isExpired;
        return (
          <Ticket key={h.claimId} coupon={h.coupon} testId="held-coupon" muted={!usable}>
            <div
              style={{ marginTop: 8, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
            >
              <span>
                <span className="liff-muted">{t('coupon.code')}</span>{' '}
                <strong style={{ fontFamily: 'ui-monospace, monospace', letterSpacing: 2 }}>{h.code}</strong>
              </span>
              <strong data-testid="held-coupon-state">
                {h.usedAt ? t('coupon.used') : h.isExpired ? t('coupon.expired') : t('coupon.usable')}
              </strong>
            </div>
            {usable ? (
              shown === h.claimId ? (
                <div className="liff-center" style={{ marginTop: 8 }}>
                  <div style={{ display: 'flex', justifyContent: 'center' }}>
                    <QrCode value={props.memberCode} label={t('coupon.qr')} size={160} />
                  </div>
                  <div className="liff-muted">{t('coupon.showHint')}</div>
                </div>
              ) : (
                <button
                  type="button"
                  className="liff-button secondary"
                  style={{ marginTop: 8 }}
                  onClick={() => setShown(h.claimId)}
                >
                  {t('coupon.show')}
                </button>
              )
            ) : null}
          </Ticket>
        );
      })}
    </section>
  );
}
