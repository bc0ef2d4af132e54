import type {
  NormalRule,
  ReminderSettings,
  ShiftClosure,
  ShiftPattern,
  SpecialRuleGroup,
} from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showEmptyChoice } from '../../../components/form/form-fields.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  allSpecialRulesQueryOptions,
  normalRulesQueryOptions,
  reminderSettingsQueryOptions,
  shiftClosureQueryOptions,
  shiftPatternsQueryOptions,
  useCreatePatternMutation,
  useCreateSpecialGroupMutation,
  useDeletePatternMutation,
  useDeleteSpecialGroupMutation,
  useReplaceNormalRulesMutation,
  useUpdateClosureMutation,
  useUpdatePatternMutation,
  useUpdateSpecialGroupMutation,
  useUpdateRemindersMutation,
} from '../api/shift.api.ts';
import { localTime, patternValue, timeOptions } from '../lib/shift-grid-model.ts';

/* Rules and settings of a store: closure and publishing, reminders, weekly rules, patterns, special rules. */

const hours = timeOptions(30);

/** A card with a title; its failure or success text under the fields. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Runs a save and says how it went, once, in place. */
function useSaveState() {
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

function Loaded<T>({
  query,
  children,
}: {
  query: {
    data: T | undefined;
    isError: boolean;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  const failure = useQueryFailure(query);
  if (query.isError) return failure;
  if (query.data === undefined) return <Skeleton variant="rounded" height={120} />;
  return children(query.data);
}

export function ShiftSettingsPage({ storeId, canManage }: { storeId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const closure = useQuery(shiftClosureQueryOptions(storeId));
  const reminders = useQuery(reminderSettingsQueryOptions(storeId));
  const weekly = useQuery(normalRulesQueryOptions(storeId));
  const patterns = useQuery(shiftPatternsQueryOptions(storeId));
  const special = useQuery(allSpecialRulesQueryOptions(storeId));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Section title={t('shift.settings.closureTitle')}>
        <Loaded query={closure}>
          {(data) => (
            <ClosureForm key={JSON.stringify(data)} storeId={storeId} closure={data} canManage={canManage} />
          )}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.remindersTitle')}>
        <Loaded query={reminders}>
          {(data) => (
            <RemindersForm
              key={JSON.stringify(data)}
              storeId={storeId}
              settings={data}
              canManage={canManage}
            />
          )}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.weeklyTitle')}>
        <Loaded query={weekly}>
          {(data) => (
            <WeeklyRulesForm
              key={JSON.stringify(data)}
              storeId={storeId}
              rules={data}
              canManage={canManage}
            />
          )}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.patternsTitle')}>
        <Loaded query={patterns}>
          {(data) => <PatternsForm storeId={storeId} patterns={data} canManage={canManage} />}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.specialTitle')}>
        <Loaded query={special}>
          {(data) => <SpecialRulesForm storeId={storeId} groups={data} canManage={canManage} />}
        </Loaded>
      </Section>
    </Box>
  );
}

const numberOptions = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function ClosureForm({
  storeId,
  closure,
  canManage,
}: {
  storeId: number;
  closure: ShiftClosure;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateClosureMutation(storeId);
  const { run, note } = useSaveState();
  const [v, setV] = useState(closure);
  const select = (
    label: string,
    value: number | string,
    options: (number | string)[],
    onChange: (x: string) => void,
    render?: (x: number | string) => string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={!canManage}
      sx={{ width: 200, maxWidth: '100%' }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {render ? render(o) : o}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', rowGap: 2 }}>
        {select(
          t('shift.settings.pattern'),
          v.pattern,
          ['FULL_MONTH', 'HALF_MONTH'],
          (x) => setV({ ...v, pattern: x as ShiftClosure['pattern'] }),
          (x) => t(`shift.settings.patterns.${x}`),
        )}
        {v.pattern === 'FULL_MONTH' ? (
          select(
            t('shift.settings.dayOfMonth'),
            v.dayOfMonth,
            numberOptions(1, 28),
            (x) => setV({ ...v, dayOfMonth: Number(x) }),
            (x) => t('shift.settings.day', { day: x }),
          )
        ) : (
          <>
            {select(
              t('shift.settings.firstHalfDate'),
              v.firstHalfDate,
              numberOptions(16, 31),
              (x) => setV({ ...v, firstHalfDate: Number(x) }),
              (x) => t('shift.settings.day', { day: x }),
            )}
            {select(
              t('shift.settings.secondHalfDate'),
              v.secondHalfDate,
              numberOptions(1, 15),
              (x) => setV({ ...v, secondHalfDate: Number(x) }),
              (x) => t('shift.settings.day', { day: x }),
            )}
          </>
        )}
        {select(
          t('shift.settings.timeDivision'),
          v.timeDivisionSetting,
          [1, 15, 30],
          (x) => setV({ ...v, timeDivisionSetting: Number(x) }),
          (x) => t('shift.settings.minutes', { minutes: x }),
        )}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={v.isPublished}
            onChange={(e) => setV({ ...v, isPublished: e.target.checked })}
            disabled={!canManage}
          />
        }
        label={t('shift.settings.isPublished')}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1.5 }}>
        {t('shift.settings.draftRules')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', rowGap: 2 }}>
        {select(
          t('shift.settings.minRestHours'),
          v.minRestHours,
          numberOptions(0, 24),
          (x) => setV({ ...v, minRestHours: Number(x) }),
          (x) => t('shift.settings.hours', { hours: x }),
        )}
        {(
          [
            ['maxHoursPerDay', 24],
            ['maxHoursPerWeek', 168],
            ['maxHoursPerMonth', 744],
          ] as const
        ).map(([key, max]) => (
          <TextField
            key={key}
            size="small"
            type="number"
            label={t(`shift.settings.${key}`)}
            placeholder={t('shift.settings.noCap')}
            value={v[key] ?? ''}
            disabled={!canManage}
            onChange={(e) =>
              setV({ ...v, [key]: e.target.value === '' ? null : Math.trunc(Number(e.target.value)) })
            }
            slotProps={{ htmlInput: { min: 1, max }, inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
        ))}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={v.allowMultipleShiftsPerDay}
            onChange={(e) => setV({ ...v, allowMultipleShiftsPerDay: e.target.checked })}
            disabled={!canManage}
          />
        }
        label={t('shift.settings.allowMultipleShiftsPerDay')}
      />
      <Typography variant="body2" color="text.secondary">
        {closure.openPeriod
          ? t('shift.settings.openPeriod', {
              start: closure.openPeriod.startDate,
              end: closure.openPeriod.endDate,
              closing: closure.openPeriod.closingDate,
            })
          : t('shift.settings.noOpenPeriod')}
      </Typography>
      {canManage && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          loading={update.isPending}
          onClick={() =>
            void run(() =>
              update.mutateAsync({
                pattern: v.pattern,
                dayOfMonth: v.dayOfMonth,
                firstHalfDate: v.firstHalfDate,
                secondHalfDate: v.secondHalfDate,
                timeDivisionSetting: v.timeDivisionSetting,
                isPublished: v.isPublished,
                minRestHours: v.minRestHours,
                maxHoursPerDay: v.maxHoursPerDay,
                maxHoursPerWeek: v.maxHoursPerWeek,
                maxHoursPerMonth: v.maxHoursPerMonth,
                allowMultipleShiftsPerDay: v.allowMultipleShiftsPerDay,
              }),
            )
          }
        >
          {t('common.save')}
        </Button>
      )}
      {note}
    </Box>
  );
}

function RemindersForm({
  storeId,
  settings,
  canManage,
}: {
  storeId: number;
  settings: ReminderSettings;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateRemindersMutation(storeId);
  const { run, note } = useSaveState();
  const [rows, setRows] = useState(
    [0, 1, 2].map((i) => ({
      time: settings.reminders[i]?.time ?? '',
      dayGap: String(settings.reminders[i]?.dayGap ?? ''),
    })),
  );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('shift.settings.remindersHelp')}
      </Typography>
      <Stack spacing={2}>
        {rows.map((row, i) => (
          <Stack
            key={i}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            {/* on a phone the name takes its own line and the two selects share the next */}
            <Typography
              sx={{ width: { sm: 100 }, flexBasis: { xs: '100%', sm: 'auto' }, whiteSpace: 'nowrap' }}
            >
              {t('shift.settings.reminder', { n: i + 1 })}
            </Typography>
            <TextField
              select
              size="small"
              label={t('shift.settings.dayGap')}
              value={row.dayGap}
              disabled={!canManage}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, dayGap: e.target.value } : r)))}
              slotProps={showEmptyChoice}
              sx={{ width: 170 }}
            >
              <MenuItem value="">{t('shift.settings.off')}</MenuItem>
              {numberOptions(-30, 30).map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {n < 0
                    ? t('shift.settings.daysBefore', { n: -n })
                    : n === 0
                      ? t('shift.settings.closingDay')
                      : t('shift.settings.daysAfter', { n })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('shift.settings.time')}
              value={row.time}
              disabled={!canManage}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, time: e.target.value } : r)))}
              slotProps={showEmptyChoice}
              sx={{ width: 130 }}
            >
              <MenuItem value="">{t('shift.settings.off')}</MenuItem>
              {[...hours, '24:00'].map((h) => (
                <MenuItem key={h} value={h}>
                  {h}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ))}
      </Stack>
      {canManage && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          loading={update.isPending}
          onClick={() =>
            void run(() =>
              update.mutateAsync({
                reminders: rows.map((r) =>
                  r.time && r.dayGap !== ''
                    ? { time: r.time, dayGap: Number(r.dayGap) }
                    : { time: null, dayGap: null },
                ),
              }),
            )
          }
        >
          {t('common.save')}
        </Button>
      )}
      {note}
    </Box>
  );
}

type RuleRow = { start: string; end: string; staffCount: string; isRest: boolean };
const isNext = (start: string, end: string) => end <= start;

function WeeklyRulesForm({
  storeId,
  rules,
  canManage,
}: {
  storeId: number;
  rules: NormalRule[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const replace = useReplaceNormalRulesMutation(storeId);
  const { run, note } = useSaveState();
  const weekdays = t('shift.weekdays', { returnObjects: true }) as unknown as string[];
  const [byDay, setByDay] = useState<RuleRow[][]>(() =>
    [1, 2, 3, 4, 5, 6, 7].map((d) =>
      rules
        .filter((r) => r.dayOfWeek === String(d))
        .map((r) => ({
          start: r.shiftStartTime.slice(0, 5),
          end: r.shiftEndTime.slice(0, 5),
          staffCount: String(r.staffCount),
          isRest: r.isRest,
        })),
    ),
  );
  const setRow = (d: number, i: number, change: Partial<RuleRow>) =>
    setByDay(
      byDay.map((rows, j) => (j === d ? rows.map((r, k) => (k === i ? { ...r, ...change } : r)) : rows)),
    );
  return (
    <Box>
      <Stack spacing={1.5}>
        {byDay.map((rows, d) => (
          <Stack
            key={d}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <Typography sx={{ width: 32, pt: 1, fontWeight: 600 }}>{weekdays[d]}</Typography>
            <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
              {rows.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
                  {t('shift.settings.noSlots')}
                </Typography>
              )}
              {rows.map((r, i) => (
                <Stack
                  key={i}
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <TimeSelect
                    label={t('shift.editor.start')}
                    value={r.start}
                    disabled={!canManage}
                    onChange={(start) => setRow(d, i, { start })}
                  />
                  <TimeSelect
                    label={t('shift.editor.end')}
                    value={r.end}
                    disabled={!canManage}
                    onChange={(end) => setRow(d, i, { end })}
                  />
                  {isNext(r.start, r.end) && (
                    <Typography variant="caption">{t('shift.editor.overnight')}</Typography>
                  )}
                  <TextField
                    size="small"
                    type="number"
                    label={t('shift.settings.staffCount')}
                    value={r.staffCount}
                    disabled={!canManage}
                    onChange={(e) => setRow(d, i, { staffCount: e.target.value })}
                    sx={{ width: { xs: 90, sm: 100 } }}
                    slotProps={{ htmlInput: { min: 0 } }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={r.isRest}
                        disabled={!canManage}
                        onChange={(e) => setRow(d, i, { isRest: e.target.checked })}
                      />
                    }
                    label={t('shift.settings.closed')}
                  />
                  {canManage && (
                    <IconButton
                      aria-label={t('common.delete')}
                      onClick={() =>
                        setByDay(byDay.map((rs, j) => (j === d ? rs.filter((_, k) => k !== i) : rs)))
                      }
                    >
                      <DeleteOutlined />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Stack>
            {canManage && (
              <Button
                size="small"
                startIcon={<AddOutlined />}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
                onClick={() =>
                  setByDay(
                    byDay.map((rs, j) =>
                      j === d
                        ? [...rs, { start: '10:00', end: '15:00', staffCount: '1', isRest: false }]
                        : rs,
                    ),
                  )
                }
              >
                {t('shift.settings.addSlot')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {canManage && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          loading={replace.isPending}
          onClick={() =>
            void run(() =>
              replace.mutateAsync(
                byDay.flatMap((rows, d) =>
                  rows.map((r) => ({
                    dayOfWeek: String(d + 1) as '1',
                    shiftStartTime: r.start,
                    shiftEndTime: r.end,
                    shiftEndDayDiff: isNext(r.start, r.end) ? 1 : 0,
                    staffCount: Number(r.staffCount),
                    isRest: r.isRest,
                  })),
                ),
              ),
            )
          }
        >
          {t('common.save')}
        </Button>
      )}
      {note}
    </Box>
  );
}

function TimeSelect({
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
  const options = hours.includes(value) ? hours : [value, ...hours];
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

function PatternsForm({
  storeId,
  patterns,
  canManage,
}: {
  storeId: number;
  patterns: ShiftPattern[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreatePatternMutation(storeId);
  const update = useUpdatePatternMutation(storeId);
  const remove = useDeletePatternMutation(storeId);
  const { run, note } = useSaveState();
  const empty = { name: '', start: '10:00', end: '15:00' };
  const [draft, setDraft] = useState(empty);
  /** The pattern whose values are in the form (null: the form adds a new one). */
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Box>
      <Stack spacing={1}>
        {patterns.length === 0 && (
          <Typography color="text.secondary">{t('shift.settings.noPatterns')}</Typography>
        )}
        {patterns.map((p) => {
          const v = patternValue(p);
          return (
            <Stack key={p.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ minWidth: 120 }}>{p.name}</Typography>
              <Typography color="text.secondary">
                {v.start}-{p.endDayDiff === 1 ? t('shift.settings.nextDayPrefix') : ''}
                {v.end}
              </Typography>
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.editPattern', { name: p.name })}
                  onClick={() => {
                    setEditing(p.id);
                    setDraft({ name: p.name, start: v.start, end: v.end });
                  }}
                >
                  <EditOutlined />
                </IconButton>
              )}
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.deletePattern', { name: p.name })}
                  onClick={() => void run(() => remove.mutateAsync(p.id))}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
          );
        })}
      </Stack>
      {canManage && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            size="small"
            label={t('shift.settings.patternName')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            sx={{ width: 200 }}
          />
          <TimeSelect
            label={t('shift.editor.start')}
            value={draft.start}
            disabled={false}
            onChange={(start) => setDraft({ ...draft, start })}
          />
          <TimeSelect
            label={t('shift.editor.end')}
            value={draft.end}
            disabled={false}
            onChange={(end) => setDraft({ ...draft, end })}
          />
          <Button
            startIcon={editing === null ? <AddOutlined /> : undefined}
            variant={editing === null ? 'text' : 'contained'}
            loading={create.isPending || update.isPending}
            onClick={() =>
              void run(async () => {
                const body = {
                  name: draft.name,
                  startHour: Number(draft.start.slice(0, 2)),
                  startMinute: Number(draft.start.slice(3, 5)),
                  endHour: Number(draft.end.slice(0, 2)),
                  endMinute: Number(draft.end.slice(3, 5)),
                  endDayDiff: isNext(draft.start, draft.end) ? (1 as const) : (0 as const),
                };
                if (editing === null) await create.mutateAsync(body);
                else await update.mutateAsync({ id: editing, ...body });
                setDraft(empty);
                setEditing(null);
              })
            }
          >
            {t(editing === null ? 'shift.settings.addPattern' : 'shift.settings.savePattern')}
          </Button>
          {editing !== null && (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(empty);
              }}
            >
              {t('shift.settings.cancelEdit')}
            </Button>
          )}
        </Box>
      )}
      {note}
    </Box>
  );
}

function SpecialRulesForm({
  storeId,
  groups,
  canManage,
}: {
  storeId: number;
  groups: SpecialRuleGroup[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateSpecialGroupMutation(storeId);
  const update = useUpdateSpecialGroupMutation(storeId);
  const remove = useDeleteSpecialGroupMutation(storeId);
  /** The group whose label and rules are in the form (null: the form adds a new one). */
  const [editing, setEditing] = useState<number | null>(null);
  const { run, note } = useSaveState();
  const [label, setLabel] = useState('');
  const [rows, setRows] = useState<(RuleRow & { date: string })[]>([]);
  const addDay = (date: string, n: number) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  return (
    <Box>
      <Stack spacing={1.5}>
        {groups.length === 0 && (
          <Typography color="text.secondary">{t('shift.settings.noSpecial')}</Typography>
        )}
        {groups.map((g) => (
          <Box key={g.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{g.label}</Typography>
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.editGroup', { label: g.label })}
                  onClick={() => {
                    setEditing(g.id);
                    setLabel(g.label);
                    setRows(
                      g.specialRules.map((r) => ({
                        date: r.shiftStartDateTime.slice(0, 10),
                        start: localTime(r.shiftStartDateTime),
                        end: localTime(r.shiftEndDateTime),
                        staffCount: String(r.staffCount),
                        isRest: r.isRest,
                      })),
                    );
                  }}
                >
                  <EditOutlined />
                </IconButton>
              )}
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.deleteGroup', { label: g.label })}
                  onClick={() => void run(() => remove.mutateAsync(g.id))}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
            {g.specialRules.map((r) => (
              <Typography key={r.id} variant="body2" color="text.secondary">
                {r.shiftStartDateTime.slice(0, 10)} {localTime(r.shiftStartDateTime)}-
                {localTime(r.shiftEndDateTime)}{' '}
                {r.isRest ? t('shift.settings.closed') : t('shift.settings.people', { count: r.staffCount })}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
      {canManage && (
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <TextField
            size="small"
            label={t('shift.settings.groupLabel')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            sx={{ mb: 1.5, width: 320, maxWidth: '100%' }}
          />
          <Stack spacing={1}>
            {rows.map((r, i) => {
              const set = (change: Partial<RuleRow & { date: string }>) =>
                setRows(rows.map((x, j) => (j === i ? { ...x, ...change } : x)));
              return (
                <Stack
                  key={i}
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <TextField
                    size="small"
                    type="date"
                    label={t('shift.settings.date')}
                    value={r.date}
                    onChange={(e) => set({ date: e.target.value })}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ width: 170 }}
                  />
                  <TimeSelect
                    label={t('shift.editor.start')}
                    value={r.start}
                    disabled={false}
                    onChange={(start) => set({ start })}
                  />
                  <TimeSelect
                    label={t('shift.editor.end')}
                    value={r.end}
                    disabled={false}
                    onChange={(end) => set({ end })}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={t('shift.settings.staffCount')}
                    value={r.staffCount}
                    onChange={(e) => set({ staffCount: e.target.value })}
                    sx={{ width: 100 }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox checked={r.isRest} onChange={(e) => set({ isRest: e.target.checked })} />
                    }
                    label={t('shift.settings.closed')}
                  />
                  <IconButton
                    aria-label={t('common.delete')}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Stack>
              );
            })}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              startIcon={<AddOutlined />}
              onClick={() =>
                setRows([
                  ...rows,
                  {
                    date: new Date().toISOString().slice(0, 10),
                    start: '10:00',
                    end: '15:00',
                    staffCount: '1',
                    isRest: false,
                  },
                ])
              }
            >
              {t('shift.settings.addSlot')}
            </Button>
            <Button
              variant="contained"
              size="small"
              loading={create.isPending || update.isPending}
              onClick={() =>
                void run(async () => {
                  const rules = rows.map((r) => ({
                    shiftStartDateTime: `${r.date}T${r.start}`,
                    shiftEndDateTime: `${isNext(r.start, r.end) ? addDay(r.date, 1) : r.date}T${r.end}`,
                    staffCount: Number(r.staffCount),
                    isRest: r.isRest,
                  }));
                  if (editing === null) await create.mutateAsync({ label, schedules: rules });
                  else await update.mutateAsync({ id: editing, label, specialRules: rules });
                  setLabel('');
                  setRows([]);
                  setEditing(null);
                })
              }
            >
              {t(editing === null ? 'shift.settings.addGroup' : 'shift.settings.saveGroup')}
            </Button>
            {editing !== null && (
              <Button
                size="small"
                onClick={() => {
                  setEditing(null);
                  setLabel('');
                  setRows([]);
                }}
              >
                {t('shift.settings.cancelEdit')}
              </Button>
            )}
          </Stack>
        </Box>
      )}
      {note}
    </Box>
  );
}
