import type { Friend } from '@app/contracts';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagsQueryOptions, useTagFriendsMutation } from '../api/tags.api.ts';

/** A friend's tags in the drawer: chips (removable by staff and up) and a picker to add one. */
export function FriendTags({
  lineAccountId,
  friend,
  canWork,
}: {
  lineAccountId: number;
  friend: Friend;
  canWork: boolean;
}) {
  const { t } = useTranslation();
  const tags = useQuery({ ...tagsQueryOptions(lineAccountId), enabled: canWork });
  const change = useTagFriendsMutation(lineAccountId);
  const [search, setSearch] = useState('');
  const onFriend = new Set(friend.tags.map((tag) => tag.id));
  const folderOf = (folderId: number | null) =>
    tags.data?.folders.find((f) => f.id === folderId)?.name ?? t('tags.noFolder');
  // grouped by folder: the options must come folder by folder
  const options = (tags.data?.tags ?? [])
    .filter((tag) => !onFriend.has(tag.id))
    .sort((x, y) => folderOf(x.folderId).localeCompare(folderOf(y.folderId)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="friend-tags">
      <Box
        sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', m: 0, p: 0 }}
        component="ul"
        aria-label={t('tags.title')}
      >
        {friend.tags.length === 0 ? (
          <Typography variant="body2" color="text.secondary" component="li" sx={{ listStyle: 'none' }}>
            {t('tags.noTags')}
          </Typography>
        ) : (
          friend.tags.map((tag) => (
            <Box component="li" key={tag.id} sx={{ listStyle: 'none' }}>
              <Chip
                label={tag.name}
                size="small"
                color="primary"
                variant="outlined"
                {...(canWork
                  ? {
                      onDelete: () =>
                        change.mutate({ action: 'remove', tagIds: [tag.id], friendIds: [friend.id] }),
                      deleteIcon: <CancelOutlined aria-label={t('tags.remove', { name: tag.name })} />,
                    }
                  : {})}
              />
            </Box>
          ))
        )}
      </Box>
      {canWork && (
        <Autocomplete
          size="small"
          options={options}
          value={null}
          inputValue={search}
          onInputChange={(_, value, reason) => setSearch(reason === 'input' ? value : '')}
          getOptionLabel={(tag) => tag.name}
          groupBy={(tag) => folderOf(tag.folderId)}
          onChange={(_, tag) => {
            if (tag) change.mutate({ action: 'add', tagIds: [tag.id], friendIds: [friend.id] });
          }}
          noOptionsText={t('tags.none')}
          renderInput={(params) => <TextField {...params} label={t('tags.add')} />}
          sx={{ maxWidth: 320 }}
        />
      )}
    </Box>
  );
}
