import {
  createTabbedRichMenuBodySchema,
  type CreateTabbedRichMenuBody,
  type TabConfigInput,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useFormContext, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FormActions,
  FormNumberField,
  FormSelectField,
  FormTextField,
} from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { RichMenuPhonePreview } from './phone-preview.tsx';
import { applyLayout, newItem, TabLayoutPicker } from './tab-layout-picker.tsx';

type Values = CreateTabbedRichMenuBody;
const PREVIEW_DELAY_MS = 700;

const newTab = (index: number, suffix: string): TabConfigInput => ({
  label: `タブ${index}`,
  text: `タブ${index}`,
  ratio: 1,
  tabGap: 8,
  menuAliasId: `tab${index}-${suffix}`,
  border: { top: 24, bottom: 24, left: 24, right: 24 },
  itemRows: [{ items: [newItem(1), newItem(2)] }],
});

function ItemsEditor({
  tab,
  row,
  canRemoveRow,
  onRemoveRow,
  advanced,
}: {
  tab: number;
  row: number;
  canRemoveRow: boolean;
  onRemoveRow: () => void;
  advanced: boolean;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<Values>();
  const items = useFieldArray({ control, name: `tabConfig.${tab}.itemRows.${row}.items` });
  const types = useWatch({ control, name: `tabConfig.${tab}.itemRows.${row}.items` });
  const typeOptions = (['message', 'uri'] as const).map((value) => ({
    value,
    label: t(`richMenus.actionTypes.${value}`),
  }));
  return (
    <Card variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('richMenus.tabbed.row', { number: row + 1 })}
        </Typography>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => items.append(newItem(items.fields.length + 1))}
        >
          {t('richMenus.tabbed.addItem')}
        </Button>
        {canRemoveRow && (
          <IconButton
            size="small"
            aria-label={t('richMenus.tabbed.removeRow', { number: row + 1 })}
            onClick={onRemoveRow}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Stack spacing={1.5}>
        {items.fields.map((field, index) => {
          const name = `tabConfig.${tab}.itemRows.${row}.items.${index}`;
          const type = types?.[index]?.type ?? 'message';
          return (
            <Grid container spacing={1} key={field.id} sx={{ alignItems: 'center' }}>
              {/* wide enough for the longest action name (メッセージ送信 was cut) */}
              <Grid size={{ xs: 6, sm: 3.5 }}>
                <FormSelectField
                  name={`${name}.type`}
                  label={t('richMenus.editor.actionType')}
                  options={typeOptions}
                  size="small"
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 6, sm: advanced ? 2 : 3 }}>
                <FormTextField
                  name={`${name}.label`}
                  label={t('richMenus.editor.actionLabel')}
                  size="small"
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, sm: advanced ? 2.5 : 4.5 }}>
                {type === 'uri' ? (
                  <FormTextField
                    name={`${name}.uri`}
                    label={t('richMenus.editor.actionUri')}
                    size="small"
                    fullWidth
                  />
                ) : (
                  <FormTextField
                    name={`${name}.text`}
                    label={t('richMenus.editor.actionText')}
                    size="small"
                    fullWidth
                  />
                )}
              </Grid>
              {advanced && (
                <>
                  <Grid size={{ xs: 4, sm: 1.5 }}>
                    <FormNumberField
                      name={`${name}.ratio`}
                      label={t('richMenus.tabbed.ratio')}
                      size="small"
                      fullWidth
                      slotProps={{ htmlInput: { min: 0.1, step: 0.1 } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 4, sm: 1.5 }}>
                    <FormNumberField
                      name={`${name}.gap`}
                      label={t('richMenus.tabbed.gap')}
                      size="small"
                      fullWidth
                    />
                  </Grid>
                </>
              )}
              <Grid size={{ xs: 4, sm: 1 }}>
                <IconButton
                  size="small"
                  disabled={items.fields.length === 1}
                  aria-label={t('richMenus.tabbed.removeItem', { number: index + 1 })}
                  onClick={() => items.remove(index)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Grid>
            </Grid>
          );
        })}
      </Stack>
    </Card>
  );
}

function TabEditor({ tab, control, advanced }: { tab: number; control: Control<Values>; advanced: boolean }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name: `tabConfig.${tab}.itemRows` });
  const rowValues = useWatch({ control, name: `tabConfig.${tab}.itemRows` });
  const name = `tabConfig.${tab}`;
  return (
    <Stack spacing={2}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name={`${name}.label`} label={t('richMenus.tabbed.label')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            name={`${name}.text`}
            label={t('richMenus.editor.chatBarText')}
            hint={t('richMenus.editor.chatBarTextHint')}
            required
            fullWidth
          />
        </Grid>
        {advanced && (
          <>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                name={`${name}.menuAliasId`}
                label={t('richMenus.tabbed.alias')}
                hint={t('richMenus.tabbed.aliasHint')}
                required
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <FormNumberField
                name={`${name}.ratio`}
                label={t('richMenus.tabbed.tabRatio')}
                fullWidth
                slotProps={{ htmlInput: { min: 0.1, step: 0.1 } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <FormNumberField name={`${name}.tabGap`} label={t('richMenus.tabbed.tabGap')} fullWidth />
            </Grid>
            {(['top', 'bottom', 'left', 'right'] as const).map((side) => (
              <Grid size={{ xs: 6, sm: 3 }} key={side}>
                <FormNumberField
                  name={`${name}.border.${side}`}
                  label={t(`richMenus.tabbed.border.${side}`)}
                  fullWidth
                />
              </Grid>
            ))}
          </>
        )}
      </Grid>
      <TabLayoutPicker
        rows={rowValues ?? []}
        onPick={(layout) => rows.replace(applyLayout(rowValues ?? [], layout))}
      />
      {rows.fields.map((field, row) => (
        <ItemsEditor
          key={field.id}
          tab={tab}
          row={row}
          canRemoveRow={rows.fields.length > 1}
          onRemoveRow={() => rows.remove(row)}
          advanced={advanced}
        />
      ))}
      <Box>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => rows.append({ items: [newItem(1)] })}>
          {t('richMenus.tabbed.addRow')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The tabbed rich menu builder: size, tabs (label, chat bar text, alias, ratio, gap, border) with their
 * rows of items, and each tab's image as the server draws it, refreshed as the form changes.
 */
export function TabbedRichMenuBuilder({
  accountName,
  initial,
  submitLabel,
  onPreview,
  onSubmit,
  onCancel,
}: {
  accountName?: string;
  /** The tabbed menu being edited (its tabs as they were sent); a new one without. */
  initial?: Values;
  submitLabel?: string;
  onPreview: (body: Values) => Promise<{ images: string[] }>;
  onSubmit: (body: Values) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [suffix] = useState(() => Math.random().toString(36).slice(2, 7));
  // Alias ids, ratios, gaps and margins have working defaults; they show only under 詳細設定.
  const [advanced, setAdvanced] = useState(false);
  const defaultValues: Values = initial ?? {
    width: 2500,
    height: 1686,
    tabConfig: [newTab(1, suffix), newTab(2, suffix)],
  };
  const form = useForm<Values>({
    resolver: zodResolver(createTabbedRichMenuBodySchema) as never,
    defaultValues,
  });
  const submit = useServerSubmit(form, { defaultValues, onSubmit });
  const tabs = useFieldArray({ control: form.control, name: 'tabConfig' });
  const [current, setCurrent] = useState(0);
  const values = useWatch({ control: form.control }) as Values;
  const [images, setImages] = useState<string[]>([]);
  const [previewState, setPreviewState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const latest = useRef(0);
  // The latest callback, without making a new preview on every render of the page.
  const previewRef = useRef(onPreview);
  useEffect(() => {
    previewRef.current = onPreview;
  });
  const serialized = JSON.stringify(values);
  const isValid = useMemo(
    () => createTabbedRichMenuBodySchema.safeParse(JSON.parse(serialized)).success,
    [serialized],
  );

  useEffect(() => {
    if (!isValid) return;
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      setPreviewState('loading');
      previewRef
        .current(JSON.parse(serialized) as Values)
        .then((result) => {
          if (ticket !== latest.current) return;
          setImages(result.images);
          setPreviewState('idle');
        })
        .catch(() => ticket === latest.current && setPreviewState('failed'));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serialized, isValid]);

  const shown = Math.min(current, tabs.fields.length - 1);
  const sizeOptions = [
    { value: 1686, label: t('richMenus.tabbed.large') },
    { value: 843, label: t('richMenus.tabbed.compact') },
  ];
  return (
    <ServerForm form={form} onSubmit={submit} label={t('richMenus.tabbed.formLabel')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
              <FormSelectField
                name="height"
                label={t('richMenus.tabbed.size')}
                options={sizeOptions}
                isNumber
                sx={{ width: 240 }}
              />
              <Button
                startIcon={<AddOutlined />}
                disabled={tabs.fields.length >= 10}
                onClick={() => {
                  tabs.append(newTab(tabs.fields.length + 1, suffix));
                  setCurrent(tabs.fields.length);
                }}
              >
                {t('richMenus.tabbed.addTab')}
              </Button>
              <FormControlLabel
                sx={{ ml: 'auto' }}
                control={<Switch checked={advanced} onChange={(e) => setAdvanced(e.target.checked)} />}
                label={t('richMenus.tabbed.advanced')}
              />
              <Button
                color="error"
                startIcon={<DeleteOutlined />}
                disabled={tabs.fields.length <= 2}
                onClick={() => {
                  tabs.remove(shown);
                  setCurrent(Math.max(0, shown - 1));
                }}
              >
                {t('richMenus.tabbed.removeTab')}
              </Button>
            </Box>
            <Tabs
              value={shown}
              onChange={(_, next: number) => setCurrent(next)}
              variant="scrollable"
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              {tabs.fields.map((field, index) => (
                <Tab
                  key={field.id}
                  value={index}
                  label={values.tabConfig?.[index]?.label || t('richMenus.tabbed.tab', { number: index + 1 })}
                />
              ))}
            </Tabs>
            {tabs.fields.map((field, index) => (
              <Box key={field.id} hidden={index !== shown}>
                {index === shown && <TabEditor tab={index} control={form.control} advanced={advanced} />}
              </Box>
            ))}
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
                {t('richMenus.tabbed.preview')}
              </Typography>
              {previewState === 'loading' && <CircularProgress size={18} aria-label={t('common.loading')} />}
            </Box>
            {(!isValid || previewState === 'failed') && (
              <Alert severity="info">{t('richMenus.tabbed.previewInvalid')}</Alert>
            )}
            <RichMenuPhonePreview
              imageSrc={images[shown] ?? null}
              size={{ width: values.width ?? 2500, height: values.height ?? 1686 }}
              areas={[]}
              chatBarText={values.tabConfig?.[shown]?.text ?? ''}
              {...(accountName ? { accountName } : {})}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
              {images.map((src, index) => (
                <Box
                  key={index}
                  component="img"
                  src={src}
                  alt={t('richMenus.tabbed.previewOf', { number: index + 1 })}
                  data-testid="tab-preview"
                  onClick={() => setCurrent(index)}
                  sx={{
                    width: '100%',
                    border: 2,
                    borderColor: index === shown ? 'primary.main' : 'divider',
                    cursor: 'pointer',
                  }}
                />
              ))}
            </Box>
            <FormActions submitLabel={submitLabel ?? t('richMenus.tabbed.create')} onCancel={onCancel} />
          </Stack>
        </Grid>
      </Grid>
    </ServerForm>
  );
}
