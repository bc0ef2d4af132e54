import { richMenuTapDays, type RichMenu, type RichMenuTapDays } from '@app/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { richMenuTapsQueryOptions } from '../api/rich-menus.api.ts';

/** Which areas the server counts: postbacks and tab switches (the tap mark), web links (the hop). */
export const isCountedArea = (action: { type: string; uri?: string | undefined }) =>
  action.type === 'postback' ||
  action.type === 'richmenuswitch' ||
  (action.type === 'uri' && /^https?:\/\//i.test(action.uri ?? ''));

/** The heat's colour: the share of the busiest area's taps as the opacity of one warm colour. */
const heat = (taps: number, max: number) => `rgba(229, 57, 53, ${max === 0 ? 0 : 0.15 + 0.6 * (taps / max)})`;

/**
 * タップ数: each area of the menu over its image, coloured by its taps in the period (7/30/90 days), with
 * its taps and the friends who tapped (decision 0049). Postback, tab-switch and web link areas are counted
 * (links through the tap hop, its addendum); message areas and tel: or line: links are not.
 */
export function RichMenuTapMap({ lineAccountId, menu }: { lineAccountId: number; menu: RichMenu }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<RichMenuTapDays>(30);
  const taps = useQuery(richMenuTapsQueryOptions(lineAccountId, menu.id, days));
  return (
    <Card sx={{ mt: 3 }} data-testid="rich-menu-tap-map">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('richMenus.taps.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            aria-label={t('richMenus.taps.period')}
            onChange={(_, value: RichMenuTapDays | null) => value && setDays(value)}
          >
            {richMenuTapDays.map((d) => (
              <ToggleButton key={d} value={d}>
                {t('richMenus.taps.days', { count: d })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('richMenus.taps.note')}
        </Typography>
        <QueryState query={taps}>
          {(figures) => {
            const max = Math.max(0, ...figures.areas.map((a) => a.taps));
            const hasLinks = menu.areas.some(
              (area) => area.action.type === 'uri' && isCountedArea(area.action),
            );
            return (
              <>
                {hasLinks && !figures.linksNameFriends && (
                  <Typography
                    variant="body2"
                    color="warning.main"
                    sx={{ mb: 2 }}
                    data-testid="tap-links-anonymous"
                  >
                    {t('richMenus.taps.linksAnonymous')}
                  </Typography>
                )}
                <Box sx={{ position: 'relative', width: '100%', maxWidth: 720 }}>
                  <Box
                    component="img"
                    src={menu.imageUrl}
                    alt={menu.name}
                    sx={{ width: '100%', display: 'block', borderRadius: 1 }}
                  />
                  {menu.areas.map((area, index) => {
                    const figure = figures.areas[index] ?? { taps: 0, friends: 0 };
                    const counted = isCountedArea(area.action);
                    const label = counted
                      ? t('richMenus.taps.figure', { taps: figure.taps, friends: figure.friends })
                      : t('richMenus.taps.notCounted');
                    return (
                      <Box
                        key={index}
                        data-testid={`tap-area-${index}`}
                        aria-label={t('richMenus.taps.areaLabel', { n: index + 1, figure: label })}
                        role="img"
                        // the area's place over the image, in shares of the menu's size
                        style={{
                          left: `${(area.bounds.x / menu.size.width) * 100}%`,
                          top: `${(area.bounds.y / menu.size.height) * 100}%`,
                          width: `${(area.bounds.width / menu.size.width) * 100}%`,
                          height: `${(area.bounds.height / menu.size.height) * 100}%`,
                        }}
                        sx={{
                          position: 'absolute',
                          bgcolor: counted ? heat(figure.taps, max) : 'rgba(0, 0, 0, 0.35)',
                          border: '1px solid rgba(255, 255, 255, 0.8)',
                          display: 'flex',
                          alignItems: 'flex-end',
                          justifyContent: 'center',
                          p: 0.5,
                        }}
                      >
                        {/* a pill of its own: it reads over any picture the menu has */}
                        <Box
                          component="span"
                          sx={{
                            bgcolor: 'rgba(0, 0, 0, 0.72)',
                            color: '#fff',
                            borderRadius: 999,
                            px: 1,
                            py: 0.25,
                            mb: 0.5,
                            textAlign: 'center',
                            fontWeight: 700,
                            fontSize: { xs: 11, sm: 13 },
                            lineHeight: 1.4,
                          }}
                        >
                          {label}
                        </Box>
                      </Box>
                    );
                  })}
                </Box>
                {max === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('richMenus.taps.empty')}
                  </Typography>
                )}
              </>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
