import { sendableStickerPackages, stickerIdsOf, type DeliveryMessage } from '@app/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StickerImage } from '../../../components/sticker-image.tsx';

export { StickerImage };

type Sticker = Extract<DeliveryMessage, { type: 'sticker' }>;

/** The sticker packages LINE lets an account send, each sticker a button showing its image. */
export function StickerPicker({
  value,
  index,
  onChange,
}: {
  value: Sticker;
  index: number;
  onChange: (value: Sticker) => void;
}) {
  const { t } = useTranslation();
  const ids = stickerIdsOf(value.packageId);
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }} data-testid={`message-sticker-${index}`}>
      <Typography variant="subtitle2">
        {t('deliveries.stickerChosen', {
          n: index + 1,
          packageId: value.packageId,
          stickerId: value.stickerId,
        })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('deliveries.stickerPicker')}
        value={value.packageId}
        onChange={(e) =>
          onChange({
            type: 'sticker',
            packageId: e.target.value,
            stickerId: stickerIdsOf(e.target.value)[0]!,
          })
        }
        sx={{ maxWidth: 240 }}
      >
        {sendableStickerPackages.map((p) => (
          <MenuItem key={p.packageId} value={p.packageId}>
            {t('deliveries.stickerPackageTab', { id: p.packageId })}
          </MenuItem>
        ))}
      </TextField>
      <Box
        role="group"
        aria-label={t('deliveries.stickerPicker')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(56px, 1fr))',
          gap: 0.5,
          maxHeight: 200,
          overflowY: 'auto',
          p: 0.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
        tabIndex={0}
      >
        {ids.map((id) => (
          <ButtonBase
            key={id}
            aria-label={t('deliveries.stickerOption', { id })}
            aria-pressed={id === value.stickerId}
            onClick={() => onChange({ ...value, stickerId: id })}
            sx={{
              p: 0.5,
              borderRadius: 1,
              border: 2,
              borderColor: id === value.stickerId ? 'primary.main' : 'transparent',
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            }}
          >
            <StickerImage stickerId={id} size={44} />
          </ButtonBase>
        ))}
      </Box>
    </Stack>
  );
}
