import { createHash } from 'node:crypto';

const palette = ['#06c755', '#1c7f09', '#4a90d9', '#e0803a', '#9b59b6', '#d64561', '#2a9d8f', '#8a6d3b'];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A generated round avatar so every user and bot has a picture URL without any files. */
export const renderAvatarSvg = (seed: string, label: string) => {
  const hash = createHash('sha256').update(seed).digest();
  const color = palette[(hash[0] ?? 0) % palette.length] ?? '#06c755';
  const initial = escapeXml([...label.trim()][0]?.toUpperCase() ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" rx="64" fill="${color}"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="60" fill="#fff">${initial}</text>
</svg>`;
};
