import {
  memberProgramKinds,
  memberRankBases,
  memberRoundings,
  type MemberProgram,
  type MemberProgramBody,
  type MemberRank,
} from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useSaveProgramMutation } from '../api/member-card.api.ts';

type Draft = Omit<MemberProgramBody, 'pointsPerYen' | 'expiryMonths' | 'ranks'> & {
  /** Shown as points per ¥100 (a whole number reads better than 0.01). */
  pointsPer100Yen: number;
  expiryMonths: string;
  ranks: MemberRank[];
};

const defaults: Draft = {
  kind: 'POINTS',
  pointsPerVisit: 10,
  pointsPer100Yen: 1,
  rounding: 'FLOOR',
  expiryMonths: '12',
  rewardPoints: 500,
  stampsForReward: 10,
  stampIntervalMinutes: 60,
  rewardName: '',
  rankBasis: 'POINTS_12M',
  ranks: [{ name: 'レギュラー', threshold: 0, benefits: '', message: '' }],
};

const toDraft = (p: MemberProgram | null): Draft =>
  p
    ? {
        kind: p.kind,
        pointsPerVisit: p.pointsPerVisit,
        pointsPer100Yen: Math.round(p.pointsPerYen * 100 * 1000) / 1000,
        rounding: p.rounding,
        expiryMonths: p.expiryMonths === null ? '' : String(p.expiryMonths),
        rewardPoints: p.rewardPoints,
        stampsForReward: p.stampsForReward,
        stampIntervalMinutes: p.stampIntervalMinutes,
        rewardName: p.rewardName,
        rankBasis: p.rankBasis,
        ranks: p.ranks,
      }
    : defaults;

const toBody = (d: Draft): MemberProgramBody => {
  const { pointsPer100Yen, expiryMonths, ...rest } = d;
  return {
    ...rest,
    pointsPerYen: pointsPer100Yen / 100,
    expiryMonths: expiryMonths.trim() === '' ? null : Number(expiryMonths),
  };
};

/** The store's point or stamp programme and its ranks: managers and owners set it, the others read it. */
export function ProgramForm(props: {
  lineAccountId: number;
  program: MemberProgram | null;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [draft, setDraft] = useState<Draft>(() => toDraft(props.program));
  const save = useSaveProgramMutation(props.lineAccountId);
  const disabled = !props.canManage;
  const number = (key: keyof Draft, label: string, extra: { helperText?: string } = {}) => (
    <TextField
      label={label}
      type="number"
      value={draft[key]}
      disabled={disabled}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value === '' ? 0 : Number(e.target.value) })}
      slotProps={{ htmlInput: { min: 0 } }}
      {...extra}
    />
  );
  const setRank = (index: number, change: Partial<MemberRank>) =>
    setDraft({ ...draft, ranks: draft.ranks.map((r, i) => (i === index ? { ...r, ...change } : r)) });
  return (
    <Card>
      <CardContent>
        <Stack
          spacing={2}
          component="form"
          sx={{ maxWidth: 640 }}
          aria-label={t('memberCard.program.title')}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(toBody(draft));
          }}
        >
          <Typography variant="h6" component="h2">
            {t('memberCard.program.title')}
          </Typography>
          {!props.program ? <Alert severity="info">{t('memberCard.program.none')}</Alert> : null}
          <TextField
            select
            label={t('memberCard.program.kind')}
            value={draft.kind}
            disabled={disabled}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as Draft['kind'] })}
          >
            {memberProgramKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`memberCard.program.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {draft.kind === 'POINTS' ? (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {number('pointsPerVisit', t('memberCard.program.pointsPerVisit'))}
                {number('pointsPer100Yen', t('memberCard.program.pointsPer100Yen'))}
                <TextField
                  select
                  label={t('memberCard.program.rounding')}
                  value={draft.rounding}
                  disabled={disabled}
                  onChange={(e) => setDraft({ ...draft, rounding: e.target.value as Draft['rounding'] })}
                  sx={{ minWidth: 140 }}
                >
                  {memberRoundings.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`memberCard.program.roundings.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('memberCard.program.expiryMonths')}
                  type="number"
                  value={draft.expiryMonths}
                  disabled={disabled}
                  helperText={t('memberCard.program.expiryHelp')}
                  onChange={(e) => setDraft({ ...draft, expiryMonths: e.target.value })}
                />
                {number('rewardPoints', t('memberCard.program.rewardPoints'))}
              </Stack>
            </>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {number('stampsForReward', t('memberCard.program.stampsForReward'))}
              {number('stampIntervalMinutes', t('memberCard.program.stampIntervalMinutes'))}
            </Stack>
          )}
          <TextField
            label={t('memberCard.program.rewardName')}
            value={draft.rewardName}
            disabled={disabled}
            onChange={(e) => setDraft({ ...draft, rewardName: e.target.value })}
          />
          <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
            {t('memberCard.program.ranks')}
          </Typography>
          <TextField
            select
            label={t('memberCard.program.rankBasis')}
            value={draft.rankBasis}
            disabled={disabled}
            onChange={(e) => setDraft({ ...draft, rankBasis: e.target.value as Draft['rankBasis'] })}
          >
            {memberRankBases.map((b) => (
              <MenuItem key={b} value={b}>
                {t(`memberCard.program.rankBases.${b}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t('memberCard.program.rankMessageHelp')}
          </Typography>
          {draft.ranks.map((rank, index) => (
            <Stack
              key={index}
              spacing={1.5}
              data-testid="program-rank"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('memberCard.program.rankName')}
                  value={rank.name}
                  disabled={disabled}
                  onChange={(e) => setRank(index, { name: e.target.value })}
                  size="small"
                  sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
                />
                <TextField
                  label={t('memberCard.program.threshold')}
                  type="number"
                  value={rank.threshold}
                  disabled={disabled}
                  onChange={(e) => setRank(index, { threshold: Number(e.target.value) })}
                  size="small"
                  sx={{ width: { xs: '100%', sm: 110 }, flexShrink: 0 }}
                />
                <TextField
                  label={t('memberCard.program.benefits')}
                  value={rank.benefits}
                  disabled={disabled}
                  onChange={(e) => setRank(index, { benefits: e.target.value })}
                  size="small"
                  sx={{ flex: 1, width: { xs: '100%', sm: 'auto' } }}
                />
                {props.canManage ? (
                  <IconButton
                    aria-label={t('memberCard.program.removeRank', { name: rank.name })}
                    onClick={() => setDraft({ ...draft, ranks: draft.ranks.filter((_, i) => i !== index) })}
                    // on a phone the fields stack: the bin goes to the box's top right, above them
                    sx={{ order: { xs: -1, sm: 0 }, alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
                  >
                    <DeleteOutlined />
                  </IconButton>
                ) : null}
              </Stack>
              {index === 0 ? (
                // everyone starts at the first rank: nobody "reaches" it, so it has no message (decision 0050)
                <Typography variant="caption" color="text.secondary">
                  {t('memberCard.program.firstRankNoMessage')}
                </Typography>
              ) : (
                <TextField
                  label={t('memberCard.program.rankMessage', { name: rank.name })}
                  value={rank.message}
                  disabled={disabled}
                  onChange={(e) => setRank(index, { message: e.target.value })}
                  size="small"
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: 5000 } }}
                />
              )}
            </Stack>
          ))}
          {props.canManage ? (
            <Button
              startIcon={<AddOutlined />}
              sx={{ alignSelf: 'flex-start' }}
              onClick={() =>
                setDraft({
                  ...draft,
                  ranks: [
                    ...draft.ranks,
                    {
                      name: '',
                      threshold: (draft.ranks.at(-1)?.threshold ?? 0) + 100,
                      benefits: '',
                      message: '',
                    },
                  ],
                })
              }
            >
              {t('memberCard.program.addRank')}
            </Button>
          ) : null}
          {save.isError ? <Alert severity="error">{showFailure(save.error)}</Alert> : null}
          {save.isSuccess ? <Alert severity="success">{t('memberCard.program.saved')}</Alert> : null}
          {props.canManage ? (
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('common.save')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
