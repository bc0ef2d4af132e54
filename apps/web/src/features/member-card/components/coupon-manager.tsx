import { couponKinds, type Coupon, type CouponBody, type CouponKind } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { couponsQueryOptions, useSaveCouponMutation } from '../api/coupons.api.ts';
import { couponBenefitText } from './coupon-texts.ts';

type Draft = {
  name: string;
  kind: CouponKind;
  value: string;
  itemText: string;
  description: string;
  imageUrl: string;
  validFrom: string;
  validTo: string;
  perMemberLimit: string;
  totalLimit: string;
  isEnabled: boolean;
};

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());

const toDraft = (c: Coupon | null): Draft =>
  c
    ? {
        name: c.name,
        kind: c.kind,
        value: c.kind === 'FREE_ITEM' ? '' : String(c.value),
        itemText: c.itemText,
        description: c.description,
        imageUrl: c.imageUrl ?? '',
        validFrom: c.validFrom,
        validTo: c.validTo,
        perMemberLimit: String(c.perMemberLimit),
        totalLimit: c.totalLimit === null ? '' : String(c.totalLimit),
        isEnabled: c.isEnabled,
      }
    : {
        name: '',
        kind: 'AMOUNT',
        value: '100',
        itemText: '',
        description: '',
        imageUrl: '',
        validFrom: today(),
        validTo: today(),
        perMemberLimit: '1',
        totalLimit: '',
        isEnabled: true,
      };

const toBody = (d: Draft): CouponBody => ({
  name: d.name,
  kind: d.kind,
  value: d.kind === 'FREE_ITEM' ? 0 : Number(d.value || 0),
  itemText: d.kind === 'FREE_ITEM' ? d.itemText : '',
  description: d.description,
  imageUrl: d.imageUrl.trim() === '' ? null : d.imageUrl.trim(),
  validFrom: d.validFrom,
  validTo: d.validTo,
  perMemberLimit: Number(d.perMemberLimit || 0),
  totalLimit: d.totalLimit.trim() === '' ? null : Number(d.totalLimit),
  isEnabled: d.isEnabled,
});

function CouponDialog(props: { lineAccountId: number; coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [draft, setDraft] = useState(() => toDraft(props.coupon));
  const save = useSaveCouponMutation(props.lineAccountId);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const digits = (v: string) => v.replace(/[^\d]/g, '');
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(props.coupon ? 'memberCard.coupons.edit' : 'memberCard.coupons.create')}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          id="coupon-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ id: props.coupon?.id ?? null, body: toBody(draft) }, { onSuccess: props.onClose });
          }}
        >
          <TextField
            label={t('memberCard.coupons.name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <TextField
            select
            label={t('memberCard.coupons.kind')}
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value as CouponKind)}
          >
            {couponKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`memberCard.coupons.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {draft.kind === 'FREE_ITEM' ? (
            <TextField
              label={t('memberCard.coupons.itemText')}
              value={draft.itemText}
              onChange={(e) => set('itemText', e.target.value)}
              required
            />
          ) : (
            <TextField
              label={t(
                draft.kind === 'AMOUNT' ? 'memberCard.coupons.valueYen' : 'memberCard.coupons.valuePercent',
              )}
              value={draft.value}
              onChange={(e) => set('value', digits(e.target.value))}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          )}
          <TextField
            label={t('memberCard.coupons.description')}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            multiline
            minRows={2}
          />
          <TextField
            label={t('memberCard.coupons.imageUrl')}
            value={draft.imageUrl}
            onChange={(e) => set('imageUrl', e.target.value)}
            helperText={t('memberCard.coupons.imageHelp')}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              type="date"
              label={t('memberCard.coupons.validFrom')}
              value={draft.validFrom}
              onChange={(e) => set('validFrom', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <TextField
              type="date"
              label={t('memberCard.coupons.validTo')}
              value={draft.validTo}
              onChange={(e) => set('validTo', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('memberCard.coupons.perMemberLimit')}
              value={draft.perMemberLimit}
              onChange={(e) => set('perMemberLimit', digits(e.target.value))}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('memberCard.coupons.totalLimit')}
              value={draft.totalLimit}
              onChange={(e) => set('totalLimit', digits(e.target.value))}
              helperText={t('memberCard.coupons.totalLimitHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <FormControlLabel
            control={
              <Switch checked={draft.isEnabled} onChange={(e) => set('isEnabled', e.target.checked)} />
            }
            label={t('memberCard.coupons.enabled')}
          />
          {save.isError ? <Alert severity="error">{showFailure(save.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form="coupon-form" variant="contained" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** クーポン: the store's coupons with their claims and uses; managers and owners make and change them. */
export function CouponManager(props: { lineAccountId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const coupons = useQuery(couponsQueryOptions(props.lineAccountId));
  const [editing, setEditing] = useState<Coupon | null | 'new'>(null);
  const list = coupons.data ?? [];
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2">
              {t('memberCard.coupons.title')}
            </Typography>
            {props.canManage ? (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
                {t('memberCard.coupons.create')}
              </Button>
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('memberCard.coupons.lead')}
          </Typography>
          {coupons.isSuccess && list.length === 0 ? (
            <Typography color="text.secondary">{t('memberCard.coupons.none')}</Typography>
          ) : null}
          {list.length > 0 ? (
            <Table size="small" data-testid="coupon-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('memberCard.coupons.name')}</TableCell>
                  <TableCell>{t('memberCard.coupons.benefit')}</TableCell>
                  <TableCell>{t('memberCard.coupons.validity')}</TableCell>
                  <TableCell align="right">{t('memberCard.coupons.claimedUsed')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      {c.name}{' '}
                      {c.isEnabled ? null : <Chip size="small" label={t('memberCard.coupons.off')} />}
                    </TableCell>
                    <TableCell>{couponBenefitText(c, t)}</TableCell>
                    <TableCell>{`${c.validFrom}〜${c.validTo}`}</TableCell>
                    <TableCell align="right">
                      {c.totalLimit === null
                        ? `${c.claimed} / ${c.used}`
                        : `${c.claimed}（${c.totalLimit}）/ ${c.used}`}
                    </TableCell>
                    <TableCell align="right">
                      {props.canManage ? (
                        <Button size="small" onClick={() => setEditing(c)}>
                          {t('common.edit')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </Stack>
      </CardContent>
      {editing !== null ? (
        <CouponDialog
          lineAccountId={props.lineAccountId}
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
