import type { Conversation, InboxFilter } from '@app/contracts';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { formatDateTime } from '../../../lib/format.ts';

export const INBOX_FILTERS: InboxFilter[] = ['all', 'needsReply', 'unread', 'mine'];

/** The name the inbox shows: LINE's, or a fallback that says LINE gave none. */
export const conversationName = (t: TFunction, c: Pick<Conversation, 'displayName'>) =>
  c.displayName.trim() || t('inbox.noName');

/** The list's last line: the text, or the kind of message in words ([image] → 画像). */
export function previewText(t: TFunction, preview: string): string {
  const kind = /^\[(\w+)\]$/.exec(preview)?.[1];
  return kind ? t(`inbox.kind.${kind}`, { defaultValue: t('inbox.kind.other') }) : preview;
}

type ListQuery = {
  data: { pages: { data: Conversation[] }[] } | undefined;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** すべて / 要対応 / 未読 / 担当: the inbox's filters, the same for friends and for groups and rooms. */
export function InboxFilterButtons({
  filter,
  onFilter,
}: {
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={filter}
      onChange={(_e, value: InboxFilter | null) => value && onFilter(value)}
      aria-label={t('inbox.filterLabel')}
      sx={{ flexWrap: 'wrap' }}
    >
      {INBOX_FILTERS.map((f) => (
        <ToggleButton key={f} value={f} sx={{ px: 1.25, py: 0.25 }}>
          {t(`inbox.filter.${f}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The conversations of the inbox: filters, search, newest first, more on demand. */
export function InboxList({
  query,
  filter,
  search,
  selectedFriendId,
  onFilter,
  onSearch,
  onOpen,
  onToggleRead,
}: {
  query: ListQuery;
  filter: InboxFilter;
  search: string;
  selectedFriendId: number | null;
  onFilter: (filter: InboxFilter) => void;
  onSearch: (search: string) => void;
  onOpen: (friendId: number) => void;
  /** 未読にする / 既読にする by hand (LINE Official Account Manager's menu on a conversation). */
  onToggleRead?: (conversation: Conversation) => void;
}) {
  const { t } = useTranslation();
  const conversations = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          size="small"
          type="search"
          label={t('inbox.search')}
          defaultValue={search}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch((e.target as HTMLInputElement).value.trim());
          }}
          onBlur={(e) => {
            if (e.target.value.trim() !== search) onSearch(e.target.value.trim());
          }}
        />
        <InboxFilterButtons filter={filter} onFilter={onFilter} />
      </Box>
      <List
        aria-label={t('inbox.conversations')}
        sx={{ overflowY: 'auto', flexGrow: 1, py: 0, borderTop: 1, borderColor: 'divider' }}
      >
        {!query.isPending && conversations.length === 0 && (
          <ListItem>
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {t('inbox.empty')}
            </Typography>
          </ListItem>
        )}
        {conversations.map((c) => {
          const name = conversationName(t, c);
          return (
            <ListItem
              key={c.friendId}
              disablePadding
              divider
              secondaryAction={
                onToggleRead && (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t(c.unreadCount > 0 ? 'inbox.markReadOf' : 'inbox.markUnreadOf', { name })}
                    title={t(c.unreadCount > 0 ? 'inbox.markRead' : 'inbox.markUnread')}
                    onClick={() => onToggleRead(c)}
                    data-testid="inbox-toggle-read"
                  >
                    {c.unreadCount > 0 ? <MarkEmailReadOutlined /> : <MarkEmailUnreadOutlined />}
                  </IconButton>
                )
              }
            >
              <ListItemButton
                selected={c.friendId === selectedFriendId}
                onClick={() => onOpen(c.friendId)}
                data-testid="inbox-conversation"
                sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.25 }}
              >
                <Badge color="error" badgeContent={c.unreadCount} max={99} overlap="circular">
                  <Avatar src={c.pictureUrl ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
                    {name.slice(0, 1)}
                  </Avatar>
                </Badge>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                    <Typography
                      variant="subtitle2"
                      component="span"
                      noWrap
                      sx={{ flexGrow: 1, fontWeight: c.unreadCount > 0 ? 700 : 500 }}
                    >
                      {name}
                      {c.unreadCount > 0 && (
                        <Box component="span" sx={visuallyHidden}>
                          {t('inbox.unreadCount', { count: c.unreadCount })}
                        </Box>
                      )}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {formatDateTime(c.lastMessageAt)}
                    </Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {c.lastMessageSource === 'system' && `${t('inbox.you')}: `}
                    {previewText(t, c.lastMessagePreview)}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      variant={c.status === 'NEEDS_REPLY' ? 'filled' : 'outlined'}
                      color={c.status === 'NEEDS_REPLY' ? 'warning' : 'default'}
                      label={t(`inbox.status.${c.status}`)}
                    />
                    {c.assigneeName && <Chip size="small" variant="outlined" label={c.assigneeName} />}
                    {!c.isFriend && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t(c.followedAt ? 'inbox.blocked' : 'inbox.notFollowing')}
                      />
                    )}
                  </Box>
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
        {query.hasNextPage && (
          <ListItem sx={{ justifyContent: 'center' }}>
            <Button
              size="small"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('inbox.more')}
            </Button>
          </ListItem>
        )}
      </List>
    </Box>
  );
}
