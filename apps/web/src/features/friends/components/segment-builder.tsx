import type { MemberAttribute, MemberCondition, SearchFriendsBody } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../lib/use-list-params.ts';

type Flags = Pick<SearchFriendsBody, 'isMemberServiceUser' | 'isShiftServiceUser' | 'includeNonMembers'>;

/** A segment as the address keeps it (?segment=<JSON>): the friend search's own fields. */
export type Segment = {
  condition: 'AND' | 'OR';
  memberCode?: [string, string];
  memberAttributes: MemberCondition[];
  flags?: Required<Flags>;
  /** Tags the friend has / lacks (ids). */
  hasTags?: number[];
  lacksTags?: number[];
  /** The member card: ranks held (names), balance and visits ranges, coupons held (ids). */
  memberRanks?: string[];
  pointsBalance?: Range;
  visitCount?: Range;
  holdsCoupons?: number[];
  /** Came through one of these inflow routes (ids). */
  inflowRoutes?: number[];
  /** Running through / finished these scenarios (ids). */
  inScenarios?: number[];
  finishedScenarios?: number[];
  /** Clicked a tracked link of these deliveries (ids), or any tracked link in the last N days. */
  clickedDeliveries?: number[];
  clickedWithinDays?: number;
  /** Tapped these rich menu areas, each within its number of days (one condition each). */
  tappedAreas?: TappedArea[];
};

type TappedArea = { richMenuId: number; areaIndex: number; withinDays: number };

/** A rich menu area as the builder's picker names it: one number for the menu and the area. */
export const menuAreaId = (richMenuId: number, areaIndex: number) => richMenuId * 100 + areaIndex;

type Range = { min?: number; max?: number };

/** What the account offers to pick from: its member card's ranks and coupons, routes and scenarios. */
export type SegmentOptions = {
  ranks: string[];
  coupons: { id: number; name: string }[];
  routes: { id: number; name: string }[];
  scenarios: { id: number; name: string }[];
  /** Deliveries that went out (their links are tracked). */
  deliveries?: { id: number; name: string }[];
  /** Rich menu areas whose taps are counted (`menuAreaId` of each), named for the picker. */
  menuAreas?: { id: number; name: string }[];
};

const rangeOf = (value: unknown): Range | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const { min, max } = value as Record<string, unknown>;
  const range: Range = {
    ...(typeof min === 'number' && Number.isInteger(min) ? { min } : {}),
    ...(typeof max === 'number' && Number.isInteger(max) ? { max } : {}),
  };
  return range.min === undefined && range.max === undefined ? undefined : range;
};
const names = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.length > 0 ? value.map(String) : undefined;
/** min above max: the search would refuse it (400), so the builder says so first. */
const reversed = (r?: Range) => r?.min !== undefined && r.max !== undefined && r.min > r.max;

/** The fields of the member card, inflow and scenario conditions, each kept only when set. */
function extraFields(value: Partial<Segment>): Partial<Segment> {
  const pick = {
    memberRanks: names(value.memberRanks),
    pointsBalance: rangeOf(value.pointsBalance),
    visitCount: rangeOf(value.visitCount),
    holdsCoupons: ids(value.holdsCoupons),
    inflowRoutes: ids(value.inflowRoutes),
    inScenarios: ids(value.inScenarios),
    finishedScenarios: ids(value.finishedScenarios),
    clickedDeliveries: ids(value.clickedDeliveries),
    clickedWithinDays: days(value.clickedWithinDays),
    tappedAreas: tappedAreas(value.tappedAreas),
  };
  return Object.fromEntries(Object.entries(pick).filter(([, v]) => v !== undefined));
}

const ids = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.length > 0 ? value.map(Number).filter((n) => n > 0) : undefined;

/** A whole number of days from 1 to 365 (the search's bounds), or nothing. */
const days = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 365 ? value : undefined;

/** The tap conditions that the search takes (a menu, an area 0-19, 1-365 days), or nothing. */
const tappedAreas = (value: unknown): TappedArea[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  const kept = value
    .map((v) => v as Partial<TappedArea>)
    .filter(
      (v) =>
        Number.isInteger(v.richMenuId) &&
        (v.richMenuId ?? 0) > 0 &&
        Number.isInteger(v.areaIndex) &&
        (v.areaIndex ?? -1) >= 0 &&
        (v.areaIndex ?? 99) <= 19 &&
        days(v.withinDays) !== undefined,
    )
    .map((v) => ({ richMenuId: v.richMenuId!, areaIndex: v.areaIndex!, withinDays: v.withinDays! }));
  return kept.length > 0 ? kept.slice(0, 10) : undefined;
};

const emptySegment: Segment = { condition: 'AND', memberAttributes: [] };

/** The segment of the address; anything unreadable is no segment. */
export function segmentOf(params: ListParams): Segment | null {
  const raw = params.get('segment');
  if (!raw) return null;
  try {
    return readSegment(JSON.parse(raw) as Partial<Segment>);
  } catch {
    return null;
  }
}

/**
 * The builder's segment of conditions as the API keeps them (a scenario step's written conditions): the
 * same fields, the three "who" flags on their own (kept only when they leave someone out).
 */
export function segmentOfConditions(conditions: Partial<SearchFriendsBody>): Segment {
  const flags = {
    isMemberServiceUser: conditions.isMemberServiceUser ?? true,
    isShiftServiceUser: conditions.isShiftServiceUser ?? true,
    includeNonMembers: conditions.includeNonMembers ?? true,
  };
  const everyone = Object.values(flags).every(Boolean);
  return readSegment({ ...(conditions as Partial<Segment>), ...(everyone ? {} : { flags }) });
}

/** Anything read (the address, stored conditions) as a segment: fields the builder does not know dropped. */
function readSegment(value: Partial<Segment>): Segment {
  return {
    condition: value.condition === 'OR' ? 'OR' : 'AND',
    ...(Array.isArray(value.memberCode) && value.memberCode.length === 2
      ? { memberCode: [String(value.memberCode[0]), String(value.memberCode[1])] }
      : {}),
    memberAttributes: Array.isArray(value.memberAttributes) ? value.memberAttributes : [],
    ...(value.flags ? { flags: value.flags } : {}),
    ...(ids(value.hasTags) ? { hasTags: ids(value.hasTags) } : {}),
    ...(ids(value.lacksTags) ? { lacksTags: ids(value.lacksTags) } : {}),
    ...extraFields(value),
  };
}

/** The friend-search fields of a segment (its flags override the audience picked in the toolbar). */
export function segmentBody(segment: Segment | null): Partial<SearchFriendsBody> {
  if (!segment) return {};
  const attributes = segment.memberAttributes.filter((c) => c.attributeId);
  return {
    condition: segment.condition,
    ...(segment.memberCode ? { memberCode: segment.memberCode } : {}),
    ...(attributes.length ? { memberAttributes: attributes } : {}),
    ...(segment.hasTags?.length ? { hasTags: segment.hasTags } : {}),
    ...(segment.lacksTags?.length ? { lacksTags: segment.lacksTags } : {}),
    ...extraFields(segment),
    ...(segment.flags ?? {}),
  };
}

export const segmentSize = (segment: Segment | null) =>
  segment
    ? segment.memberAttributes.length +
      (segment.memberCode ? 1 : 0) +
      (segment.flags ? 1 : 0) +
      (segment.hasTags?.length ?? 0) +
      (segment.lacksTags?.length ?? 0) +
      (segment.memberRanks?.length ? 1 : 0) +
      (segment.pointsBalance ? 1 : 0) +
      (segment.visitCount ? 1 : 0) +
      (segment.holdsCoupons?.length ?? 0) +
      (segment.inflowRoutes?.length ? 1 : 0) +
      (segment.inScenarios?.length ?? 0) +
      (segment.finishedScenarios?.length ?? 0) +
      (segment.clickedDeliveries?.length ?? 0) +
      (segment.clickedWithinDays ? 1 : 0) +
      (segment.tappedAreas?.length ?? 0)
    : 0;

/** A min–max pair of whole numbers (ポイント残高, 来店回数). */
function RangeRow(props: {
  label: string;
  name: string;
  value: Range | undefined;
  onChange: (value: Range | undefined) => void;
}) {
  const { t } = useTranslation();
  const set = (key: 'min' | 'max', raw: string) => {
    const next: Range = { ...props.value };
    if (raw === '' || !Number.isFinite(Number(raw))) delete next[key];
    else next[key] = Math.trunc(Number(raw));
    props.onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  const error = reversed(props.value);
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid={`segment-${props.name}`}
    >
      <Typography variant="body2" sx={{ width: 120 }}>
        {props.label}
      </Typography>
      {(['min', 'max'] as const).map((key) => (
        <TextField
          key={key}
          size="small"
          type="number"
          label={t(`segment.${key}`)}
          value={props.value?.[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
          error={error}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          sx={{ width: 150 }}
        />
      ))}
      {error ? (
        <Typography variant="body2" color="error" role="alert">
          {t('segment.rangeOrder')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Pick several of a list by name (ranks, coupons, routes, scenarios). */
function PickMany<T>(props: {
  label: string;
  name: string;
  options: T[];
  labelOf: (option: T) => string;
  selected: (option: T) => boolean;
  onChange: (picked: T[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={props.options}
      getOptionLabel={props.labelOf}
      value={props.options.filter(props.selected)}
      onChange={(_, picked) => props.onChange(picked)}
      renderInput={(params) => <TextField {...params} label={props.label} />}
      data-testid={`segment-${props.name}`}
    />
  );
}

function ConditionRow(props: {
  attributes: MemberAttribute[];
  value: MemberCondition;
  onChange: (value: MemberCondition) => void;
  onRemove: () => void;
  index: number;
}) {
  const { t } = useTranslation();
  const attribute = props.attributes.find((a) => a.id === props.value.attributeId);
  const set = (patch: Partial<MemberCondition>) => props.onChange({ ...props.value, ...patch });
  const range = (type: 'number' | 'date') => (
    <>
      <TextField
        size="small"
        type={type}
        label={t('segment.min')}
        value={props.value.min ?? ''}
        onChange={(e) =>
          set({
            min:
              e.target.value === '' ? undefined : type === 'number' ? Number(e.target.value) : e.target.value,
          })
        }
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 150 }}
      />
      <TextField
        size="small"
        type={type}
        label={t('segment.max')}
        value={props.value.max ?? ''}
        onChange={(e) =>
          set({
            max:
              e.target.value === '' ? undefined : type === 'number' ? Number(e.target.value) : e.target.value,
          })
        }
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 150 }}
      />
    </>
  );
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid={`segment-condition-${props.index}`}
    >
      <TextField
        select
        size="small"
        label={t('segment.attribute')}
        value={props.value.attributeId ? String(props.value.attributeId) : ''}
        onChange={(e) => props.onChange({ attributeId: Number(e.target.value) })}
        sx={{ width: 180 }}
      >
        {props.attributes.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      {attribute?.type === 'STRING' ? (
        <TextField
          size="small"
          label={t('segment.contains')}
          value={props.value.value ?? ''}
          onChange={(e) => set({ value: e.target.value || undefined })}
          sx={{ width: 200 }}
        />
      ) : null}
      {attribute?.type === 'NUMBER' ? range('number') : null}
      {attribute?.type === 'DATE' ? range('date') : null}
      {attribute?.type === 'RADIO' || attribute?.type === 'CHECKBOX' ? (
        <TextField
          select
          size="small"
          label={t('segment.anyOf')}
          value={(props.value.choiceIds ?? []).map(String)}
          onChange={(e) => {
            const v = e.target.value as unknown as string[] | string;
            const ids = (typeof v === 'string' ? v.split(',') : v).map(Number);
            set({ choiceIds: ids.length ? ids : undefined });
          }}
          slotProps={{ select: { multiple: true } }}
          sx={{ width: 240, maxWidth: '100%' }}
        >
          {attribute.choices.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.value}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {attribute?.type === 'IMAGE' ? (
        <Typography variant="body2" color="text.secondary">
          {t('segment.hasValue')}
        </Typography>
      ) : null}
      <IconButton aria-label={t('segment.remove')} onClick={props.onRemove}>
        <DeleteOutlined />
      </IconButton>
    </Box>
  );
}

/**
 * The friends list's segment builder: member attribute conditions combined with AND or OR, a member
 * code range, tags, the member card (rank, balance, visits, coupons), inflow routes, scenarios, clicks on a
 * delivery's tracked links (クリックしたURL / 配信), taps on rich menu areas (タップした), and who
 * is listed (members, shift staff, the other friends). Kept in the address as
 * ?segment=, so a segment can be shared as a link; the search is the friend search itself.
 */
export function SegmentBuilder(
  props: (
    | { params: ListParams }
    | {
        /** Held by the caller (a scenario step's conditions) instead of the address. */
        value: Segment | null;
        onApply: (segment: Segment | null) => void;
        disabled?: boolean;
        /** The opening button's words when no condition is set. */
        openLabel?: string;
        /** The dialog's apply button's words (the friends list's: この条件で表示). */
        applyLabel?: string;
      }
  ) & {
    attributes: MemberAttribute[];
    /** The audience the toolbar picked: the builder starts from its flags. */
    audienceFlags: Required<Flags>;
    /** The account's tags, for has / lacks conditions. */
    tags?: { id: number; name: string }[];
    /** The member card's ranks and coupons, the inflow routes and scenarios to pick from. */
    options?: SegmentOptions;
  },
) {
  const { t } = useTranslation();
  const current = 'params' in props ? segmentOf(props.params) : props.value;
  const save = (segment: Segment | null) => {
    const kept = segment && segmentSize(segment) ? segment : null;
    if ('params' in props)
      props.params.setFilters({
        segment: kept ? JSON.stringify(kept) : '',
        ...(kept?.flags ? { audience: '' } : {}),
      });
    else props.onApply(kept);
  };
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Segment>(emptySegment);
  // The window of the tap conditions (one for all the areas picked here), in days.
  const [tapDays, setTapDays] = useState<number | undefined>(30);
  const size = segmentSize(current);
  const flags = draft.flags ?? props.audienceFlags;
  const options = props.options;
  const invalid =
    reversed(draft.pointsBalance) ||
    reversed(draft.visitCount) ||
    (draft.clickedWithinDays !== undefined && !days(draft.clickedWithinDays)) ||
    (!!draft.tappedAreas?.length && !days(tapDays));
  const withTapDays = (areas: { richMenuId: number; areaIndex: number }[], within = tapDays) =>
    areas.map((a) => ({ richMenuId: a.richMenuId, areaIndex: a.areaIndex, withinDays: within ?? 0 }));
  const pickIds = (
    key: 'holdsCoupons' | 'inflowRoutes' | 'inScenarios' | 'finishedScenarios' | 'clickedDeliveries',
  ) => ({
    name: key,
    labelOf: (o: { name: string }) => o.name,
    selected: (o: { id: number }) => draft[key]?.includes(o.id) ?? false,
    onChange: (picked: { id: number }[]) => setDraft((d) => ({ ...d, [key]: picked.map((o) => o.id) })),
  });

  const start = () => {
    setDraft(current ?? emptySegment);
    setTapDays(current?.tappedAreas?.[0]?.withinDays ?? 30);
    setOpen(true);
  };
  const apply = () => {
    const memberAttributes = draft.memberAttributes.filter((c) => c.attributeId);
    const code = draft.memberCode;
    const segment: Segment = {
      condition: draft.condition,
      memberAttributes,
      ...(code && (code[0] || code[1]) ? { memberCode: code } : {}),
      ...(draft.flags ? { flags: draft.flags } : {}),
      ...(draft.hasTags?.length ? { hasTags: draft.hasTags } : {}),
      ...(draft.lacksTags?.length ? { lacksTags: draft.lacksTags } : {}),
      ...extraFields(draft),
    };
    save(segment);
    setOpen(false);
  };

  return (
    <>
      <Button
        variant={size ? 'contained' : 'outlined'}
        startIcon={<FilterAltOutlined />}
        onClick={start}
        disabled={'disabled' in props && props.disabled}
        data-testid="segment-open"
      >
        {size
          ? t('segment.active', { count: size })
          : ('openLabel' in props && props.openLabel) || t('segment.open')}
      </Button>
      {size && !('disabled' in props && props.disabled) ? (
        <Button onClick={() => save(null)}>{t('segment.clear')}</Button>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{t('segment.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('segment.who')}
            </Typography>
            <FormGroup row>
              {(['isMemberServiceUser', 'isShiftServiceUser', 'includeNonMembers'] as const).map((key) => (
                <FormControlLabel
                  key={key}
                  control={
                    <Checkbox
                      checked={flags[key]}
                      onChange={(e) =>
                        setDraft((d) => ({ ...d, flags: { ...flags, [key]: e.target.checked } }))
                      }
                    />
                  }
                  label={t(`segment.flags.${key}`)}
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('segment.combine')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={draft.condition}
              onChange={(_, value: 'AND' | 'OR' | null) =>
                value && setDraft((d) => ({ ...d, condition: value }))
              }
            >
              <ToggleButton value="AND">{t('segment.and')}</ToggleButton>
              <ToggleButton value="OR">{t('segment.or')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('segment.memberCode')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {[0, 1].map((i) => (
                <TextField
                  key={i}
                  size="small"
                  label={t(i === 0 ? 'segment.from' : 'segment.to')}
                  value={draft.memberCode?.[i] ?? ''}
                  onChange={(e) =>
                    setDraft((d) => {
                      const code: [string, string] = [...(d.memberCode ?? ['', ''])] as [string, string];
                      code[i] = e.target.value.trim();
                      return { ...d, memberCode: code };
                    })
                  }
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
                  sx={{ width: 180 }}
                />
              ))}
            </Box>
          </Box>
          {props.tags?.length ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Typography variant="subtitle2">{t('tags.conditions')}</Typography>
              {(['hasTags', 'lacksTags'] as const).map((key) => (
                <Autocomplete
                  key={key}
                  multiple
                  size="small"
                  options={props.tags ?? []}
                  getOptionLabel={(tag) => tag.name}
                  value={(props.tags ?? []).filter((tag) => draft[key]?.includes(tag.id))}
                  onChange={(_, tags) => setDraft((d) => ({ ...d, [key]: tags.map((tag) => tag.id) }))}
                  renderInput={(params) => (
                    <TextField {...params} label={t(key === 'hasTags' ? 'tags.has' : 'tags.lacks')} />
                  )}
                  data-testid={`segment-${key}`}
                />
              ))}
            </Box>
          ) : null}
          {options && (options.ranks.length > 0 || options.coupons.length > 0) ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Typography variant="subtitle2">{t('segment.memberCard')}</Typography>
              {options.ranks.length > 0 ? (
                <PickMany
                  label={t('segment.memberRanks')}
                  name="memberRanks"
                  options={options.ranks}
                  labelOf={(rank) => rank}
                  selected={(rank) => draft.memberRanks?.includes(rank) ?? false}
                  onChange={(ranks) => setDraft((d) => ({ ...d, memberRanks: ranks }))}
                />
              ) : null}
              <RangeRow
                label={t('segment.pointsBalance')}
                name="pointsBalance"
                value={draft.pointsBalance}
                onChange={(pointsBalance) => setDraft((d) => ({ ...d, pointsBalance }))}
              />
              <RangeRow
                label={t('segment.visitCount')}
                name="visitCount"
                value={draft.visitCount}
                onChange={(visitCount) => setDraft((d) => ({ ...d, visitCount }))}
              />
              {options.coupons.length > 0 ? (
                <PickMany
                  label={t('segment.holdsCoupons')}
                  options={options.coupons}
                  {...pickIds('holdsCoupons')}
                />
              ) : null}
            </Box>
          ) : null}
          {options?.routes.length ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Typography variant="subtitle2">{t('segment.inflow')}</Typography>
              <PickMany
                label={t('segment.inflowRoutes')}
                options={options.routes}
                {...pickIds('inflowRoutes')}
              />
            </Box>
          ) : null}
          {options?.scenarios.length ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Typography variant="subtitle2">{t('segment.scenario')}</Typography>
              <PickMany
                label={t('segment.inScenarios')}
                options={options.scenarios}
                {...pickIds('inScenarios')}
              />
              <PickMany
                label={t('segment.finishedScenarios')}
                options={options.scenarios}
                {...pickIds('finishedScenarios')}
              />
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography variant="subtitle2">{t('segment.clicks')}</Typography>
            {options?.deliveries?.length ? (
              <PickMany
                label={t('segment.clickedDeliveries')}
                options={options.deliveries}
                {...pickIds('clickedDeliveries')}
              />
            ) : null}
            <TextField
              size="small"
              type="number"
              label={t('segment.clickedWithinDays')}
              value={draft.clickedWithinDays ?? ''}
              onChange={(e) => {
                const value = e.target.value === '' ? undefined : Math.trunc(Number(e.target.value));
                setDraft((d) => ({ ...d, clickedWithinDays: value }));
              }}
              error={draft.clickedWithinDays !== undefined && !days(draft.clickedWithinDays)}
              helperText={t('segment.clickedWithinDaysHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 365, step: 1 } }}
              sx={{ width: 240 }}
              data-testid="segment-clickedWithinDays"
            />
          </Box>
          {options?.menuAreas?.length ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Typography variant="subtitle2">{t('segment.taps')}</Typography>
              <PickMany
                label={t('segment.tappedAreas')}
                name="tappedAreas"
                options={options.menuAreas}
                labelOf={(o) => o.name}
                selected={(o) =>
                  draft.tappedAreas?.some((a) => menuAreaId(a.richMenuId, a.areaIndex) === o.id) ?? false
                }
                onChange={(picked) =>
                  setDraft((d) => ({
                    ...d,
                    tappedAreas: withTapDays(
                      picked
                        .slice(0, 10)
                        .map((o) => ({ richMenuId: Math.floor(o.id / 100), areaIndex: o.id % 100 })),
                    ),
                  }))
                }
              />
              <TextField
                size="small"
                type="number"
                label={t('segment.tappedWithinDays')}
                value={tapDays ?? ''}
                onChange={(e) => {
                  const value = e.target.value === '' ? undefined : Math.trunc(Number(e.target.value));
                  setTapDays(value);
                  setDraft((d) => ({ ...d, tappedAreas: withTapDays(d.tappedAreas ?? [], value) }));
                }}
                error={!!draft.tappedAreas?.length && !days(tapDays)}
                helperText={t('segment.tappedWithinDaysHelp')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 365, step: 1 } }}
                sx={{ width: 240 }}
                data-testid="segment-tappedWithinDays"
              />
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography variant="subtitle2">{t('segment.attributes')}</Typography>
            {props.attributes.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('segment.noAttributes')}
              </Typography>
            ) : null}
            {draft.memberAttributes.map((c, i) => (
              <ConditionRow
                key={i}
                index={i}
                attributes={props.attributes}
                value={c}
                onChange={(value) =>
                  setDraft((d) => ({
                    ...d,
                    memberAttributes: d.memberAttributes.map((x, j) => (j === i ? value : x)),
                  }))
                }
                onRemove={() =>
                  setDraft((d) => ({ ...d, memberAttributes: d.memberAttributes.filter((_, j) => j !== i) }))
                }
              />
            ))}
            {props.attributes.length ? (
              <Button
                startIcon={<AddOutlined />}
                sx={{ alignSelf: 'flex-start' }}
                disabled={draft.memberAttributes.length >= 20}
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    memberAttributes: [...d.memberAttributes, { attributeId: props.attributes[0]!.id }],
                  }))
                }
              >
                {t('segment.add')}
              </Button>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDraft(emptySegment)}>{t('segment.reset')}</Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={apply} disabled={invalid} data-testid="segment-apply">
            {('applyLabel' in props && props.applyLabel) || t('segment.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
