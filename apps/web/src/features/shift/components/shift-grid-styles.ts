import { alpha, type Theme } from '@mui/material/styles';

/* The grid's sizes and its one style sheet. */

export const GRID_ROW_HEIGHT = 48;
export const GRID_HEADER_HEIGHT = 44;
export const NAME_WIDTH = 168;
export const DAY_WIDTH = 92;
export const TOTAL_WIDTH = 72;

/** The grid's one style sheet (class selectors, not per-cell sx: 1,500 cells must stay cheap). */
export const gridSx = (height: string) => (theme: Theme) => {
  const line = theme.palette.divider;
  const paper = theme.palette.background.paper;
  return {
    height,
    overflow: 'auto',
    position: 'relative' as const,
    border: `1px solid ${line}`,
    borderRadius: 1,
    bgcolor: paper,
    // The table inside takes the keyboard focus (it is the ARIA grid); the frame shows it.
    '&:has(> table:focus-visible)': { boxShadow: `0 0 0 2px ${theme.palette.primary.main}` },
    '& table': {
      outline: 'none',
      borderCollapse: 'separate',
      borderSpacing: 0,
      tableLayout: 'fixed',
      width: 'max-content',
      fontSize: 12,
      fontVariantNumeric: 'tabular-nums',
    },
    '& th, & td': {
      borderRight: `1px solid ${line}`,
      borderBottom: `1px solid ${line}`,
      padding: 0,
      overflow: 'hidden',
    },
    '& thead th': {
      position: 'sticky',
      top: 0,
      zIndex: 2,
      height: GRID_HEADER_HEIGHT,
      bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[100],
      fontWeight: 600,
      textAlign: 'center',
    },
    '& thead th .dnum': { display: 'block', fontSize: 13 },
    '& thead th .wday': { display: 'block', fontSize: 11, color: theme.palette.text.secondary },
    '& thead th.sat .wday, & thead th.sat .dnum': { color: theme.palette.info.main },
    '& thead th.sun .wday, & thead th.sun .dnum': { color: theme.palette.error.main },
    '& th.name, & th.corner': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      bgcolor: paper,
      textAlign: 'left',
      px: 1,
      fontWeight: 500,
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
    },
    '& th.corner': {
      zIndex: 3,
      bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[100],
    },
    '& th.name .staff-name': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& th.name .emp': { display: 'block', fontSize: 11, color: theme.palette.text.secondary },
    '& tbody td.cell': {
      height: GRID_ROW_HEIGHT,
      maxHeight: GRID_ROW_HEIGHT,
      verticalAlign: 'top',
      position: 'relative',
      cursor: 'cell',
      userSelect: 'none',
      scrollMarginTop: GRID_HEADER_HEIGHT,
      scrollMarginLeft: NAME_WIDTH,
      p: '2px',
    },
    '& tbody tr': { height: GRID_ROW_HEIGHT },
    '& td.sat': { bgcolor: alpha(theme.palette.info.main, 0.04) },
    '& td.sun': { bgcolor: alpha(theme.palette.error.main, 0.04) },
    '& td.sel': { bgcolor: alpha(theme.palette.primary.main, 0.14) },
    '& td.foc': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
    '& td.err': {
      boxShadow: `inset 0 0 0 2px ${theme.palette.error.main}`,
      bgcolor: alpha(theme.palette.error.main, 0.1),
    },
    '& .s': {
      display: 'block',
      borderRadius: '3px',
      px: '3px',
      mb: '2px',
      lineHeight: '19px',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      borderLeft: '3px solid',
    },
    '& .s.req': {
      borderColor: theme.palette.warning.main,
      bgcolor: alpha(theme.palette.warning.main, 0.14),
      color: theme.palette.text.primary,
    },
    '& .s.dft': {
      borderColor: theme.palette.info.main,
      bgcolor: alpha(theme.palette.info.main, 0.16),
      color: theme.palette.text.primary,
    },
    '& .s.apr': {
      borderColor: theme.palette.success.main,
      bgcolor: alpha(theme.palette.success.main, 0.2),
      color: theme.palette.text.primary,
      fontWeight: 600,
    },
    '& .s.rest': { color: theme.palette.text.secondary, fontStyle: 'italic' },
    '& .s.dirty': { outline: `1px dashed ${theme.palette.info.dark}`, outlineOffset: '-1px' },
    '& .mod': { color: theme.palette.error.main, fontWeight: 700, ml: '2px' },
    '& .more': { fontSize: 10, color: theme.palette.text.secondary },
    '& .remark': {
      position: 'absolute',
      top: 0,
      right: 0,
      width: 0,
      height: 0,
      borderStyle: 'solid',
      borderWidth: '0 8px 8px 0',
      borderColor: `transparent ${theme.palette.secondary.main} transparent transparent`,
    },
    '& td.total, & th.total': { textAlign: 'right', px: 1, fontWeight: 600 },
    '& tfoot td, & tfoot th': {
      height: 28,
      textAlign: 'center',
      bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[50],
    },
    '& tfoot th.name': { textAlign: 'left', fontWeight: 500, fontSize: 11 },
    '& tfoot td.short': {
      color: theme.palette.error.main,
      fontWeight: 700,
      bgcolor: alpha(theme.palette.error.main, 0.1),
    },
    '& tfoot td.ok': { color: theme.palette.success.main },
    '& tfoot tr.sum td': { fontWeight: 600 },
  };
};

/** The grid's height: fixed, so nothing below it moves while the month loads. */
export const GRID_HEIGHT = 'max(420px, calc(100vh - 300px))';
