import type { AutomationSendList } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const jst = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** The latest automated sends, each marked 無料の応答で送信 or プッシュ（通数を消費）. */
export function AutomationSendsPanel({ sends }: { sends: AutomationSendList }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3">
            {t('automation.sends.title')}
          </Typography>
          <Alert severity="info">
            {t('automation.sends.summary', { reply: sends.replyCount, push: sends.pushCount })}
          </Alert>
          {sends.items.length === 0 ? (
            <Typography variant="body2">{t('automation.sends.empty')}</Typography>
          ) : (
            <Table size="small" aria-label={t('automation.sends.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('automation.sends.sentAt')}</TableCell>
                  <TableCell>{t('automation.sends.source')}</TableCell>
                  <TableCell>{t('automation.sends.friend')}</TableCell>
                  <TableCell>{t('automation.sends.via')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sends.items.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{jst.format(new Date(s.sentAt))}</TableCell>
                    <TableCell>
                      {t(`automation.sendKinds.${s.kind}`)}: {s.sourceName}
                    </TableCell>
                    <TableCell>{s.friendName}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={s.via === 'REPLY' ? 'success' : 'warning'}
                        label={t(`automation.via.${s.via}`)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
