import { useState, type FormEvent } from 'react';
import type { LiffMember, MemberAttribute, MemberValue, RegistrationEntry } from '@app/contracts';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { ImageField } from './image-field.tsx';
import { translateServerText } from './member-liff-texts.ts';

type FormAttribute = Omit<MemberAttribute, 'valueCount'>;
type Draft = Record<number, { text: string; choiceIds: number[] }>;

function draftOf(attributes: FormAttribute[], values: MemberValue[]): Draft {
  return Object.fromEntries(
    attributes.map((a) => {
      const v = values.find((x) => x.attributeId === a.id);
      const text = a.type === 'NUMBER' ? (v?.numberValue?.toString() ?? '') : (v?.value ?? '');
      return [
        a.id,
        {
          text: a.type === 'RADIO' || a.type === 'CHECKBOX' ? '' : text,
          choiceIds: v?.memberAttributeChoice.map((c) => c.attributeChoiceId) ?? [],
        },
      ];
    }),
  );
}

/** The form as the server takes it: one entry per field the person filled in (IMAGE: the uploaded key). */
function entriesOf(attributes: FormAttribute[], draft: Draft): RegistrationEntry[] {
  return attributes.flatMap((a): RegistrationEntry[] => {
    const d = draft[a.id]!;
    switch (a.type) {
      case 'RADIO':
      case 'CHECKBOX':
        return d.choiceIds.length ? [{ attributeId: a.id, attributeChoiceIds: d.choiceIds }] : [];
      case 'NUMBER': {
        if (d.text.trim() === '') return [];
        const n = Number(d.text);
        // Not a number: sent as text so the server answers with its own field text.
        return [
          Number.isFinite(n) ? { attributeId: a.id, numberValue: n } : { attributeId: a.id, value: d.text },
        ];
      }
      default:
        return d.text.trim() === '' ? [] : [{ attributeId: a.id, value: d.text }];
    }
  });
}

/**
 * The registration form built from the store's definitions: every type, required marks, and the
 * server's texts on the fields (the server decides what is valid; all or nothing).
 */
export function RegistrationForm(props: {
  attributes: FormAttribute[];
  values: MemberValue[];
  mode: 'register' | 'update' | 'incomplete';
  banner?: string | undefined;
  onDone: (member: LiffMember) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t, api, info, language } = useLiff();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.attributes, props.values));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | undefined>(props.banner);
  const [sending, setSending] = useState(false);
  // Photos being uploaded: the form is sent only with their keys, so it waits for them.
  const [uploads, setUploads] = useState(0);
  /** A field's message (none: cleared). */
  const setFieldError = (id: number, message?: string) =>
    setErrors((e) => {
      const { [`attributes.${id}`]: _old, ...rest } = e;
      return message ? { ...rest, [`attributes.${id}`]: message } : rest;
    });
  // An edited field loses its message: it spoke of the value sent, not of this one.
  const change = (id: number, patch: Partial<Draft[number]>) => {
    setDraft((d) => ({ ...d, [id]: { ...d[id]!, ...patch } }));
    setFieldError(id);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const member = await api<LiffMember>(`/member-liff/api/v1/store/${info.storeId}/members/`, {
        method: 'POST',
        body: entriesOf(props.attributes, draft),
      });
      props.onDone(member);
    } catch (error) {
      if (error instanceof LiffApiError) {
        setErrors(
          Object.fromEntries(
            error.fieldErrors.map((e) => [e.path, translateServerText(language, e.message)]),
          ),
        );
        setBanner(error.status === 0 ? t('error.network') : translateServerText(language, error.message));
      } else setBanner(t('error.generic'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="liff-card" onSubmit={(e) => void submit(e)} noValidate data-testid="registration-form">
      <h2>{t(`${props.mode === 'register' ? 'register' : props.mode}.title`)}</h2>
      <p className="liff-muted">{t('register.lead')}</p>
      {banner ? (
        <div className="liff-banner" role="alert" style={{ marginBottom: 16 }}>
          {banner}
        </div>
      ) : null}
      {props.attributes.map((a) => {
        const error = errors[`attributes.${a.id}`];
        const id = `attr-${a.id}`;
        const d = draft[a.id]!;
        const label = (
          <>
            {a.label}
            {/* a space, so a screen reader says 「お名前、必須」 and not one word */}
            {a.isRequired ? (
              <>
                {' '}
                <span className="liff-required">{t('field.required')}</span>
              </>
            ) : null}
          </>
        );
        const choice = (multiple: boolean) => (
          <div
            className="liff-choices"
            role={multiple ? 'group' : 'radiogroup'}
            aria-labelledby={`${id}-label`}
          >
            {a.choices.map((c) => (
              <label key={c.id} className="liff-choice">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={id}
                  checked={d.choiceIds.includes(c.id)}
                  onChange={(e) =>
                    change(a.id, {
                      choiceIds: multiple
                        ? e.target.checked
                          ? [...d.choiceIds, c.id]
                          : d.choiceIds.filter((x) => x !== c.id)
                        : [c.id],
                    })
                  }
                />
                {c.value}
              </label>
            ))}
          </div>
        );
        return (
          <div key={a.id} className={`liff-field${error ? ' invalid' : ''}`} data-testid={`field-${a.label}`}>
            {a.type === 'RADIO' || a.type === 'CHECKBOX' || a.type === 'IMAGE' ? (
              <span className="label" id={`${id}-label`}>
                {label}
              </span>
            ) : (
              <label htmlFor={id}>{label}</label>
            )}
            {a.type === 'STRING' ? (
              <input
                id={id}
                className="liff-input"
                value={d.text}
                maxLength={500}
                onChange={(e) => change(a.id, { text: e.target.value })}
              />
            ) : null}
            {a.type === 'NUMBER' ? (
              <input
                id={id}
                className="liff-input"
                inputMode="decimal"
                value={d.text}
                onChange={(e) => change(a.id, { text: e.target.value })}
              />
            ) : null}
            {a.type === 'DATE' ? (
              <input
                id={id}
                className="liff-input"
                type="date"
                value={d.text}
                onChange={(e) => change(a.id, { text: e.target.value })}
              />
            ) : null}
            {a.type === 'RADIO' ? choice(false) : null}
            {a.type === 'CHECKBOX' ? choice(true) : null}
            {a.type === 'IMAGE' ? (
              <ImageField
                id={id}
                labelledBy={`${id}-label`}
                value={d.text}
                onChange={(key) => change(a.id, { text: key })}
                onBusyChange={(busy) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)))}
                onError={(message) => setFieldError(a.id, message)}
              />
            ) : null}
            {error ? (
              <div className="liff-error" role="alert">
                {error}
              </div>
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="liff-button" disabled={sending || uploads > 0}>
        {uploads > 0
          ? t('field.imageUploading')
          : sending
            ? t('register.sending')
            : t(props.mode === 'update' ? 'update.submit' : 'register.submit')}
      </button>
      {props.onCancel ? (
        <button
          type="button"
          className="liff-button secondary"
          style={{ marginTop: 12 }}
          onClick={props.onCancel}
        >
          {t('register.cancel')}
        </button>
      ) : null}
    </form>
  );
}
