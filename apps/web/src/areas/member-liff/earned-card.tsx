import type { LiffMemberCard, MemberLedgerKind } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useLiff } from '../../components/liff-shell/liff-shell.tsx';

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** The stamps of the card drawn as a card: a filled circle per stamp, an empty one per stamp to go. */
function StampCard(props: { stamps: number; size: number; label: string }) {
  const filled =
    props.stamps % props.size || (props.stamps > 0 && props.stamps % props.size === 0 ? props.size : 0);
  return (
    <div
      role="img"
      aria-label={props.label}
      data-testid="stamp-card"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 8, margin: '12px 0' }}
    >
      {Array.from({ length: props.size }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          style={{
            aspectRatio: '1',
            borderRadius: '50%',
            border: '2px solid var(--brand)',
            background: i < filled ? 'var(--brand)' : 'transparent',
            color: 'var(--brand-contrast)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 700,
          }}
        >
          {i < filled ? '★' : ''}
        </div>
      ))}
    </div>
  );
}

/**
 * What the card has earned: points or stamps, the rank and the way to the next, the points about to
 * expire, and the history. Nothing while the store has no programme.
 */
export function EarnedCard() {
  const { t, api, info } = useLiff();
  const [card, setCard] = useState<LiffMemberCard | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void api<LiffMemberCard>(`/member-liff/api/v1/store/${info.storeId}/card`)
      .then((answer) => isCurrent && setCard(answer))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [api, info.storeId]);
  const standing = card?.standing;
  if (!card || !standing) return null;
  const isPoints = standing.kind === 'POINTS';
  const kindText = (kind: MemberLedgerKind) => t(`earned.kind.${kind}`);
  const progress =
    standing.nextRank && standing.toNextRank !== null
      ? Math.max(0, Math.min(100, Math.round((standing.rankValue / standing.nextRank.threshold) * 100)))
      : 100;
  const unit = standing.rankBasis === 'VISITS_12M' ? t('earned.visits') : t('earned.points');
  return (
    <>
      <section className="liff-card" data-testid="earned-card">
        {isPoints ? (
          <div className="liff-center">
            <div className="liff-muted">{t('earned.balance')}</div>
            <div data-testid="earned-points" style={{ fontSize: 40, fontWeight: 800, lineHeight: 1.2 }}>
              {standing.points.toLocaleString('ja-JP')}
              <span style={{ fontSize: 16, marginLeft: 4 }}>{t('earned.points')}</span>
            </div>
            {standing.expiring ? (
              <div className="liff-muted">
                {/* expiring at 00:00 of a month's first day: valid through the day before */}
                {t('earned.expiring', {
                  points: String(standing.expiring.points),
                  day: dayOf(new Date(Date.parse(standing.expiring.at) - 1).toISOString()),
                })}
              </div>
            ) : null}
          </div>
        ) : (
          <>
            <h2>{t('earned.stampCard')}</h2>
            <StampCard
              stamps={standing.stamps}
              size={standing.stampsForReward}
              label={t('earned.stampLabel', {
                stamps: String(standing.stamps),
                size: String(standing.stampsForReward),
              })}
            />
          </>
        )}
        <div className="liff-muted" style={{ marginTop: 8 }}>
          {t('earned.reward', { reward: standing.rewardName })}
        </div>
        {standing.rank ? (
          <div style={{ marginTop: 16 }} data-testid="earned-rank">
            <div>
              <span className="liff-muted">{t('earned.rank')}</span>{' '}
              <strong style={{ fontSize: 20 }}>{standing.rank.name}</strong>
            </div>
            {standing.rank.benefits ? <div className="liff-muted">{standing.rank.benefits}</div> : null}
            {standing.nextRank ? (
              <>
                <div
                  role="progressbar"
                  aria-label={t('earned.toNext', {
                    rank: standing.nextRank.name,
                    rest: String(standing.toNextRank),
                    unit,
                  })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  style={{
                    height: 8,
                    borderRadius: 4,
                    background: '#e5e7eb',
                    marginTop: 8,
                    overflow: 'hidden',
                  }}
                >
                  <div style={{ width: `${progress}%`, height: '100%', background: 'var(--brand)' }} />
                </div>
                <div className="liff-muted" style={{ marginTop: 4 }}>
                  {t('earned.toNext', {
                    rank: standing.nextRank.name,
                    rest: String(standing.toNextRank),
                    unit,
                  })}
                </div>
              </>
            ) : (
              <div className="liff-muted">{t('earned.top')}</div>
            )}
          </div>
        ) : null}
      </section>
      {card.history.length > 0 ? (
        <section className="liff-card" data-testid="earned-history">
          <h2>{t('earned.history')}</h2>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {card.history.map((entry) => (
              <li
                key={entry.id}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  padding: '8px 0',
                  borderTop: '1px solid #eee',
                }}
              >
                <span>
                  <span className="liff-muted">{dayOf(entry.createdAt)}</span> {kindText(entry.kind)}
                </span>
                <strong>
                  {isPoints
                    ? `${entry.points > 0 ? '+' : ''}${entry.points}${t('earned.pointsShort')}`
                    : `${entry.stamps > 0 ? '+' : ''}${entry.stamps}`}
                </strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
