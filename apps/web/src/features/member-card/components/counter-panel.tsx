import type { MemberCounterCard, MemberLedgerEntry } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useCounterActionMutation, useReverseMutation, useScanMutation } from '../api/member-card.api.ts';
import { CounterCoupons } from './counter-coupons.tsx';
import { QrScanner } from './qr-scanner.tsx';

const when = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

function Standing({ card }: { card: MemberCounterCard }) {
  const { t } = useTranslation();
  const s = card.standing;
  const unit =
    s.rankBasis === 'VISITS_12M' ? t('memberCard.counter.visitsUnit') : t('memberCard.counter.pointsUnit');
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={card.member.pictureUrl ?? undefined} alt="" />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2" data-testid="counter-member-name">
            {card.member.displayName ?? card.member.memberCode}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('memberCard.counter.code', { code: card.member.memberCode })}
          </Typography>
        </Box>
        {s.rank ? <Chip color="primary" label={s.rank.name} data-testid="counter-rank" /> : null}
      </Stack>
      <Typography data-testid="counter-balance" sx={{ fontSize: 32, fontWeight: 800 }}>
        {s.kind === 'POINTS'
          ? t('memberCard.counter.points', { points: s.points.toLocaleString('ja-JP') })
          : t('memberCard.counter.stamps', { stamps: s.stamps, size: s.stampsForReward })}
      </Typography>
      {s.nextRank && s.toNextRank !== null ? (
        <>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (s.rankValue / Math.max(1, s.nextRank.threshold)) * 100)}
            aria-label={t('memberCard.counter.toNext', { rank: s.nextRank.name, rest: s.toNextRank, unit })}
          />
          <Typography variant="body2" color="text.secondary">
            {t('memberCard.counter.toNext', { rank: s.nextRank.name, rest: s.toNextRank, unit })}
          </Typography>
        </>
      ) : null}
      {s.rank?.benefits ? (
        <Typography variant="body2">
          {t('memberCard.counter.benefits', { benefits: s.rank.benefits })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function entryText(entry: MemberLedgerEntry, t: ReturnType<typeof useTranslation>['t']) {
  if (entry.kind === 'COUPON') return t('memberCard.kinds.COUPON');
  const amount =
    entry.points !== 0
      ? `${entry.points > 0 ? '+' : ''}${entry.points}pt`
      : `${entry.stamps > 0 ? '+' : ''}${entry.stamps}`;
  const yen = entry.amountYen !== null ? ` (¥${Math.abs(entry.amountYen).toLocaleString('ja-JP')})` : '';
  return `${t(`memberCard.kinds.${entry.kind}`)} ${amount}${yen}`;
}

/** The member found, their standing, the one-tap actions and the history (managers reverse a row). */
function CounterCard(props: {
  lineAccountId: number;
  card: MemberCounterCard;
  canReverse: boolean;
  onCard: (card: MemberCounterCard) => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const act = useCounterActionMutation(props.lineAccountId);
  const reverse = useReverseMutation(props.lineAccountId);
  const memberId = props.card.member.id;
  const s = props.card.standing;
  const run = (body: Parameters<typeof act.mutate>[0]['body'], message: string) => {
    setDone(null);
    act.mutate(
      { memberId, body: reason.trim() ? { ...body, reason: reason.trim() } : body },
      {
        onSuccess: (card) => {
          props.onCard(card);
          setAmount('');
          setReason('');
          setDone(message);
        },
      },
    );
  };
  const isActive = props.card.member.status === 'ACTIVE';
  const canRedeem =
    s.kind === 'POINTS' ? s.rewardPoints > 0 && s.points >= s.rewardPoints : s.stamps >= s.stampsForReward;
  return (
    <Card data-testid="counter-card">
      <CardContent>
        <Stack spacing={2}>
          <Standing card={props.card} />
          {props.card.member.status !== 'ACTIVE' ? (
            <Alert severity="warning">{t('memberCard.counter.inactive')}</Alert>
          ) : null}
          <TextField
            size="small"
            label={t('memberCard.counter.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Button
            variant="contained"
            size="large"
            disabled={act.isPending || !isActive}
            onClick={() => run({ action: 'VISIT' }, t('memberCard.counter.visitDone'))}
          >
            {t('memberCard.counter.visit')}
          </Button>
          {s.kind === 'POINTS' ? (
            <Stack
              direction="row"
              spacing={1}
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                run({ action: 'PURCHASE', amountYen: Number(amount) }, t('memberCard.counter.purchaseDone'));
              }}
            >
              <TextField
                label={t('memberCard.counter.amount')}
                value={amount}
                onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={act.isPending || amount === '' || !isActive}
              >
                {t('memberCard.counter.addPoints')}
              </Button>
            </Stack>
          ) : null}
          <Button
            variant="outlined"
            size="large"
            disabled={act.isPending || !canRedeem || !isActive}
            onClick={() =>
              run({ action: 'REDEEM' }, t('memberCard.counter.redeemDone', { reward: s.rewardName }))
            }
          >
            {t('memberCard.counter.redeem', { reward: s.rewardName })}
          </Button>
          {act.isError ? <Alert severity="error">{showFailure(act.error)}</Alert> : null}
          <CounterCoupons
            lineAccountId={props.lineAccountId}
            memberId={memberId}
            disabled={!isActive}
            onCard={props.onCard}
          />
          {reverse.isError ? <Alert severity="error">{showFailure(reverse.error)}</Alert> : null}
          {done ? (
            <Alert severity="success" data-testid="counter-done">
              {done}
            </Alert>
          ) : null}
          <Divider />
          <Typography variant="subtitle1" component="h3">
            {t('memberCard.counter.history')}
          </Typography>
          {props.card.history.length === 0 ? (
            <Typography color="text.secondary">{t('memberCard.counter.noHistory')}</Typography>
          ) : (
            <List dense disablePadding>
              {props.card.history.map((entry) => (
                <ListItem
                  key={entry.id}
                  disableGutters
                  secondaryAction={
                    props.canReverse &&
                    entry.kind !== 'REVERSAL' &&
                    entry.kind !== 'EXPIRE' &&
                    entry.reversedById === null ? (
                      <Button
                        size="small"
                        color="error"
                        disabled={reverse.isPending}
                        onClick={() =>
                          reverse.mutate(
                            { memberId, entryId: entry.id },
                            { onSuccess: (card) => props.onCard(card) },
                          )
                        }
                      >
                        {t('memberCard.counter.reverse')}
                      </Button>
                    ) : null
                  }
                >
                  <ListItemText
                    primary={entryText(entry, t)}
                    secondary={`${when(entry.createdAt)}${entry.reason ? ` ・ ${entry.reason}` : ''}${entry.staffName ? ` ・ ${entry.staffName}` : ''}${
                      entry.reversedById !== null ? ` ・ ${t('memberCard.counter.reversed')}` : ''
                    }`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** 読み取り: scan a member card's QR (or type its number), then act on it in one tap. */
export function CounterPanel(props: { lineAccountId: number; canReverse: boolean }) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [code, setCode] = useState('');
  const [card, setCard] = useState<MemberCounterCard | null>(null);
  const scan = useScanMutation(props.lineAccountId);
  const find = (value: string) => {
    const memberCode = value.replace(/\s/g, '');
    setCode(memberCode);
    scan.mutate(memberCode, { onSuccess: setCard, onError: () => setCard(null) });
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <QrScanner onCode={find} />
            <Stack
              direction="row"
              spacing={1}
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                find(code);
              }}
            >
              <TextField
                label={t('memberCard.scan.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="outlined" disabled={code.trim() === '' || scan.isPending}>
                {t('memberCard.scan.find')}
              </Button>
            </Stack>
            {scan.isError ? <Alert severity="error">{showFailure(scan.error)}</Alert> : null}
          </Stack>
        </CardContent>
      </Card>
      {card ? (
        <CounterCard
          key={card.member.id}
          lineAccountId={props.lineAccountId}
          card={card}
          canReverse={props.canReverse}
          onCard={setCard}
        />
      ) : null}
    </Stack>
  );
}
