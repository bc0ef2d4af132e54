import { useEffect, useState } from 'react';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { translateServerText } from './member-liff-texts.ts';

/** 5 MB, as the server takes it (memberImageLimits; not imported: the contracts' zod stays out of the chunk). */
const maxBytes = 5 * 1024 * 1024;
const accepted = ['image/jpeg', 'image/png', 'image/webp'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });

/**
 * An IMAGE attribute's field: pick a photo (the phone offers its camera or its library), see it at once,
 * and it is uploaded; the field's value is the key the server answers. An earlier value is fetched with
 * the ID token (the image is the person's own, never public).
 */
export function ImageField(props: {
  id: string;
  value: string;
  labelledBy: string;
  onChange: (key: string) => void;
  onError: (message: string | undefined) => void;
  /** Told while an upload is under way (the form waits for its key before it can be sent). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t, language, info, idToken, api } = useLiff();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/member-liff/api/v1/store/${info.storeId}/images`;

  // An image kept earlier: shown from the server.
  useEffect(() => {
    if (!props.value || preview) return;
    let url: string | null = null;
    let cancelled = false;
    void fetch(`${base}/${props.value}`, { headers: { authorization: `Bearer ${idToken}` } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!blob || cancelled) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first value is fetched
  }, []);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxBytes) {
      props.onError(translateServerText(language, 'The image cannot exceed 5 MB'));
      return;
    }
    if (file.type && !accepted.includes(file.type)) {
      props.onError(translateServerText(language, 'The image must be a JPEG, PNG or WebP file'));
      return;
    }
    const local = URL.createObjectURL(file);
    setPreview(local);
    setBusy(true);
    props.onBusyChange?.(true);
    props.onError(undefined);
    try {
      const image = await api<{ key: string }>(base, {
        method: 'POST',
        body: { dataUrl: await readAsDataUrl(file) },
      });
      props.onChange(image.key);
    } catch (error) {
      setPreview(null);
      props.onChange('');
      props.onError(
        error instanceof LiffApiError && error.status !== 0
          ? translateServerText(language, error.message)
          : t('error.network'),
      );
    } finally {
      setBusy(false);
      props.onBusyChange?.(false);
    }
  };

  return (
    <div className="liff-image-field">
      {preview ? (
        <img
          src={preview}
          alt={t('field.imagePreview')}
          className="liff-image-preview"
          data-testid="image-preview"
        />
      ) : null}
      <label className="liff-button secondary" style={{ display: 'block', textAlign: 'center' }}>
        {busy ? t('field.imageUploading') : t(preview ? 'field.imageChange' : 'field.imagePick')}
        <input
          id={props.id}
          type="file"
          accept={accepted.join(',')}
          aria-labelledby={props.labelledBy}
          disabled={busy}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
    </div>
  );
}
