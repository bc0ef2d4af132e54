import type { RichMenuArea } from '@app/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Bounds = RichMenuArea['bounds'];
/** What the canvas draws of an area: a rich menu's, or a rich message's (imagemap) tap area. */
export type CanvasArea = { bounds: Bounds; action: { label?: string | undefined } };
type Drag =
  | { kind: 'draw'; startX: number; startY: number }
  | { kind: 'move'; index: number; offsetX: number; offsetY: number }
  | { kind: 'resize'; index: number };

/** Smaller than this (in image pixels) is a click, not a drawn area. */
const MIN_SIZE = 40;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The menu image with its tap areas: drag on empty space to draw an area, drag an area to move it, drag
 * its corner to resize it; a click selects it. Coordinates are the image's own pixels. Shared by the rich
 * menu editor and the rich message (imagemap) editor of deliveries.
 */
export function AreaCanvas({
  imageSrc,
  size,
  areas,
  selected,
  onSelect,
  onAdd,
  onChange,
}: {
  imageSrc: string;
  size: { width: number; height: number };
  areas: readonly CanvasArea[];
  selected: number | null;
  onSelect: (index: number | null) => void;
  onAdd: (bounds: Bounds) => void;
  onChange: (index: number, bounds: Bounds) => void;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [draft, setDraft] = useState<Bounds | null>(null);

  const pointOf = (event: PointerEvent) => {
    const rect = stage.current!.getBoundingClientRect();
    return {
      x: clamp(Math.round(((event.clientX - rect.left) / rect.width) * size.width), 0, size.width),
      y: clamp(Math.round(((event.clientY - rect.top) / rect.height) * size.height), 0, size.height),
    };
  };

  const start = (event: PointerEvent, next: Drag) => {
    event.stopPropagation();
    event.preventDefault();
    stage.current?.setPointerCapture?.(event.pointerId);
    setDrag(next);
  };

  const onPointerDown = (event: PointerEvent) => {
    const p = pointOf(event);
    onSelect(null);
    start(event, { kind: 'draw', startX: p.x, startY: p.y });
    setDraft({ x: p.x, y: p.y, width: 0, height: 0 });
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    const p = pointOf(event);
    if (drag.kind === 'draw') {
      setDraft({
        x: Math.min(drag.startX, p.x),
        y: Math.min(drag.startY, p.y),
        width: Math.abs(p.x - drag.startX),
        height: Math.abs(p.y - drag.startY),
      });
    } else if (drag.kind === 'move') {
      const b = areas[drag.index]!.bounds;
      onChange(drag.index, {
        ...b,
        x: clamp(p.x - drag.offsetX, 0, size.width - b.width),
        y: clamp(p.y - drag.offsetY, 0, size.height - b.height),
      });
    } else {
      const b = areas[drag.index]!.bounds;
      onChange(drag.index, {
        ...b,
        width: clamp(p.x - b.x, MIN_SIZE, size.width - b.x),
        height: clamp(p.y - b.y, MIN_SIZE, size.height - b.y),
      });
    }
  };

  const onPointerUp = () => {
    if (drag?.kind === 'draw' && draft && draft.width >= MIN_SIZE && draft.height >= MIN_SIZE) onAdd(draft);
    setDrag(null);
    setDraft(null);
  };

  const boxStyle = (b: Bounds) => ({
    position: 'absolute',
    left: `${(b.x / size.width) * 100}%`,
    top: `${(b.y / size.height) * 100}%`,
    width: `${(b.width / size.width) * 100}%`,
    height: `${(b.height / size.height) * 100}%`,
  });

  return (
    <Box>
      <Box
        ref={stage}
        data-testid="area-canvas"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${size.width} / ${size.height}`,
          cursor: 'crosshair',
          touchAction: 'none',
          userSelect: 'none',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'grey.100',
        }}
      >
        <Box
          component="img"
          src={imageSrc}
          alt=""
          draggable={false}
          sx={{ width: '100%', height: '100%', display: 'block', pointerEvents: 'none' }}
        />
        {areas.map((area, index) => (
          <Box
            key={index}
            data-testid={`area-${index + 1}`}
            onPointerDown={(event) => {
              const p = pointOf(event);
              onSelect(index);
              start(event, {
                kind: 'move',
                index,
                offsetX: p.x - area.bounds.x,
                offsetY: p.y - area.bounds.y,
              });
            }}
            sx={{
              ...boxStyle(area.bounds),
              cursor: 'move',
              border: 2,
              borderColor: index === selected ? 'primary.main' : 'rgba(0,0,0,0.55)',
              bgcolor: index === selected ? 'rgba(6,199,85,0.25)' : 'rgba(255,255,255,0.25)',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {/* in the area's corner, so the label drawn on the image stays readable under it */}
            <Typography
              variant="caption"
              sx={{
                position: 'absolute',
                top: 4,
                left: 4,
                bgcolor: 'background.paper',
                px: 0.75,
                borderRadius: 1,
                fontWeight: 700,
                pointerEvents: 'none',
              }}
            >
              {index + 1}
              {area.action.label ? ` ${area.action.label}` : ''}
            </Typography>
            <Box
              aria-label={t('richMenus.editor.resize')}
              onPointerDown={(event) => {
                onSelect(index);
                start(event, { kind: 'resize', index });
              }}
              sx={{
                position: 'absolute',
                right: -7,
                bottom: -7,
                width: 14,
                height: 14,
                bgcolor: 'primary.main',
                border: '2px solid #fff',
                borderRadius: '50%',
                cursor: 'nwse-resize',
              }}
            />
          </Box>
        ))}
        {draft && <Box sx={{ ...boxStyle(draft), border: '2px dashed', borderColor: 'primary.main' }} />}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('richMenus.editor.drawHint', { width: size.width, height: size.height })}
      </Typography>
    </Box>
  );
}
