import {
  richMenuRuleLimits,
  type PutRichMenuRulesBody,
  type RichMenu,
  type RichMenuRules,
} from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';

type Choice = { id: number; name: string };
/** A rule as the form holds it: the condition as "tag:<id>" or "segment:<id>", '' before one is chosen. */
type DraftRule = { key: number; condition: string; richMenuId: number | '' };

let nextKey = 1;
const toDraft = (rules: RichMenuRules['data']): DraftRule[] =>
  rules.map((r) => ({
    key: nextKey++,
    condition: r.tagId !== null ? `tag:${r.tagId}` : `segment:${r.segmentId}`,
    richMenuId: r.richMenuId,
  }));

/** The body of a complete form, or null while a rule lacks its condition or its menu. */
export function rulesBodyOf(drafts: DraftRule[]): PutRichMenuRulesBody | null {
  const rules: PutRichMenuRulesBody['rules'] = [];
  for (const draft of drafts) {
    const [kind, id] = draft.condition.split(':');
    if (!id || draft.richMenuId === '') return null;
    rules.push(
      kind === 'tag'
        ? { richMenuId: draft.richMenuId, tagId: Number(id) }
        : { richMenuId: draft.richMenuId, segmentId: Number(id) },
    );
  }
  return { rules };
}

/**
 * 表示ルール: which friends see which rich menu (decision 0059). Rules in priority order, each "friends
 * with this tag (or in this saved segment) see this menu"; a friend matching none sees the default.
 * Saving links and unlinks the friends' menus at LINE in the background; the figures say how many are
 * still waiting and how many see each menu now.
 */
export function RichMenuRulesPanel({
  rules,
  menus,
  tags,
  segments,
  canManage,
  onSave,
}: {
  rules: RichMenuRules;
  menus: RichMenu[];
  tags: Choice[];
  segments: Choice[];
  canManage: boolean;
  onSave: (body: PutRichMenuRulesBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<DraftRule[]>(() => toDraft(rules.data));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showFailure = useShowFailure();
  const body = rulesBodyOf(drafts);
  const change = (key: number, values: Partial<DraftRule>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...values } : d)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((all) => {
      const next = [...all];
      const [rule] = next.splice(index, 1);
      next.splice(index + by, 0, rule!);
      return next;
    });
  const linkedOf = (id: number) => rules.linked.find((l) => l.richMenuId === id)?.friends ?? 0;
  return (
    <Card component="section" aria-labelledby="rich-menu-rules-title" sx={{ mt: 3 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography id="rich-menu-rules-title" variant="h6" component="h2">
            {t('richMenus.rules.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('richMenus.rules.description')}
          </Typography>
        </Box>
        {drafts.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('richMenus.rules.empty')}
          </Typography>
        )}
        {drafts.map((draft, index) => (
          <Box
            key={draft.key}
            role="group"
            aria-label={t('richMenus.rules.ruleLabel', { n: index + 1 })}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ minWidth: 24, fontWeight: 600 }}>{index + 1}.</Typography>
            <TextField
              select
              size="small"
              label={t('richMenus.rules.condition')}
              value={draft.condition}
              disabled={!canManage}
              onChange={(e) => change(draft.key, { condition: e.target.value })}
              fullWidth={false}
              sx={{ width: 320, maxWidth: '100%' }}
            >
              {tags.map((tag) => (
                <MenuItem key={`tag:${tag.id}`} value={`tag:${tag.id}`}>
                  {t('richMenus.rules.tagOption', { name: tag.name })}
                </MenuItem>
              ))}
              {segments.map((segment) => (
                <MenuItem key={`segment:${segment.id}`} value={`segment:${segment.id}`}>
                  {t('richMenus.rules.segmentOption', { name: segment.name })}
                </MenuItem>
              ))}
            </TextField>
            <Typography>{t('richMenus.rules.sees')}</Typography>
            <TextField
              select
              size="small"
              label={t('richMenus.rules.menu')}
              value={draft.richMenuId}
              disabled={!canManage}
              onChange={(e) => change(draft.key, { richMenuId: Number(e.target.value) })}
              fullWidth={false}
              sx={{ width: 260, maxWidth: '100%' }}
            >
              {menus.map((menu) => (
                <MenuItem key={menu.id} value={menu.id}>
                  {menu.name}
                </MenuItem>
              ))}
            </TextField>
            {draft.richMenuId !== '' && (
              <Typography variant="body2" color="text.secondary">
                {t('richMenus.rules.linked', { count: linkedOf(draft.richMenuId) })}
              </Typography>
            )}
            {canManage && (
              <Box sx={{ ml: 'auto', display: 'flex' }}>
                <IconButton
                  aria-label={t('richMenus.rules.up', { n: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardOutlined />
                </IconButton>
                <IconButton
                  aria-label={t('richMenus.rules.down', { n: index + 1 })}
                  disabled={index === drafts.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardOutlined />
                </IconButton>
                <IconButton
                  aria-label={t('richMenus.rules.remove', { n: index + 1 })}
                  onClick={() => setDrafts((all) => all.filter((d) => d.key !== draft.key))}
                >
                  <DeleteOutlined />
                </IconButton>
              </Box>
            )}
          </Box>
        ))}
        <Typography variant="body2" color="text.secondary">
          {t('richMenus.rules.otherwise')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {rules.pending > 0 && (
          <Alert severity="info">{t('richMenus.rules.pending', { count: rules.pending })}</Alert>
        )}
        {canManage && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              startIcon={<AddOutlined />}
              disabled={drafts.length >= richMenuRuleLimits.maxRules || menus.length === 0}
              onClick={() => setDrafts((all) => [...all, { key: nextKey++, condition: '', richMenuId: '' }])}
            >
              {t('richMenus.rules.add')}
            </Button>
            <Button
              variant="contained"
              disabled={!body || saving}
              onClick={async () => {
                if (!body) return;
                setSaving(true);
                setError(null);
                try {
                  await onSave(body);
                } catch (failure) {
                  setError(showFailure(failure));
                } finally {
                  setSaving(false);
                }
              }}
            >
              {t('richMenus.rules.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
