import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../../lib/translate-message.ts';
import { timeOptions } from '../../lib/shift-grid-model.ts';

/* What the store's settings forms share: the save note, the time select, the rule rows. */

/** The times the settings offer: every half hour. */
export const halfHourTimes = timeOptions(30);

/** Runs a save and says how it went, once, in place. */
export function useSaveState() {
  const showFailure = useShowFailure();
  const { t } = useTranslation();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setState({ ok: true, text: t('common.saved') });
    } catch (error) {
      setState({ ok: false, text: showFailure(error) });
    }
  };
  const note = state && (
    <Alert severity={state.ok ? 'success' : 'error'} sx={{ mt: 2 }} onClose={() => setState(null)}>
      {state.text}
    </Alert>
  );
  return { run, note };
}

export const numberOptions = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

export type RuleRow = { start: string; end: string; staffCount: string; isRest: boolean };
export const isNext = (start: string, end: string) => end <= start;

export function TimeSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const options = halfHourTimes.includes(value) ? halfHourTimes : [value, ...halfHourTimes];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true } }}
      sx={{ width: { xs: 100, sm: 110 } }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </TextField>
  );
}
