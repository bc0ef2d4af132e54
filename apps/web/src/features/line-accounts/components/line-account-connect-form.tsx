import {
  createLineAccountBodySchema,
  lineAccountMessages,
  operationScopes,
  type CreateLineAccountBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { markErrorShown } from '../../../lib/query-meta.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

type FieldName = keyof CreateLineAccountBody;

/** The server's refusals that name one field, though its body carries no field list. */
const fieldOfMessage: Partial<Record<string, FieldName>> = {
  [lineAccountMessages.invalidChannel]: 'channelSecret',
  [lineAccountMessages.invalidLoginChannel]: 'loginChannelSecret',
  [lineAccountMessages.sameChannel]: 'loginChannelId',
  [lineAccountMessages.alreadyConnected]: 'channelId',
};

const emptyValues = (): CreateLineAccountBody => ({
  channelId: '',
  channelSecret: '',
  loginChannelId: '',
  loginChannelSecret: '',
  operationScope: 'BACK_OFFICE',
});

/** After a failed connect: a known refusal goes on its field, the rest as the form's message. */
export function applyConnectError(
  error: unknown,
  setError: UseFormSetError<CreateLineAccountBody>,
  fallbackMessage: string,
): void {
  const field =
    isApiError(error) && error.fieldErrors.length === 0 ? fieldOfMessage[error.message] : undefined;
  if (field && isApiError(error)) {
    setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    return markErrorShown(error);
  }
  setServerErrors(error, setError, emptyValues(), fallbackMessage);
}

/**
 * Connect a LINE公式アカウント: the Messaging API channel (チャネルID, チャネルシークレット) and the
 * LINEログインチャネル for the mini-apps. The server checks both pairs at LINE.
 */
export function LineAccountConnectForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (body: CreateLineAccountBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateLineAccountBody>({
    resolver: zodResolver(createLineAccountBodySchema),
    defaultValues: emptyValues(),
  });
  const fieldProps = useFieldErrorProps(errors);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyConnectError(error, setError, t('errors.unexpected'));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <FormSection
          title={t('lineAccounts.connect.messagingChannel')}
          description={t('lineAccounts.connect.messagingHint')}
        >
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('lineAccounts.fields.channelId')}
              required
              autoComplete="off"
              {...registerField(register, 'channelId')}
              {...fieldProps('channelId')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label={t('lineAccounts.fields.channelSecret')}
              required
              autoComplete="off"
              {...registerField(register, 'channelSecret')}
              {...fieldProps('channelSecret')}
            />
          </Grid>
        </FormSection>
        <Divider />
        <FormSection
          title={t('lineAccounts.connect.loginChannel')}
          description={t('lineAccounts.connect.loginHint')}
        >
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('lineAccounts.fields.loginChannelId')}
              required
              autoComplete="off"
              {...registerField(register, 'loginChannelId')}
              {...fieldProps('loginChannelId')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label={t('lineAccounts.fields.loginChannelSecret')}
              required
              autoComplete="off"
              {...registerField(register, 'loginChannelSecret')}
              {...fieldProps('loginChannelSecret')}
            />
          </Grid>
        </FormSection>
        <Divider />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ typography: 'h4', color: 'text.primary', mb: 1 }}>
            {t('lineAccounts.fields.operationScope')}
          </FormLabel>
          <Controller
            control={control}
            name="operationScope"
            render={({ field }) => (
              <RadioGroup {...field} value={field.value ?? 'BACK_OFFICE'}>
                {operationScopes.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    value={scope}
                    control={<Radio />}
                    label={
                      <Box>
                        <Typography component="span">{t(`lineAccounts.operationScope.${scope}`)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t(`lineAccounts.operationScopeHint.${scope}`)}
                        </Typography>
                      </Box>
                    }
                    sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </RadioGroup>
            )}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('lineAccounts.connect.submit')}
          </Button>
        </Box>
      </Box>
    </form>
  );
}
