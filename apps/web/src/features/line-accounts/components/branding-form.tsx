import {
  DEFAULT_MAIN_COLOR,
  updateLineAccountBodySchema,
  type LineAccount,
  type UpdateLineAccountBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { isHexColor } from '../../../config/theme.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { BrandingPreview } from './branding-preview.tsx';

export type BrandingFormValues = { title: string; mainColor: string; logoUrl: string; faviconUrl: string };

const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The form's strings as the contract's body: an empty field clears the value. */
export const toBrandingBody = (values: BrandingFormValues): UpdateLineAccountBody => ({
  title: blankToNull(values.title),
  mainColor: values.mainColor.trim(),
  logoUrl: blankToNull(values.logoUrl),
  faviconUrl: blankToNull(values.faviconUrl),
});

/** Validated by the contract's own schema, after the blanks became nulls. */
const brandingFormSchema = z
  .object({ title: z.string(), mainColor: z.string(), logoUrl: z.string(), faviconUrl: z.string() })
  .transform(toBrandingBody)
  .pipe(updateLineAccountBodySchema);

const formValuesOf = (account: LineAccount): BrandingFormValues => ({
  title: account.title ?? '',
  mainColor: account.mainColor,
  logoUrl: account.logoUrl ?? '',
  faviconUrl: account.faviconUrl ?? '',
});

/** Colours people often pick: the product green, LINE's green and a few calm brand colours. */
export const colorPresets = [
  '#1C7F09',
  '#06C755',
  '#0B6BCB',
  '#D14343',
  '#E07A00',
  '#7B3FB8',
  '#333333',
] as const;

/** The colour a picker can show: a valid code, or the default while the text is not one. */
export const pickerColorOf = (value: string) =>
  /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : DEFAULT_MAIN_COLOR.toLowerCase();

/** テーマカラー, title, logo and favicon of a LINE account, with a live preview of the theme. */
export function BrandingForm({
  account,
  canEdit,
  onSubmit,
}: {
  account: LineAccount;
  canEdit: boolean;
  onSubmit: (body: UpdateLineAccountBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const defaultValues = formValuesOf(account);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BrandingFormValues, unknown, UpdateLineAccountBody>({
    resolver: zodResolver(brandingFormSchema),
    defaultValues,
    mode: 'onChange',
  });
  const fieldProps = useFieldErrorProps(errors);
  const values = useWatch({ control });
  const mainColor = values.mainColor ?? '';
  const previewColor =
    isHexColor(mainColor.trim()) && mainColor.trim().length === 7 ? mainColor.trim() : null;

  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
      reset(getValues());
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });

  const pickColor = (color: string) =>
    setValue('mainColor', color.toUpperCase(), { shouldDirty: true, shouldValidate: true });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormAlert message={errors.root?.server?.message} />
          <FormSection title={t('lineAccounts.branding.title')} description={t('lineAccounts.branding.hint')}>
            <Grid size={12}>
              <TextField
                label={t('lineAccounts.fields.title')}
                disabled={!canEdit}
                {...registerField(register, 'title')}
                {...fieldProps('title', t('lineAccounts.branding.titleHint'))}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label={t('lineAccounts.fields.mainColor')}
                disabled={!canEdit}
                {...registerField(register, 'mainColor')}
                {...fieldProps('mainColor', t('lineAccounts.branding.mainColorHint'))}
                slotProps={{
                  htmlInput: { maxLength: 7, spellCheck: false },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Box
                          component="input"
                          type="color"
                          aria-label={t('lineAccounts.branding.colorPicker')}
                          value={pickerColorOf(mainColor)}
                          disabled={!canEdit}
                          onChange={(e: React.ChangeEvent<HTMLInputElement>) => pickColor(e.target.value)}
                          sx={{
                            width: 36,
                            height: 28,
                            p: 0,
                            border: 0,
                            bgcolor: 'transparent',
                            cursor: canEdit ? 'pointer' : 'default',
                          }}
                        />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Box
                sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}
                aria-label={t('lineAccounts.branding.presets')}
              >
                {colorPresets.map((color) => (
                  <Tooltip key={color} title={color}>
                    <Box
                      component="button"
                      type="button"
                      disabled={!canEdit}
                      aria-label={color}
                      aria-pressed={mainColor.toUpperCase() === color}
                      onClick={() => pickColor(color)}
                      sx={{
                        width: 28,
                        height: 28,
                        borderRadius: '50%',
                        bgcolor: color,
                        border: 2,
                        borderColor: mainColor.toUpperCase() === color ? 'text.primary' : 'background.paper',
                        outline: 1,
                        outlineColor: 'divider',
                        cursor: canEdit ? 'pointer' : 'default',
                      }}
                    />
                  </Tooltip>
                ))}
              </Box>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('lineAccounts.fields.logoUrl')}
                type="url"
                placeholder="https://"
                disabled={!canEdit}
                {...registerField(register, 'logoUrl')}
                {...fieldProps('logoUrl')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('lineAccounts.fields.faviconUrl')}
                type="url"
                placeholder="https://"
                disabled={!canEdit}
                {...registerField(register, 'faviconUrl')}
                {...fieldProps('faviconUrl')}
              />
            </Grid>
          </FormSection>
          {canEdit && (
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3 }}>
              <Button disabled={!isDirty || isSubmitting} onClick={() => reset(defaultValues)}>
                {t('lineAccounts.branding.reset')}
              </Button>
              <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
                {t('common.save')}
              </Button>
            </Box>
          )}
        </form>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
          {t('lineAccounts.branding.preview')}
        </Typography>
        <BrandingPreview
          mainColor={previewColor}
          title={values.title?.trim() || account.displayName}
          logo={
            <BrandMark
              logoUrl={values.logoUrl?.trim() || null}
              title={values.title?.trim() || null}
              size={28}
            />
          }
          faviconUrl={values.faviconUrl?.trim() || null}
        />
        {!previewColor && (
          <Typography variant="caption" color="warning.main" sx={{ display: 'block', mt: 1 }}>
            {t('lineAccounts.branding.invalidColorPreview')}
          </Typography>
        )}
      </Grid>
    </Grid>
  );
}
