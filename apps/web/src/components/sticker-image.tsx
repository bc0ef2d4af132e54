import { stickerImageUrl } from '@app/contracts';
import Box from '@mui/material/Box';
import { useState } from 'react';

/** LINE's image of a sticker; its number on a soft tile when the image cannot be loaded (offline, tests). */
export function StickerImage({ stickerId, size }: { stickerId: string; size: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          borderRadius: 2,
          bgcolor: 'rgba(255,255,255,0.6)',
          border: '1px dashed #9aa',
          color: '#333',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 10,
        }}
      >
        {stickerId}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={stickerImageUrl(stickerId)}
      alt=""
      onError={() => setFailed(true)}
      sx={{ width: size, height: size, objectFit: 'contain' }}
    />
  );
}
