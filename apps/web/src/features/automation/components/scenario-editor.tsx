import {
  hasFriendNamePlaceholder,
  type DeliveryMessage,
  type Scenario,
  type ScenarioAction,
  type ScenarioBody,
  type SegmentConditions,
} from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useSaveScenarioMutation } from '../api/scenarios.api.ts';
import type { MessageListEditor } from './greeting-form.tsx';

type Named = { id: number; name: string };
type Delay = {
  amount: number;
  unit: 'MINUTES' | 'HOURS' | 'DAYS';
  from: 'TRIGGER' | 'PREVIOUS';
  timeOfDay: string | null;
};
type DraftStep = {
  key: string;
  id?: number;
  delay: Delay;
  hasTagIds: number[];
  lacksTagIds: number[];
  segmentId: number | null;
  /** Conditions written in the step (the segment builder's, unsaved); null: none. */
  segmentConditions: SegmentConditions | null;
  messages: DeliveryMessage[];
  actions: ScenarioAction[];
  sentCount: number;
  skippedCount: number;
  clickedFriends: number;
};

let keySeq = 0;
const newKey = () => `new-${(keySeq += 1)}`;
const blankStep = (): DraftStep => ({
  key: newKey(),
  delay: { amount: 1, unit: 'DAYS', from: 'PREVIOUS', timeOfDay: '10:00' },
  hasTagIds: [],
  lacksTagIds: [],
  segmentId: null,
  segmentConditions: null,
  messages: [{ type: 'text', text: '' }],
  actions: [],
  sentCount: 0,
  skippedCount: 0,
  clickedFriends: 0,
});

/** A delay in words: 「前のステップの1日後 10:00」. */
export function useDelayLabel() {
  const { t } = useTranslation();
  return (d: Delay) =>
    t('scenarios.delayLabel', {
      from: t(`scenarios.from.${d.from}`),
      amount: d.amount,
      unit: t(`scenarios.unit.${d.unit}`),
      time: d.timeOfDay ? ` ${d.timeOfDay}` : '',
    });
}

function TagPicker({
  label,
  tags,
  value,
  onChange,
  disabled,
}: {
  label: string;
  tags: Named[];
  value: number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      disabled={disabled}
      options={tags}
      getOptionLabel={(o) => o.name}
      value={tags.filter((tag) => value.includes(tag.id))}
      onChange={(_e, picked) => onChange(picked.map((p) => p.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/**
 * The editor of a step's written conditions (the friends page's segment builder, unsaved), given by the
 * page: the builder belongs to the friends feature.
 */
export type StepConditionsEditor = (props: {
  index: number;
  value: SegmentConditions | null;
  onChange: (value: SegmentConditions | null) => void;
  disabled: boolean;
}) => ReactNode;

/**
 * シナリオ editor: name, trigger, on/off, stop conditions, and the steps as a vertical timeline (delay,
 * conditions, messages, actions). Steps keep their ids through edits, so no friend gets a step twice.
 */
export function ScenarioEditor({
  lineAccountId,
  scenario,
  tags,
  segments,
  scenarios,
  ranks = [],
  canEdit,
  editor,
  conditionsEditor,
  onDone,
}: {
  lineAccountId: number;
  scenario: Scenario | null;
  tags: Named[];
  /** The account's saved segments (セグメント), a step's condition. */
  segments: Named[];
  scenarios: Named[];
  /** The member card's ranks (by name, lowest first), for the ランクに到達した時 trigger. */
  ranks?: string[];
  canEdit: boolean;
  editor: MessageListEditor;
  /** A step's written conditions (送信条件: 条件を指定); without it the step shows none. */
  conditionsEditor?: StepConditionsEditor;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const save = useSaveScenarioMutation(lineAccountId);
  const delayLabel = useDelayLabel();
  const [name, setName] = useState(scenario?.name ?? '');
  const [enabled, setEnabled] = useState(scenario?.enabled ?? false);
  const [trigger, setTrigger] = useState<ScenarioBody['trigger']>(scenario?.trigger ?? 'FOLLOW');
  const [triggerTagId, setTriggerTagId] = useState<number | null>(scenario?.triggerTagId ?? null);
  const [triggerRank, setTriggerRank] = useState<string | null>(scenario?.triggerRank ?? null);
  // ranks to offer: the programme's (the first, everyone's start, is never reached) and the one saved
  const rankChoices = [
    ...new Set([...ranks.slice(1), ...(scenario?.triggerRank ? [scenario.triggerRank] : [])]),
  ];
  const [stopTagIds, setStopTagIds] = useState(scenario?.stopTagIds ?? []);
  const [stopOnMember, setStopOnMember] = useState(scenario?.stopOnMember ?? false);
  const [steps, setSteps] = useState<DraftStep[]>(
    scenario
      ? scenario.steps.map((s) => ({
          key: `step-${s.id}`,
          id: s.id,
          delay: s.delay,
          hasTagIds: s.conditions.hasTagIds,
          lacksTagIds: s.conditions.lacksTagIds,
          segmentId: s.conditions.segmentId,
          segmentConditions: s.conditions.segmentConditions,
          messages: s.messages,
          actions: s.actions,
          sentCount: s.sentCount,
          skippedCount: s.skippedCount,
          clickedFriends: s.clickedFriends,
        }))
      : [blankStep()],
  );
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, patch: Partial<DraftStep>) =>
    setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const move = (index: number, by: number) =>
    setSteps((all) => {
      const next = [...all];
      const [step] = next.splice(index, 1);
      next.splice(index + by, 0, step!);
      return next;
    });
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        id: scenario?.id ?? null,
        body: {
          name,
          enabled,
          trigger,
          triggerTagId: trigger === 'TAG_ADDED' ? triggerTagId : null,
          triggerRank: trigger === 'RANK_REACHED' ? triggerRank : null,
          stopTagIds,
          stopOnMember,
          steps: steps.map((s) => ({
            ...(s.id ? { id: s.id } : {}),
            delay: s.delay,
            conditions: {
              hasTagIds: s.hasTagIds,
              lacksTagIds: s.lacksTagIds,
              segmentId: s.segmentId,
              segmentConditions: s.segmentConditions,
            },
            messages: s.messages,
            actions: s.actions,
          })),
        },
      });
      showToast(t('scenarios.saved'), 'success');
      onDone();
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  const tagName = (id: number) => tags.find((tag) => tag.id === id)?.name ?? `#${id}`;
  const actionLabel = (a: ScenarioAction) =>
    a.type === 'scenario.start'
      ? t('scenarios.action.startLabel', {
          name: scenarios.find((s) => s.id === a.scenarioId)?.name ?? `#${a.scenarioId}`,
        })
      : t(a.type === 'tag.add' ? 'scenarios.action.addLabel' : 'scenarios.action.removeLabel', {
          name: tagName(a.tagId),
        });

  return (
    <Card>
      <CardContent>
        <Stack spacing={3}>
          <Alert severity="warning">{t('scenarios.quota')}</Alert>
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label={t('scenarios.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={!canEdit}
              required
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'scenario-name', maxLength: 50 } }}
            />
            <TextField
              select
              label={t('scenarios.trigger.label')}
              value={trigger}
              onChange={(e) => setTrigger(e.target.value as ScenarioBody['trigger'])}
              disabled={!canEdit}
              sx={{ flex: 1 }}
            >
              {(['FOLLOW', 'MEMBER_REGISTERED', 'TAG_ADDED', 'RANK_REACHED', 'MANUAL'] as const).map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`scenarios.trigger.${v}`)}
                </MenuItem>
              ))}
            </TextField>
            {trigger === 'TAG_ADDED' && (
              <TextField
                select
                label={t('scenarios.trigger.tag')}
                value={triggerTagId ?? ''}
                onChange={(e) => setTriggerTagId(Number(e.target.value))}
                disabled={!canEdit}
                required
                helperText={t('scenarios.trigger.tagHelp')}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': 'scenario-trigger-tag' } }}
              >
                {tags.map((tag) => (
                  <MenuItem key={tag.id} value={tag.id}>
                    {tag.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {trigger === 'RANK_REACHED' && (
              <TextField
                select
                label={t('scenarios.trigger.rank')}
                value={triggerRank ?? ''}
                onChange={(e) => setTriggerRank(e.target.value)}
                disabled={!canEdit}
                required
                helperText={t(
                  rankChoices.length > 0 ? 'scenarios.trigger.rankHelp' : 'scenarios.trigger.noRanks',
                )}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': 'scenario-trigger-rank' } }}
              >
                {rankChoices.map((rank) => (
                  <MenuItem key={rank} value={rank}>
                    {rank}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FormControlLabel
              control={
                <Switch
                  checked={enabled}
                  onChange={(e) => setEnabled(e.target.checked)}
                  disabled={!canEdit}
                />
              }
              label={t('scenarios.enabled')}
            />
          </Stack>
          <Box component="section" aria-labelledby="scenario-stop">
            <Typography variant="subtitle1" component="h3" id="scenario-stop">
              {t('scenarios.stop.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('scenarios.stop.help')}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Box sx={{ flex: 1 }}>
                <TagPicker
                  label={t('scenarios.stop.tags')}
                  tags={tags}
                  value={stopTagIds}
                  onChange={setStopTagIds}
                  disabled={!canEdit}
                />
              </Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={stopOnMember}
                    onChange={(e) => setStopOnMember(e.target.checked)}
                    disabled={!canEdit}
                  />
                }
                label={t('scenarios.stop.member')}
              />
            </Stack>
          </Box>
          <Box component="section" aria-labelledby="scenario-steps">
            <Typography variant="subtitle1" component="h3" id="scenario-steps" sx={{ mb: 1 }}>
              {t('scenarios.steps')}
            </Typography>
            <Stepper orientation="vertical" nonLinear activeStep={-1}>
              {steps.map((step, index) => (
                <Step key={step.key} expanded active>
                  <StepLabel
                    optional={
                      step.id ? (
                        <Typography variant="caption" color="text.secondary">
                          {t('scenarios.stepFigures', {
                            sent: step.sentCount,
                            skipped: step.skippedCount,
                            clicked: step.clickedFriends,
                          })}
                        </Typography>
                      ) : undefined
                    }
                  >
                    {t('scenarios.stepTitle', { n: index + 1 })}・{delayLabel(step.delay)}
                  </StepLabel>
                  <StepContent>
                    <Stack spacing={2} sx={{ py: 1 }}>
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                        <TextField
                          select
                          size="small"
                          label={t('scenarios.delayFrom')}
                          value={step.delay.from}
                          disabled={!canEdit}
                          onChange={(e) =>
                            change(index, { delay: { ...step.delay, from: e.target.value as Delay['from'] } })
                          }
                        >
                          <MenuItem value="PREVIOUS">{t('scenarios.from.PREVIOUS')}</MenuItem>
                          <MenuItem value="TRIGGER">{t('scenarios.from.TRIGGER')}</MenuItem>
                        </TextField>
                        <TextField
                          size="small"
                          type="number"
                          label={t('scenarios.amount')}
                          value={step.delay.amount}
                          disabled={!canEdit}
                          onChange={(e) =>
                            change(index, { delay: { ...step.delay, amount: Number(e.target.value) } })
                          }
                          slotProps={{ htmlInput: { min: 0, 'data-testid': `step-${index}-amount` } }}
                          sx={{ width: 120, flexShrink: 0 }}
                        />
                        <TextField
                          select
                          size="small"
                          label={t('scenarios.unitLabel')}
                          value={step.delay.unit}
                          disabled={!canEdit}
                          onChange={(e) =>
                            change(index, { delay: { ...step.delay, unit: e.target.value as Delay['unit'] } })
                          }
                        >
                          {(['MINUTES', 'HOURS', 'DAYS'] as const).map((u) => (
                            <MenuItem key={u} value={u}>
                              {t(`scenarios.unit.${u}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField
                          size="small"
                          type="time"
                          label={t('scenarios.timeOfDay')}
                          value={step.delay.timeOfDay ?? ''}
                          disabled={!canEdit}
                          onChange={(e) =>
                            change(index, { delay: { ...step.delay, timeOfDay: e.target.value || null } })
                          }
                          slotProps={{ inputLabel: { shrink: true } }}
                          helperText={t('scenarios.timeOfDayHelp')}
                        />
                      </Stack>
                      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
                        <Box sx={{ flex: 1 }}>
                          <TagPicker
                            label={t('scenarios.hasTags')}
                            tags={tags}
                            value={step.hasTagIds}
                            onChange={(ids) => change(index, { hasTagIds: ids })}
                            disabled={!canEdit}
                          />
                        </Box>
                        <Box sx={{ flex: 1 }}>
                          <TagPicker
                            label={t('scenarios.lacksTags')}
                            tags={tags}
                            value={step.lacksTagIds}
                            onChange={(ids) => change(index, { lacksTagIds: ids })}
                            disabled={!canEdit}
                          />
                        </Box>
                        <Box sx={{ flex: 1 }}>
                          <TextField
                            select
                            fullWidth
                            size="small"
                            label={t('scenarios.segment')}
                            value={step.segmentId ?? ''}
                            disabled={!canEdit}
                            onChange={(e) =>
                              change(index, {
                                segmentId: e.target.value === '' ? null : Number(e.target.value),
                              })
                            }
                            helperText={t('scenarios.segmentHelp')}
                            slotProps={{ htmlInput: { 'data-testid': `step-${index}-segment` } }}
                          >
                            <MenuItem value="">{t('scenarios.noSegment')}</MenuItem>
                            {step.segmentId !== null && !segments.some((s) => s.id === step.segmentId) && (
                              <MenuItem value={step.segmentId}>{t('scenarios.deletedSegment')}</MenuItem>
                            )}
                            {segments.map((s) => (
                              <MenuItem key={s.id} value={s.id}>
                                {s.name}
                              </MenuItem>
                            ))}
                          </TextField>
                        </Box>
                      </Stack>
                      {conditionsEditor?.({
                        index,
                        value: step.segmentConditions,
                        onChange: (value) => change(index, { segmentConditions: value }),
                        disabled: !canEdit,
                      })}
                      {canEdit ? (
                        <>
                          {editor({
                            value: step.messages,
                            onChange: (messages) => change(index, { messages }),
                            testIdPrefix: `step-${index}-`,
                          })}
                          {hasFriendNamePlaceholder(step.messages) && (
                            // the friend's name: one push per friend, as a personalised delivery goes
                            <Alert severity="info" data-testid={`step-${index}-personal-note`}>
                              {t('scenarios.personalNote')}
                            </Alert>
                          )}
                        </>
                      ) : (
                        <Typography variant="body2">
                          {step.messages
                            .map((m) =>
                              // a message of another kind by its name (画像, リッチメッセージ, クーポン ...)
                              m.type === 'text'
                                ? m.text
                                : t(`templates.kind.${m.type}`, { defaultValue: m.type }),
                            )
                            .join(' / ')}
                        </Typography>
                      )}
                      <Stack
                        direction="row"
                        spacing={1}
                        useFlexGap
                        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                      >
                        <Typography variant="body2" color="text.secondary">
                          {t('scenarios.actions')}
                        </Typography>
                        {step.actions.map((a, i) => (
                          <Chip
                            key={`${a.type}-${i}`}
                            label={actionLabel(a)}
                            size="small"
                            onDelete={
                              canEdit
                                ? () => change(index, { actions: step.actions.filter((_, j) => j !== i) })
                                : undefined
                            }
                          />
                        ))}
                        {canEdit && step.actions.length < 5 && (
                          <TextField
                            select
                            size="small"
                            value=""
                            label={t('scenarios.action.add')}
                            sx={{ minWidth: 200 }}
                            onChange={(e) => {
                              const [kind, id] = e.target.value.split(':');
                              const action: ScenarioAction =
                                kind === 'scenario.start'
                                  ? { type: 'scenario.start', scenarioId: Number(id) }
                                  : { type: kind as 'tag.add' | 'tag.remove', tagId: Number(id) };
                              change(index, { actions: [...step.actions, action] });
                            }}
                          >
                            {tags.map((tag) => (
                              <MenuItem key={`a${tag.id}`} value={`tag.add:${tag.id}`}>
                                {t('scenarios.action.addLabel', { name: tag.name })}
                              </MenuItem>
                            ))}
                            {tags.map((tag) => (
                              <MenuItem key={`r${tag.id}`} value={`tag.remove:${tag.id}`}>
                                {t('scenarios.action.removeLabel', { name: tag.name })}
                              </MenuItem>
                            ))}
                            {scenarios
                              .filter((s) => s.id !== scenario?.id)
                              .map((s) => (
                                <MenuItem key={`s${s.id}`} value={`scenario.start:${s.id}`}>
                                  {t('scenarios.action.startLabel', { name: s.name })}
                                </MenuItem>
                              ))}
                          </TextField>
                        )}
                      </Stack>
                      {canEdit && (
                        <Stack direction="row" spacing={0.5}>
                          <IconButton
                            aria-label={t('scenarios.moveUp')}
                            disabled={index === 0}
                            onClick={() => move(index, -1)}
                          >
                            <ArrowUpwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            aria-label={t('scenarios.moveDown')}
                            disabled={index === steps.length - 1}
                            onClick={() => move(index, 1)}
                          >
                            <ArrowDownwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            aria-label={t('scenarios.removeStep')}
                            disabled={steps.length === 1}
                            onClick={() => setSteps((all) => all.filter((_, i) => i !== index))}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Stack>
                      )}
                    </Stack>
                  </StepContent>
                </Step>
              ))}
            </Stepper>
            {canEdit && steps.length < 30 && (
              <Button
                startIcon={<AddIcon />}
                onClick={() => setSteps((all) => [...all, blankStep()])}
                sx={{ mt: 1 }}
              >
                {t('scenarios.addStep')}
              </Button>
            )}
          </Box>
          <Stack direction="row" spacing={1}>
            {canEdit && (
              <Button
                variant="contained"
                onClick={() => void submit()}
                disabled={
                  save.isPending ||
                  (trigger === 'TAG_ADDED' && triggerTagId === null) ||
                  (trigger === 'RANK_REACHED' && triggerRank === null)
                }
                data-testid="scenario-save"
              >
                {t('scenarios.save')}
              </Button>
            )}
            <Button onClick={onDone}>{t('scenarios.back')}</Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
