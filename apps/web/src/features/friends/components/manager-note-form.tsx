import { friendManagerNoteBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

type NoteValues = { managerNotes: string };

/** The contract's rule for the notes; an empty text clears them. */
const noteFormSchema = z.object({ managerNotes: friendManagerNoteBodySchema.shape.managerNotes.unwrap() });

/** 対応メモ: what the staff want to remember about this friend. */
export function ManagerNoteForm({
  managerNotes,
  canEdit,
  onSave,
}: {
  managerNotes: string | null;
  canEdit: boolean;
  onSave: (managerNotes: string | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const defaultValues: NoteValues = { managerNotes: managerNotes ?? '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NoteValues>({ resolver: zodResolver(noteFormSchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values.managerNotes.trim() === '' ? null : values.managerNotes);
      reset(values);
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label={t('friends.fields.managerNotes')}
        multiline
        minRows={2}
        maxRows={8}
        size="small"
        disabled={!canEdit}
        {...registerField(register, 'managerNotes')}
        {...fieldProps('managerNotes')}
      />
      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" size="small" variant="outlined" disabled={!isDirty} loading={isSubmitting}>
            {t('friends.drawer.saveNotes')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
