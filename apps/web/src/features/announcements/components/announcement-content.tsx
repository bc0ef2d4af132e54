import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

/** Plain text with a little markdown: #/##/### headings, - or 1. lists, blank-line paragraphs. */
export function parseBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const last = blocks.at(-1);
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*・]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) {
      blocks.push({ kind: 'paragraph', lines: [] });
    } else if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const text = (bullet ?? numbered)![1]!;
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(text);
      else blocks.push({ kind: 'list', ordered, items: [text] });
    } else if (last?.kind === 'paragraph') {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'paragraph', lines: [line] });
    }
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}

/** **bold** and bare http(s) URLs as links; everything else stays text (no HTML is ever interpreted). */
function renderInline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|https?:\/\/[^\s)]+)/g).map((part, i) => {
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (/^https?:\/\//.test(part)) {
      return (
        <Link key={i} href={part} target="_blank" rel="noopener noreferrer">
          {part}
        </Link>
      );
    }
    return part;
  });
}

/** An announcement's content as the client reads it (also the editor's live preview). */
export function AnnouncementContent({ content }: { content: string }) {
  const blocks = parseBlocks(content);
  return (
    <Box sx={{ '& > *:first-of-type': { mt: 0 }, wordBreak: 'break-word' }}>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const variant = block.level === 1 ? 'h3' : block.level === 2 ? 'h4' : 'subtitle1';
          return (
            <Typography
              key={i}
              variant={variant}
              component={`h${block.level + 2}` as 'h3'}
              sx={{ mt: 2.5, mb: 1, fontWeight: 700 }}
            >
              {renderInline(block.text)}
            </Typography>
          );
        }
        if (block.kind === 'list') {
          return (
            <Box key={i} component={block.ordered ? 'ol' : 'ul'} sx={{ pl: 3, my: 1 }}>
              {block.items.map((item, j) => (
                <Typography key={j} component="li" variant="body1">
                  {renderInline(item)}
                </Typography>
              ))}
            </Box>
          );
        }
        return (
          <Typography key={i} variant="body1" sx={{ my: 1.25 }}>
            {block.lines.map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {renderInline(line)}
              </span>
            ))}
          </Typography>
        );
      })}
    </Box>
  );
}
