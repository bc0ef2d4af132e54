import {
  createMasterUserBodySchema,
  createUserBodySchema,
  positions,
  roles,
  type CreateMasterUserBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

const emptyValues = (): CreateMasterUserBody => ({
  email: '',
  role: 'CLIENT',
  position: 'STAFF',
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  phoneNumber: '',
  clientId: undefined,
  agencyId: undefined,
});

const optionalId = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/**
 * Invite a user: e-mail, names and position (and, for the master operator, role and the client or agency
 * the user belongs to). The user gets an invitation mail whose link sets the password.
 */
export function UserCreateDialog({
  open,
  isMaster,
  onClose,
  onSubmit,
}: {
  open: boolean;
  isMaster: boolean;
  onClose: () => void;
  onSubmit: (body: CreateMasterUserBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const defaultValues = emptyValues();
  const resolver = (
    isMaster ? zodResolver(createMasterUserBodySchema) : zodResolver(createUserBodySchema)
  ) as Resolver<CreateMasterUserBody>;
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateMasterUserBody>({ resolver, defaultValues });
  const fieldProps = useFieldErrorProps(errors);
  const role = useWatch({ control, name: 'role' });
  const close = () => {
    reset(emptyValues());
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      close();
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  const text = (
    name: 'email' | 'lastName' | 'firstName' | 'lastNameKana' | 'firstNameKana' | 'phoneNumber',
    label: string,
    required = false,
  ) => (
    <TextField label={label} required={required} {...registerField(register, name)} {...fieldProps(name)} />
  );
  const select = (name: 'role' | 'position', label: string, values: readonly string[], prefix: string) => (
    <TextField
      select
      label={label}
      {...registerField(register, name)}
      {...fieldProps(name)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {values.map((v) => (
        <option key={v} value={v}>
          {t(`${prefix}.${v}`)}
        </option>
      ))}
    </TextField>
  );
  // Only the field of the chosen role exists; the other one leaves the values when it disappears.
  const idField = (name: 'clientId' | 'agencyId') => {
    const { ref, ...rest } = register(name, { setValueAs: optionalId, shouldUnregister: true });
    return { ...rest, inputRef: ref };
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('users.createTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {t('users.invitationHint')}
          </Alert>
          <FormAlert message={errors.root?.server?.message} />
          <Grid container spacing={2} sx={{ pt: 0.5 }}>
            <Grid size={6}>{text('lastName', t('fields.lastName'), true)}</Grid>
            <Grid size={6}>{text('firstName', t('fields.firstName'), true)}</Grid>
            <Grid size={6}>{text('lastNameKana', t('fields.lastNameKana'))}</Grid>
            <Grid size={6}>{text('firstNameKana', t('fields.firstNameKana'))}</Grid>
            <Grid size={12}>{text('email', t('fields.loginEmail'), true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('phoneNumber', t('fields.phoneNumber'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select('position', t('users.position'), positions, 'positions')}
            </Grid>
            {isMaster && (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>{select('role', t('users.role'), roles, 'roles')}</Grid>
                {role === 'CLIENT' && (
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      label={t('users.clientId')}
                      type="number"
                      required
                      {...idField('clientId')}
                      {...fieldProps('clientId')}
                    />
                  </Grid>
                )}
                {role === 'AGENCY' && (
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      label={t('users.agencyId')}
                      type="number"
                      required
                      {...idField('agencyId')}
                      {...fieldProps('agencyId')}
                    />
                  </Grid>
                )}
              </>
            )}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('users.invite')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
