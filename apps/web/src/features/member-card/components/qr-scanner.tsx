import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCodeReader } from '../lib/code-reader.ts';

/**
 * The phone's camera read in the browser: frames drawn to a canvas and read for the member card's QR
 * code or barcode (lib/code-reader.ts: the native BarcodeDetector where there is one, else a reader
 * bundled by us and loaded only now). Opened by a tap, closed once a code is read.
 */
export function QrScanner(props: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [isOn, setIsOn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onCode = useRef(props.onCode);
  useEffect(() => {
    onCode.current = props.onCode;
  });

  useEffect(() => {
    if (!isOn) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let isDone = false;
    const canvas = document.createElement('canvas');
    const stop = () => {
      isDone = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    (devices
      ? devices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      : Promise.reject(new Error('no camera'))
    )
      .then(async (s) => {
        stream = s;
        if (isDone || !video.current) return stop();
        video.current.srcObject = s;
        const [read] = await Promise.all([loadCodeReader(), video.current.play().catch(() => undefined)]);
        if (isDone) return;
        let isReading = false;
        timer = window.setInterval(() => {
          const v = video.current;
          if (isReading || !v || v.videoWidth === 0) return;
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          const context = canvas.getContext('2d', { willReadFrequently: true });
          if (!context) return;
          context.drawImage(v, 0, 0);
          isReading = true;
          read(canvas)
            .then((code) => {
              if (!code || isDone) return;
              stop();
              setIsOn(false);
              onCode.current(code);
            })
            .catch(() => undefined)
            .finally(() => {
              isReading = false;
            });
        }, 250);
      })
      .catch(() => {
        setFailure(t('memberCard.scan.noCamera'));
        setIsOn(false);
      });
    return stop;
  }, [isOn, t]);

  return (
    <Box>
      {isOn ? (
        <Box sx={{ position: 'relative', width: '100%', maxWidth: 420, mx: 'auto' }}>
          <video
            ref={video}
            data-testid="scanner-video"
            muted
            playsInline
            aria-label={t('memberCard.scan.cameraView')}
            style={{ width: '100%', borderRadius: 12, background: '#000' }}
          />
          <Button variant="outlined" fullWidth sx={{ mt: 1 }} onClick={() => setIsOn(false)}>
            {t('memberCard.scan.stopCamera')}
          </Button>
        </Box>
      ) : (
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => {
            setFailure(null);
            setIsOn(true);
          }}
        >
          {t('memberCard.scan.startCamera')}
        </Button>
      )}
      {failure ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}
