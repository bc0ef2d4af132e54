/**
 * The sticker packages LINE lets a bot send (LINE Developers' "List of available stickers"): each package's
 * sticker ids are one run of numbers. The composer's picker shows them; the schema refuses any other.
 */
export const sendableStickerPackages = [
  { packageId: '446', first: 1988, last: 2027 },
  { packageId: '789', first: 10855, last: 10894 },
  { packageId: '1070', first: 17839, last: 17878 },
  { packageId: '6136', first: 10551376, last: 10551399 },
  { packageId: '6325', first: 10979904, last: 10979927 },
  { packageId: '6359', first: 11069848, last: 11069871 },
  { packageId: '6362', first: 11087920, last: 11087943 },
  { packageId: '6370', first: 11088016, last: 11088039 },
  { packageId: '6632', first: 11825374, last: 11825397 },
  { packageId: '8515', first: 16581242, last: 16581265 },
  { packageId: '8522', first: 16581266, last: 16581289 },
  { packageId: '8525', first: 16581290, last: 16581313 },
  { packageId: '11537', first: 52002734, last: 52002773 },
  { packageId: '11538', first: 51626494, last: 51626533 },
  { packageId: '11539', first: 52114110, last: 52114149 },
] as const;

/** The sticker ids of a sendable package, in order (empty for a package bots may not send). */
export const stickerIdsOf = (packageId: string): string[] => {
  const pack = sendableStickerPackages.find((p) => p.packageId === packageId);
  if (!pack) return [];
  return Array.from({ length: pack.last - pack.first + 1 }, (_, i) => String(pack.first + i));
};

export const isSendableSticker = (packageId: string, stickerId: string): boolean => {
  const pack = sendableStickerPackages.find((p) => p.packageId === packageId);
  const id = Number(stickerId);
  return !!pack && Number.isInteger(id) && id >= pack.first && id <= pack.last;
};

/** LINE's image of a sticker (the picker and the preview show it; a placeholder when it cannot load). */
export const stickerImageUrl = (stickerId: string) =>
  `https://stickershop.line-scdn.net/stickershop/v1/sticker/${stickerId}/android/sticker.png`;
