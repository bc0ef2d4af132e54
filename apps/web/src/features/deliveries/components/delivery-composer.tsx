import {
  hasFriendNamePlaceholder,
  type Delivery,
  type DeliveryAudience,
  type DeliveryMessage,
  type SegmentConditions,
} from '@app/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  audienceCountQueryOptions,
  followingFriendsQueryOptions,
  quotaQueryOptions,
  segmentsQueryOptions,
  useComposeMutation,
} from '../api/deliveries.api.ts';
import { japanInstant, japanLocalInput, lineRefusedText, overQuotaText } from '../lib/delivery-texts.ts';
import { LineChatPreview } from './line-chat-preview.tsx';
import { MessageListEditor } from './message-list-editor.tsx';
import { TemplateDialog } from './template-dialog.tsx';
import { TestRecipientPicker } from './test-recipient-picker.tsx';
import { ConditionsSummary } from './conditions-summary.tsx';

/**
 * The composer of a delivery: up to 5 messages (text, sticker, card-type) with a LINE-like preview, the audience
 * (every friend, a saved segment or friends picked by hand) and its count before sending, now or at a
 * Japan time, and the month's quota against this delivery's cost. Staff save drafts; owners and managers
 * send. `initial`: a draft or a scheduled delivery opened to be changed (saved in place, sent or moved).
 */
export function DeliveryComposer({
  lineAccountId,
  accountName,
  canSend,
  onDone,
  initial = null,
  initialFriends = null,
  initialConditions = null,
}: {
  lineAccountId: number;
  accountName: string;
  canSend: boolean;
  onDone: () => void;
  initial?: Delivery | null;
  /** Friends picked on the friends page (配信する): a new delivery to them. */
  initialFriends?: { id: number; displayName: string }[] | null;
  /** The friends page's unsaved conditions (配信する from the segment builder): a new delivery to them. */
  initialConditions?: SegmentConditions | null;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [messages, setMessages] = useState<DeliveryMessage[]>(
    initial?.messages ?? [{ type: 'text', text: '' }],
  );
  const [audienceType, setAudienceType] = useState<DeliveryAudience['type']>(
    initial?.audience.type ?? (initialConditions ? 'CONDITIONS' : initialFriends?.length ? 'FRIENDS' : 'ALL'),
  );
  /** The conditions carried over (kept while another audience is tried, so the owner can come back). */
  const conditions =
    initial?.audience.type === 'CONDITIONS' ? initial.audience.conditions : initialConditions;
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [segmentId, setSegmentId] = useState<number | ''>(
    initial?.audience.type === 'SEGMENT' ? initial.audience.segmentId : '',
  );
  const [picked, setPicked] = useState<{ id: number; displayName: string }[]>(
    initial?.audience.type === 'FRIENDS'
      ? initial.audience.friendIds.map((id) => ({ id, displayName: `#${id}` }))
      : (initialFriends ?? []),
  );
  const [friendSearch, setFriendSearch] = useState('');
  const friendOptions = useQuery({
    ...followingFriendsQueryOptions(lineAccountId, friendSearch.trim()),
    enabled: audienceType === 'FRIENDS',
  });
  const [when, setWhen] = useState<'now' | 'scheduled'>(initial?.scheduledAt ? 'scheduled' : 'now');
  const [scheduledAt, setScheduledAt] = useState(
    initial?.scheduledAt ? japanLocalInput(initial.scheduledAt) : '',
  );
  const [error, setError] = useState<string | null>(null);
  /** The draft this composer saved (a test send saves it first): later saves change it. */
  const [draftId, setDraftId] = useState<number | null>(initial?.id ?? null);
  const segments = useQuery(segmentsQueryOptions(lineAccountId));
  const quota = useQuery(quotaQueryOptions(lineAccountId));
  const audience: DeliveryAudience | null =
    audienceType === 'ALL'
      ? { type: 'ALL' }
      : audienceType === 'FRIENDS'
        ? picked.length === 0
          ? null
          : { type: 'FRIENDS', friendIds: picked.map((f) => f.id) }
        : audienceType === 'CONDITIONS'
          ? conditions
            ? { type: 'CONDITIONS', conditions }
            : null
          : segmentId === ''
            ? null
            : { type: 'SEGMENT', segmentId };
  const count = useQuery(audienceCountQueryOptions(lineAccountId, audience));
  const compose = useComposeMutation(lineAccountId);
  const cost = count.data?.count ?? 0;
  const remaining = quota.data?.remaining ?? null;
  const [upToQuota, setUpToQuota] = useState(false);
  const overQuota = remaining !== null && cost > remaining;
  /** Over the quota with the switch on: the first `remaining` friends get it. */
  const blockedByQuota = overQuota && !(upToQuota && (remaining ?? 0) > 0);

  const submit = async (send: boolean | 'test') => {
    setError(null);
    if (!audience) {
      setError(t(audienceType === 'FRIENDS' ? 'deliveries.pickFriends' : 'deliveries.pickSegment'));
      return;
    }
    try {
      const result = await compose.mutateAsync({
        draftId,
        body: { title: title.trim() || t('deliveries.untitled'), messages, audience },
        ...(send === 'test'
          ? { test: true }
          : send
            ? {
                send: {
                  scheduledAt: when === 'scheduled' && scheduledAt ? japanInstant(scheduledAt) : null,
                  upToQuota: overQuota && upToQuota,
                },
              }
            : {}),
      });
      if (send === 'test') {
        setDraftId(result.id);
        if ('testedWith' in result)
          showToast(t('deliveries.testSent', { name: result.testedWith }), 'success');
        return;
      }
      showToast(
        t(send ? (when === 'scheduled' ? 'deliveries.scheduled' : 'deliveries.sent') : 'deliveries.saved'),
        'success',
      );
      onDone();
    } catch (failure) {
      const text = showFailure(failure);
      setError(overQuotaText(text, t) ?? lineRefusedText(text, t) ?? text);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
            <TextField
              label={t('deliveries.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              helperText={t('deliveries.titleHelp')}
            />
            <Typography variant="subtitle2">{t('deliveries.messages')}</Typography>
            <MessageListEditor
              value={messages}
              onChange={setMessages}
              lineAccountId={lineAccountId}
              nameInsert
            />
            <Box>
              <Button size="small" onClick={() => setSavingTemplate(true)} data-testid="save-as-template">
                {t('templates.saveAs')}
              </Button>
            </Box>
            {savingTemplate && (
              <TemplateDialog
                lineAccountId={lineAccountId}
                initial={{ id: null, name: title.trim(), folder: null, messages }}
                editMessages={false}
                onClose={() => setSavingTemplate(false)}
              />
            )}
            <Typography variant="subtitle2">{t('deliveries.audience')}</Typography>
            <RadioGroup
              row
              value={audienceType}
              onChange={(e) => setAudienceType(e.target.value as DeliveryAudience['type'])}
            >
              <FormControlLabel value="ALL" control={<Radio />} label={t('deliveries.audienceAll')} />
              <FormControlLabel value="SEGMENT" control={<Radio />} label={t('deliveries.audienceSegment')} />
              <FormControlLabel value="FRIENDS" control={<Radio />} label={t('deliveries.audiencePicked')} />
              {conditions && (
                <FormControlLabel
                  value="CONDITIONS"
                  control={<Radio />}
                  label={t('deliveries.audienceConditions')}
                  data-testid="audience-conditions"
                />
              )}
            </RadioGroup>
            {audienceType === 'CONDITIONS' && conditions && (
              <ConditionsSummary lineAccountId={lineAccountId} conditions={conditions} />
            )}
            {audienceType === 'FRIENDS' && (
              <Autocomplete
                multiple
                options={
                  friendOptions.data?.data.map((f) => ({ id: f.id, displayName: f.displayName })) ?? []
                }
                value={picked}
                onChange={(_, value) => setPicked(value)}
                inputValue={friendSearch}
                onInputChange={(_, value) => setFriendSearch(value)}
                filterOptions={(options) => options}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                getOptionLabel={(f) => f.displayName || `#${f.id}`}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('deliveries.pickedFriends')}
                    helperText={t('deliveries.pickedHelp')}
                  />
                )}
              />
            )}
            {audienceType === 'SEGMENT' && (
              <TextField
                select
                label={t('deliveries.segment')}
                value={segmentId}
                onChange={(e) => setSegmentId(Number(e.target.value))}
                helperText={segments.data?.data.length ? ' ' : t('deliveries.noSegments')}
                slotProps={{ htmlInput: { 'data-testid': 'segment-select' } }}
              >
                {(segments.data?.data ?? []).map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography variant="body2" data-testid="audience-count">
              {audience && count.data
                ? t('deliveries.audienceCount', { count: formatCount(count.data.count) })
                : t('deliveries.audienceCountPending')}
            </Typography>
            <Typography variant="subtitle2">{t('deliveries.when')}</Typography>
            <RadioGroup row value={when} onChange={(e) => setWhen(e.target.value as 'now' | 'scheduled')}>
              <FormControlLabel value="now" control={<Radio />} label={t('deliveries.now')} />
              <FormControlLabel value="scheduled" control={<Radio />} label={t('deliveries.later')} />
            </RadioGroup>
            {when === 'scheduled' && (
              <TextField
                type="datetime-local"
                label={t('deliveries.scheduledAt')}
                value={scheduledAt}
                onChange={(e) => setScheduledAt(e.target.value)}
                helperText={t('deliveries.japanTime')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            <Alert severity={overQuota ? 'warning' : 'info'} data-testid="quota">
              {quota.data
                ? t(quota.data.limit === null ? 'deliveries.quotaUnlimited' : 'deliveries.quota', {
                    used: formatCount(quota.data.used),
                    limit: formatCount(quota.data.limit ?? 0),
                    remaining: formatCount(quota.data.remaining ?? 0),
                  })
                : quota.isError
                  ? t('deliveries.quotaUnknown')
                  : t('common.loading')}
              <br />
              {t('deliveries.cost', {
                count: formatCount(overQuota && upToQuota ? (remaining ?? 0) : cost),
              })}
              {hasFriendNamePlaceholder(messages) && (
                <>
                  <br />
                  <span data-testid="personal-note">
                    {t(audienceType === 'ALL' ? 'templates.personalAllNote' : 'templates.personalNote')}
                  </span>
                </>
              )}
              {overQuota && (
                <>
                  <br />
                  {t('deliveries.overQuota', { count: cost, remaining: remaining ?? 0 })}
                </>
              )}
            </Alert>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap' }}>
              <TestRecipientPicker lineAccountId={lineAccountId} />
              <Button
                variant="outlined"
                disabled={compose.isPending}
                onClick={() => void submit('test')}
                data-testid="test-send"
              >
                {t('deliveries.testSend')}
              </Button>
            </Box>
            {overQuota && (remaining ?? 0) > 0 && (
              <FormControlLabel
                control={<Switch checked={upToQuota} onChange={(e) => setUpToQuota(e.target.checked)} />}
                label={t('deliveries.upToQuota', { remaining: formatCount(remaining ?? 0) })}
              />
            )}
            {error && <Alert severity="error">{error}</Alert>}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onDone}>{t('common.cancel')}</Button>
              <Button variant="outlined" disabled={compose.isPending} onClick={() => void submit(false)}>
                {t('deliveries.saveDraft')}
              </Button>
              {canSend && (
                <Button
                  variant="contained"
                  disabled={compose.isPending || blockedByQuota || (when === 'scheduled' && !scheduledAt)}
                  onClick={() => void submit(true)}
                >
                  {when === 'scheduled' ? t('deliveries.schedule') : t('deliveries.send')}
                </Button>
              )}
            </Stack>
          </Stack>
          <Box sx={{ width: { md: 320 }, flexShrink: 0 }}>
            <Typography variant="subtitle2" gutterBottom>
              {t('deliveries.preview')}
            </Typography>
            <LineChatPreview accountName={accountName} messages={messages} />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
