import {
  announcementStatusAt,
  announcementTypes,
  createAnnouncementBodySchema,
  updateAnnouncementBodySchema,
  type Announcement,
  type AnnouncementType,
  type CreateAnnouncementBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../../../lib/format.ts';
import { AnnouncementStatusChip, AnnouncementTypeChip } from './announcement-chips.tsx';
import { AnnouncementContent } from './announcement-content.tsx';

/** The editor's values: dates as datetime-local text ('' = not set). */
export type AnnouncementEditorValues = {
  title: string;
  content: string;
  type: AnnouncementType;
  publishAt: string;
  archiveAt: string;
};

/** What the editor sends: dates as instants; null clears a date (editing only). */
export type AnnouncementEditorResult = Omit<CreateAnnouncementBody, 'publishAt' | 'archiveAt'> & {
  publishAt: string | null;
  archiveAt: string | null;
};

const toBody = (values: AnnouncementEditorValues): AnnouncementEditorResult => ({
  title: values.title,
  content: values.content,
  type: values.type,
  publishAt: fromDateTimeLocal(values.publishAt) ?? null,
  archiveAt: fromDateTimeLocal(values.archiveAt) ?? null,
});

/**
 * Check the editor's values with the contract's own schema (create or update), after turning the
 * datetime-local texts into the instants the API receives.
 */
function contractResolver(isNew: boolean): Resolver<AnnouncementEditorValues> {
  return async (values, context, options) => {
    const body = toBody(values);
    const result = isNew
      ? await zodResolver(createAnnouncementBodySchema)(
          { ...body, publishAt: body.publishAt ?? undefined, archiveAt: body.archiveAt ?? undefined },
          context,
          options as never,
        )
      : await zodResolver(updateAnnouncementBodySchema)(body, context, options as never);
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: result.errors as never }
      : { values, errors: {} };
  };
}

/** The status the dates give, now (the server derives it the same way). */
export function previewStatus(
  values: Pick<AnnouncementEditorValues, 'publishAt' | 'archiveAt'>,
  now = new Date(),
) {
  return announcementStatusAt(
    {
      publishAt: fromDateTimeLocal(values.publishAt) ?? null,
      archiveAt: fromDateTimeLocal(values.archiveAt) ?? null,
    },
    now,
  );
}

/** Title, type, content and the publish / archive dates, with a live preview and the status they give. */
export function AnnouncementEditor({
  announcement,
  onSubmit,
  onCancel,
}: {
  announcement?: Announcement;
  onSubmit: (body: AnnouncementEditorResult) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const defaultValues: AnnouncementEditorValues = {
    title: announcement?.title ?? '',
    content: announcement?.content ?? '',
    type: announcement?.type ?? 'ANNOUNCEMENT',
    publishAt: toDateTimeLocal(announcement?.publishAt),
    archiveAt: toDateTimeLocal(announcement?.archiveAt),
  };
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementEditorValues>({ resolver: contractResolver(!announcement), defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const values = useWatch({ control }) as AnnouncementEditorValues;
  const status = previewStatus(values);

  const save = (publishNow: boolean) =>
    handleSubmit(async (v) => {
      try {
        // 今すぐ公開: published from this moment, whatever date was typed (or none)
        await onSubmit({ ...toBody(v), ...(publishNow ? { publishAt: new Date().toISOString() } : {}) });
      } catch (error) {
        setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
      }
    });
  const submit = save(false);
  const dateField = (name: 'publishAt' | 'archiveAt', hint: string) => (
    <TextField
      type="datetime-local"
      label={t(`announcements.${name}`)}
      {...registerField(register, name)}
      {...fieldProps(name, hint)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={errors.root?.server?.message ?? errors.root?.message} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
              <TextField
                label={t('announcements.title')}
                required
                {...registerField(register, 'title')}
                {...fieldProps('title')}
              />
              <TextField
                select
                label={t('announcements.type')}
                {...registerField(register, 'type')}
                {...fieldProps('type')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {announcementTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`announcementType.${type}`)}
                  </option>
                ))}
              </TextField>
              <TextField
                label={t('announcements.content')}
                required
                multiline
                minRows={10}
                {...registerField(register, 'content')}
                {...fieldProps('content', t('announcements.contentHint'))}
              />
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {dateField('publishAt', t('announcements.publishAtHint'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {dateField('archiveAt', t('announcements.archiveAtHint'))}
                </Grid>
              </Grid>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('announcements.statusPreview')}
                </Typography>
                <Box data-testid="announcement-status">
                  <AnnouncementStatusChip status={status} />
                </Box>
              </Box>
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
                <Button onClick={onCancel}>{t('common.cancel')}</Button>
                {(status === 'DRAFT' || status === 'SCHEDULED') && (
                  <Button variant="outlined" disabled={isSubmitting} onClick={() => void save(true)()}>
                    {t('announcements.publishNow')}
                  </Button>
                )}
                <Button type="submit" variant="contained" loading={isSubmitting}>
                  {announcement ? t('common.save') : t('announcements.create')}
                </Button>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card
            component="section"
            aria-label={t('announcements.preview')}
            sx={{ position: { md: 'sticky' }, top: { md: 88 } }}
          >
            <Box sx={{ px: 3, py: 1.5, bgcolor: 'action.hover' }}>
              <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
                {t('announcements.preview')}
              </Typography>
            </Box>
            <Divider />
            <CardContent sx={{ p: 3 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                <AnnouncementTypeChip type={values.type} />
                <Typography variant="body2" color="text.secondary">
                  {values.publishAt ? formatDateTime(values.publishAt) : t('announcements.notScheduled')}
                </Typography>
              </Box>
              <Typography variant="h3" component="h2" sx={{ mb: 2, wordBreak: 'break-word' }}>
                {values.title || t('announcements.untitled')}
              </Typography>
              {values.content.trim() ? (
                <AnnouncementContent content={values.content} />
              ) : (
                <Typography color="text.secondary">{t('announcements.emptyContent')}</Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </form>
  );
}
