import type { MemberAttribute, MemberValue, RegistrationEntry } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText, useTranslateMessage } from '../../../lib/translate-message.ts';
import { useSavePrivateValuesMutation } from '../api/members.api.ts';

type Draft = Record<number, { text: string; choiceIds: number[] }>;

const draftOf = (attributes: MemberAttribute[], values: MemberValue[]): Draft =>
  Object.fromEntries(
    attributes.map((a) => {
      const v = values.find((x) => x.attributeId === a.id);
      return [
        a.id,
        {
          text: a.type === 'NUMBER' ? (v?.numberValue?.toString() ?? '') : (v?.value ?? ''),
          choiceIds: v?.memberAttributeChoice.map((c) => c.attributeChoiceId) ?? [],
        },
      ];
    }),
  );

function entriesOf(attributes: MemberAttribute[], draft: Draft): RegistrationEntry[] {
  return attributes.flatMap((a): RegistrationEntry[] => {
    const d = draft[a.id]!;
    if (a.type === 'RADIO' || a.type === 'CHECKBOX')
      return d.choiceIds.length ? [{ attributeId: a.id, attributeChoiceIds: d.choiceIds }] : [];
    if (d.text.trim() === '') return [];
    if (a.type === 'NUMBER') {
      const n = Number(d.text);
      return [
        Number.isFinite(n) ? { attributeId: a.id, numberValue: n } : { attributeId: a.id, value: d.text },
      ];
    }
    return [{ attributeId: a.id, value: d.text }];
  });
}

/** The store's own (PRIVATE) attributes of a member, edited in the drawer and saved at once. */
export function PrivateValuesForm(props: {
  lineAccountId: number;
  memberId: number;
  attributes: MemberAttribute[];
  values: MemberValue[];
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  // Images come only from the member's own uploads: not edited here.
  const attributes = props.attributes.filter((a) => a.visibility === 'PRIVATE' && a.type !== 'IMAGE');
  const [draft, setDraft] = useState<Draft>(() => draftOf(attributes, props.values));
  const save = useSavePrivateValuesMutation(props.lineAccountId, props.memberId);
  if (attributes.length === 0) return null;
  const fieldError = (id: number) => {
    const error = save.error;
    const message = isApiError(error)
      ? error.fieldErrors.find((e) => e.path === `attributes.${id}`)?.message
      : undefined;
    return message ? translate(message) : undefined;
  };
  const change = (id: number, patch: Partial<Draft[number]>) =>
    setDraft((d) => ({ ...d, [id]: { ...d[id]!, ...patch } }));
  return (
    <Box
      component="form"
      data-testid="private-values"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(entriesOf(attributes, draft));
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography variant="subtitle2">{t('members.drawer.privateValues')}</Typography>
      {attributes.map((a) => {
        const d = draft[a.id]!;
        const common = {
          key: a.id,
          size: 'small' as const,
          label: a.label,
          error: Boolean(fieldError(a.id)),
          helperText: fieldError(a.id),
        };
        if (a.type === 'RADIO' || a.type === 'CHECKBOX')
          return (
            <TextField
              {...common}
              select
              value={a.type === 'RADIO' ? String(d.choiceIds[0] ?? '') : d.choiceIds.map(String)}
              onChange={(e) => {
                const v = e.target.value as unknown as string | string[];
                const ids = (Array.isArray(v) ? v : v ? [v] : []).map(Number);
                change(a.id, { choiceIds: ids });
              }}
              slotProps={{ select: { multiple: a.type === 'CHECKBOX' } }}
            >
              {a.type === 'RADIO' ? <MenuItem value="">{t('members.drawer.noValue')}</MenuItem> : null}
              {a.choices.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.value}
                </MenuItem>
              ))}
            </TextField>
          );
        return (
          <TextField
            {...common}
            type={a.type === 'DATE' ? 'date' : 'text'}
            value={d.text}
            onChange={(e) => change(a.id, { text: e.target.value })}
            slotProps={{
              inputLabel: a.type === 'DATE' ? { shrink: true } : {},
              htmlInput: a.type === 'NUMBER' ? { inputMode: 'decimal' } : { maxLength: 500 },
            }}
          />
        );
      })}
      {save.isError && !attributes.some((a) => fieldError(a.id)) ? (
        <Typography color="error" variant="body2">
          {errorText(save.error, t)}
        </Typography>
      ) : null}
      <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ alignSelf: 'flex-end' }}>
        {t('common.save')}
      </Button>
    </Box>
  );
}
