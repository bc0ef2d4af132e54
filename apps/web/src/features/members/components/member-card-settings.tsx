import { memberCodeShowModes, type MemberSettings, type MemberCodeShowMode } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/translate-message.ts';
import { useSaveMemberSettingsMutation } from '../api/members.api.ts';

/** A phone-sized picture of the member card as the mini-app shows it, in the account's colour. */
function PhonePreview(props: {
  settings: Omit<MemberSettings, 'storeId'>;
  mainColor: string;
  title: string;
}) {
  const { t } = useTranslation();
  const mode = props.settings.memberCodeShowMode;
  const sample = '0123456789';
  return (
    <Box
      data-testid="member-card-preview"
      aria-label={t('members.settings.preview')}
      sx={{
        width: 300,
        height: 560,
        border: '10px solid #222',
        borderRadius: '32px',
        overflow: 'hidden',
        bgcolor: '#f3f5f7',
        flexShrink: 0,
        alignSelf: { xs: 'center', md: 'flex-start' },
      }}
    >
      <Box sx={{ bgcolor: props.mainColor, color: '#fff', px: 2, py: 1.5, fontWeight: 700 }}>
        {props.title}
      </Box>
      <Box sx={{ m: 1.5, p: 2, bgcolor: '#fff', borderRadius: 2, textAlign: 'center' }}>
        {props.settings.isShowMemberCard ? (
          <>
            <Typography variant="subtitle2" color="text.secondary">
              {t('members.settings.cardTitle')}
            </Typography>
            {mode === 'QRCODE' ? (
              <Box
                sx={{
                  // 136 = 8 + 12 whole 10 px modules + 8: no module is cut at the edge
                  width: 136,
                  height: 136,
                  mx: 'auto',
                  my: 1.5,
                  background: 'repeating-conic-gradient(#000 0 25%, #fff 0 50%) 0 0/20px 20px',
                  border: '8px solid #fff',
                  outline: '1px solid #ddd',
                }}
              />
            ) : null}
            {mode === 'BARCODE' ? (
              <Box
                sx={{
                  height: 60,
                  my: 1.5,
                  background:
                    'repeating-linear-gradient(90deg, #000 0 2px, #fff 2px 5px, #000 5px 6px, #fff 6px 9px)',
                }}
              />
            ) : null}
            {mode === 'NONE' ? (
              <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
                {t('members.settings.codeHidden')}
              </Typography>
            ) : (
              <Typography
                sx={{
                  fontFamily: 'monospace',
                  fontWeight: 700,
                  fontSize: mode === 'TEXT' ? 26 : 18,
                  letterSpacing: 2,
                }}
              >
                {sample}
              </Typography>
            )}
          </>
        ) : (
          <Typography sx={{ my: 2 }}>{t('members.settings.noCard')}</Typography>
        )}
      </Box>
      <Box
        sx={{
          mx: 1.5,
          p: 1.2,
          borderRadius: 2,
          textAlign: 'center',
          color: props.mainColor,
          border: `1px solid ${props.mainColor}`,
          bgcolor: '#fff',
          fontWeight: 700,
          fontSize: 14,
        }}
      >
        {t('members.settings.editButton')}
      </Box>
    </Box>
  );
}

/** Store member settings with a live preview of the mini-app's card. */
export function MemberCardSettings(props: {
  lineAccountId: number;
  settings: MemberSettings;
  mainColor: string;
  title: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.settings);
  const save = useSaveMemberSettingsMutation(props.lineAccountId);
  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
          <Stack
            spacing={2}
            sx={{ flex: 1, maxWidth: 420 }}
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(draft);
            }}
          >
            <Typography variant="h6" component="h2">
              {t('members.settings.title')}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.isShowMemberCard}
                  disabled={!props.canManage}
                  onChange={(e) => setDraft({ ...draft, isShowMemberCard: e.target.checked })}
                />
              }
              label={t('members.settings.isShowMemberCard')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.requireRegistration}
                  disabled={!props.canManage}
                  onChange={(e) => setDraft({ ...draft, requireRegistration: e.target.checked })}
                />
              }
              label={t('members.settings.requireRegistration')}
            />
            <TextField
              select
              label={t('members.settings.memberCodeShowMode')}
              value={draft.memberCodeShowMode}
              disabled={!props.canManage}
              onChange={(e) =>
                setDraft({ ...draft, memberCodeShowMode: e.target.value as MemberCodeShowMode })
              }
            >
              {memberCodeShowModes.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`members.settings.mode.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
            {save.isError ? <Typography color="error">{errorText(save.error, t)}</Typography> : null}
            {save.isSuccess ? (
              <Typography color="success.main">{t('members.settings.saved')}</Typography>
            ) : null}
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
          <PhonePreview settings={draft} mainColor={props.mainColor} title={props.title} />
        </Stack>
      </CardContent>
    </Card>
  );
}
