import {
  deliveryImageLimits as limits,
  deliveryMediaUrl,
  type DeliveryImagemap,
  type ImagemapAction,
  type ImagemapArea,
} from '@app/contracts';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCanvas } from '../../../components/area-canvas/area-canvas.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';

type Bounds = ImagemapArea['bounds'];
const W = limits.imagemapWidth;

/** A new rich message: no image yet; a square 1040 x 1040 until one is uploaded. */
export const newImagemapMessage = (): DeliveryImagemap => ({
  type: 'imagemap',
  imageKey: '',
  height: W,
  altText: '',
  areas: [],
});

/** The 1040-wide image the composer shows (same origin as the app). */
export const imagemapSrc = (imageKey: string) => deliveryMediaUrl('', imageKey, String(W));

/** A grid of `cols` x `rows` cells over the whole image (the last column and row take the rounding). */
function grid(cols: number, rows: number, height: number): Bounds[] {
  const xs = Array.from({ length: cols + 1 }, (_, i) => Math.round((W * i) / cols));
  const ys = Array.from({ length: rows + 1 }, (_, i) => Math.round((height * i) / rows));
  return ys
    .slice(0, -1)
    .flatMap((y, r) =>
      xs.slice(0, -1).map((x, c) => ({ x, y, width: xs[c + 1]! - x, height: ys[r + 1]! - y })),
    );
}

/** LINE Official Account Manager's rich message layouts (1, 2 halves, 4 quarters, 6), and free drawing. */
export const imagemapLayouts = [
  { id: '1', cols: 1, rows: 1 },
  { id: '2', cols: 2, rows: 1 },
  { id: '2v', cols: 1, rows: 2 },
  { id: '4', cols: 2, rows: 2 },
  { id: '6', cols: 3, rows: 2 },
] as const;

const newAction = (): ImagemapAction => ({ type: 'uri', uri: 'https://' });

/** The layout's areas for an image of this height, each a link still to be filled in. */
export const layoutAreas = (layout: (typeof imagemapLayouts)[number], height: number): ImagemapArea[] =>
  grid(layout.cols, layout.rows, height).map((bounds) => ({ bounds, action: newAction() }));

function AreaForm({
  area,
  no,
  index,
  selected,
  onSelect,
  onChange,
  onRemove,
}: {
  area: ImagemapArea;
  no: number;
  index: number;
  selected: boolean;
  onSelect: () => void;
  onChange: (area: ImagemapArea) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const action = area.action;
  const id = `imagemap-${index}-area-${no}`;
  const setAction = (next: ImagemapAction) => onChange({ ...area, action: next });
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-label={t('deliveries.images.area', { n: no + 1 })}
      onFocus={onSelect}
      sx={{
        p: 1.25,
        m: 0,
        borderColor: selected ? 'primary.main' : 'divider',
        borderWidth: selected ? 2 : 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="legend">
          {t('deliveries.images.area', { n: no + 1 })}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('deliveries.images.removeArea', { n: no + 1 })}
          onClick={onRemove}
        >
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 160px) minmax(0, 1fr)', gap: 1 }}>
        <TextField
          select
          size="small"
          label={t('deliveries.actionType')}
          value={action.type}
          onChange={(e) =>
            setAction(
              e.target.value === 'uri'
                ? { type: 'uri', uri: 'https://', label: action.label }
                : { type: 'message', text: '', label: action.label },
            )
          }
          slotProps={{ htmlInput: { 'data-testid': `${id}-type` } }}
        >
          <MenuItem value="uri">{t('deliveries.actionUri')}</MenuItem>
          <MenuItem value="message">{t('deliveries.actionMessage')}</MenuItem>
        </TextField>
        {action.type === 'uri' ? (
          <TextField
            size="small"
            type="url"
            label={t('deliveries.actionLink')}
            value={action.uri}
            onChange={(e) => setAction({ ...action, uri: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `${id}-uri` } }}
          />
        ) : (
          <TextField
            size="small"
            label={t('deliveries.actionText')}
            value={action.text}
            onChange={(e) => setAction({ ...action, text: e.target.value })}
            helperText={`${action.text.length} / ${limits.actionText}`}
            error={action.text.length > limits.actionText}
            slotProps={{ htmlInput: { 'data-testid': `${id}-text` } }}
          />
        )}
        <TextField
          size="small"
          label={t('deliveries.images.areaLabel')}
          value={action.label ?? ''}
          onChange={(e) => setAction({ ...action, label: e.target.value || undefined })}
          sx={{ gridColumn: '1 / 3' }}
          slotProps={{ htmlInput: { 'data-testid': `${id}-label` } }}
        />
      </Box>
    </Paper>
  );
}

/**
 * A rich message (リッチメッセージ, LINE's imagemap): the uploaded image, made 1040 px wide by the server, with
 * up to 50 tap areas drawn on it as on a rich menu (the rich menu editor's AreaCanvas), from a layout
 * (1, 2, 4, 6) or freely; each opens a link (counted through our tracked redirect) or sends a text.
 */
export function ImagemapEditor({
  value,
  index,
  lineAccountId,
  onChange,
}: {
  value: DeliveryImagemap;
  index: number;
  lineAccountId: number;
  onChange: (value: DeliveryImagemap) => void;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  const setAreas = (areas: ImagemapArea[]) => onChange({ ...value, areas });
  const full = value.areas.length >= limits.maxAreas;
  return (
    <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }} data-testid={`message-imagemap-${index}`}>
      <Typography variant="subtitle2">{t('deliveries.images.imagemapLabel', { n: index + 1 })}</Typography>
      <TextField
        size="small"
        required
        label={t('deliveries.altText')}
        value={value.altText}
        onChange={(e) => onChange({ ...value, altText: e.target.value })}
        helperText={`${t('deliveries.altTextHelp')} (${value.altText.length} / ${limits.altText})`}
        error={value.altText.length > limits.altText}
        slotProps={{ htmlInput: { 'data-testid': `message-${index}-alt-text` } }}
      />
      <ImageUploadButton
        lineAccountId={lineAccountId}
        kind="imagemap"
        hasImage={Boolean(value.imageKey)}
        testId={`imagemap-file-${index}`}
        onUploaded={(image) => {
          // areas drawn for another height are kept where they still fit the new image
          const areas = value.areas.filter((a) => a.bounds.y + a.bounds.height <= image.height);
          onChange({ ...value, imageKey: image.key, height: image.height, areas });
        }}
      />
      <Box>
        <Typography variant="body2" sx={{ mb: 0.75 }}>
          {t('deliveries.images.layout')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {imagemapLayouts.map((layout) => (
            <ButtonBase
              key={layout.id}
              aria-label={t(`deliveries.images.layouts.${layout.id}`)}
              title={t(`deliveries.images.layouts.${layout.id}`)}
              data-testid={`imagemap-${index}-layout-${layout.id}`}
              onClick={() => {
                setAreas(layoutAreas(layout, value.height));
                setSelected(0);
              }}
              sx={{
                position: 'relative',
                width: 56,
                aspectRatio: `${W} / ${value.height}`,
                maxHeight: 112,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
              }}
            >
              {grid(layout.cols, layout.rows, value.height).map((cell, no) => (
                <Box
                  key={no}
                  sx={{
                    position: 'absolute',
                    left: `${(cell.x / W) * 100}%`,
                    top: `${(cell.y / value.height) * 100}%`,
                    width: `${(cell.width / W) * 100}%`,
                    height: `${(cell.height / value.height) * 100}%`,
                    border: 1,
                    borderColor: 'primary.main',
                  }}
                />
              ))}
            </ButtonBase>
          ))}
          <ButtonBase
            aria-label={t('deliveries.images.layouts.free')}
            title={t('deliveries.images.layouts.free')}
            data-testid={`imagemap-${index}-layout-free`}
            onClick={() => {
              setAreas([]);
              setSelected(null);
            }}
            sx={{
              px: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              fontSize: 12,
              bgcolor: 'background.paper',
            }}
          >
            {t('deliveries.images.layouts.free')}
          </ButtonBase>
        </Box>
      </Box>
      {value.imageKey ? (
        <Box sx={{ maxWidth: 420 }}>
          <AreaCanvas
            imageSrc={imagemapSrc(value.imageKey)}
            size={{ width: W, height: value.height }}
            areas={value.areas}
            selected={selected}
            onSelect={setSelected}
            onAdd={(bounds) => {
              if (full) return;
              setAreas([...value.areas, { bounds, action: newAction() }]);
              setSelected(value.areas.length);
            }}
            onChange={(no, bounds) => setAreas(value.areas.map((a, i) => (i === no ? { ...a, bounds } : a)))}
          />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('deliveries.images.noImage')}
        </Typography>
      )}
      <Typography variant="body2">
        {t('deliveries.images.areas')} ({value.areas.length} / {limits.maxAreas})
      </Typography>
      {value.areas.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('deliveries.images.noAreas')}
        </Typography>
      )}
      {value.areas.map((area, no) => (
        <AreaForm
          key={no}
          area={area}
          no={no}
          index={index}
          selected={selected === no}
          onSelect={() => setSelected(no)}
          onChange={(next) => setAreas(value.areas.map((a, i) => (i === no ? next : a)))}
          onRemove={() => {
            setAreas(value.areas.filter((_, i) => i !== no));
            setSelected(null);
          }}
        />
      ))}
    </Stack>
  );
}
