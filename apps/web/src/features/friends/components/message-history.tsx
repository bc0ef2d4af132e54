import type { Message } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { MessageBubble } from './message-bubble.tsx';

/** The API gives pages newest first; a chat reads oldest first (by LINE's time), newest at the bottom. */
export function chronological(pages: { data: Message[] }[]): Message[] {
  const byId = new Map<number, Message>();
  for (const page of pages) for (const m of page.data) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id);
}

type HistoryQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: { pages: { data: Message[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/** The トーク history: older pages on demand at the top, scrolled to the newest message. */
export function MessageHistory({
  query,
  friendName,
  friendPictureUrl,
}: {
  query: HistoryQuery;
  friendName: string;
  friendPictureUrl: string | null;
}) {
  const { t } = useTranslation();
  const failure = useQueryFailure(query);
  const bottomRef = useRef<HTMLDivElement>(null);
  const messages = query.data ? chronological(query.data.pages) : [];
  const newestId = messages.at(-1)?.id;

  // Follow the conversation: a new message (sent or received) scrolls into view.
  useEffect(() => {
    if (newestId !== undefined) bottomRef.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  if (query.isPending) {
    return (
      <Box
        sx={{ display: 'grid', placeItems: 'center', py: 4 }}
        role="status"
        aria-label={t('common.loading')}
      >
        <CircularProgress size={24} />
      </Box>
    );
  }
  if (query.isError) return failure;
  return (
    <Box
      role="log"
      aria-label={t('friends.drawer.history')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, py: 1 }}
    >
      {query.hasNextPage && (
        <Button
          size="small"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('friends.drawer.olderMessages')}
        </Button>
      )}
      {messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
          {t('friends.drawer.noMessages')}
        </Typography>
      ) : (
        messages.map((m) => (
          <MessageBubble key={m.id} message={m} friendName={friendName} friendPictureUrl={friendPictureUrl} />
        ))
      )}
      <div ref={bottomRef} />
    </Box>
  );
}
