import { useEffect } from 'react';
import type { Branding } from '../api/branding.api.ts';

function faviconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

/** Applies a LINE account's title and favicon to the document, and puts the defaults back after. */
export function BrandingHead({
  branding,
  defaultTitle,
}: {
  branding: Branding | null;
  defaultTitle: string;
}) {
  const title = branding?.title || defaultTitle;
  const favicon = branding?.faviconUrl ?? null;

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (!favicon) return;
    const link = faviconLink();
    const previous = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    link.href = favicon;
    link.removeAttribute('type');
    return () => {
      if (previous.href) link.setAttribute('href', previous.href);
      if (previous.type) link.setAttribute('type', previous.type);
    };
  }, [favicon]);

  return null;
}
