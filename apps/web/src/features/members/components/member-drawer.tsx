import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/data/detail-list.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { errorText } from '../../../lib/translate-message.ts';
import {
  memberAttributesQueryOptions,
  memberImageUrl,
  memberQueryOptions,
  useUpdateMemberMutation,
} from '../api/members.api.ts';
import { PrivateValuesForm } from './private-values-form.tsx';
import { MemberStatusChip } from './member-table.tsx';

function RemarksForm({
  lineAccountId,
  memberId,
  remarks,
}: {
  lineAccountId: number;
  memberId: number;
  remarks: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(remarks ?? '');
  const save = useUpdateMemberMutation(lineAccountId, memberId);
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ remarks: text.trim() || null });
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        label={t('members.drawer.remarks')}
        multiline
        minRows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={save.isError}
        helperText={save.isError ? errorText(save.error, t) : undefined}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={save.isPending || text === (remarks ?? '')}
        sx={{ alignSelf: 'flex-end' }}
      >
        {t('common.save')}
      </Button>
    </Box>
  );
}

/** A member: status (manage), remarks (work), every value, the LINE profile. */
export function MemberDrawer(props: {
  lineAccountId: number;
  memberId: number | null;
  canManage: boolean;
  canWork: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = props.memberId !== null;
  const member = useQuery({ ...memberQueryOptions(props.lineAccountId, props.memberId ?? 0), enabled: open });
  const failure = useQueryFailure(member);
  const status = useUpdateMemberMutation(props.lineAccountId, props.memberId ?? 0);
  const attributes = useQuery({ ...memberAttributesQueryOptions(props.lineAccountId), enabled: open });
  const m = member.data;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={props.onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 3, py: 2 }}>
        {m ? (
          <Avatar src={m.friend.pictureUrl ?? undefined} alt="" />
        ) : (
          <Skeleton variant="circular" width={40} height={40} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>
            {m ? m.friend.displayName : <Skeleton width={160} />}
          </Typography>
          {m ? <MemberStatusChip status={m.status} /> : null}
        </Box>
        <IconButton onClick={props.onClose} aria-label={t('common.close')}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Divider />
      {member.isError ? failure : null}
      {m ? (
        <Box sx={{ px: 3, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DetailList
            items={[
              { label: t('members.columns.memberCode'), value: m.memberCode },
              { label: t('members.columns.createdAt'), value: formatDateTime(m.createdAt) },
              {
                label: t('members.drawer.friend'),
                value: m.friend.isFriend ? t('members.drawer.following') : t('members.drawer.blocked'),
              },
              ...m.values.map((v) => ({
                label: v.label,
                isWide: v.type === 'IMAGE',
                value:
                  v.type === 'IMAGE' && v.value ? (
                    <Box
                      component="a"
                      href={memberImageUrl(props.lineAccountId, m.id, v.value)}
                      target="_blank"
                      rel="noopener"
                      sx={{ display: 'inline-block' }}
                    >
                      <Box
                        component="img"
                        src={memberImageUrl(props.lineAccountId, m.id, v.value)}
                        alt={v.label}
                        data-testid="member-image"
                        sx={{ display: 'block', maxWidth: '100%', maxHeight: 220, borderRadius: 1 }}
                      />
                    </Box>
                  ) : (
                    (v.type === 'DATE' ? formatDate(v.value) : v.value) || '—'
                  ),
              })),
            ]}
          />
          {props.canManage ? (
            <FormControlLabel
              control={
                <Switch
                  checked={m.status === 'ACTIVE'}
                  disabled={status.isPending}
                  onChange={(e) => status.mutate({ status: e.target.checked ? 'ACTIVE' : 'INACTIVE' })}
                />
              }
              label={t('members.drawer.active')}
            />
          ) : null}
          {props.canWork && attributes.data ? (
            <PrivateValuesForm
              // Per member, not per version: a refetch (after the remarks are saved, say) must not wipe
              // what is being typed here; after its own save the form already holds what was saved.
              key={m.id}
              lineAccountId={props.lineAccountId}
              memberId={m.id}
              attributes={attributes.data}
              values={m.values}
            />
          ) : null}
          {props.canWork ? (
            <RemarksForm key={m.id} lineAccountId={props.lineAccountId} memberId={m.id} remarks={m.remarks} />
          ) : (
            <DetailList items={[{ label: t('members.drawer.remarks'), value: m.remarks ?? '—' }]} />
          )}
        </Box>
      ) : null}
    </Drawer>
  );
}
