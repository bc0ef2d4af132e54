import type { LiffAppInfo } from '@app/contracts';
import { memberMessages } from '@app/contracts/member-texts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LiffSessionProvider } from '../../components/liff-shell/liff-shell.tsx';
import { memberLiffTexts } from './member-liff-texts.ts';
import { RegistrationForm } from './registration-form.tsx';

const session = {
  info: { storeId: 5 } as LiffAppInfo,
  idToken: 'id-token',
  profile: { userId: 'U1', displayName: '七海 さくら', pictureUrl: null },
  isFriend: true,
};
const photo = {
  id: 6,
  storeId: 5,
  visibility: 'PUBLIC' as const,
  label: 'プロフィール写真',
  type: 'IMAGE' as const,
  isRequired: false,
  displayOrder: 0,
  internalName: null,
  isDeletable: true,
  choices: [],
};

describe('RegistrationForm', () => {
  it('waits for a photo being uploaded before it can be sent, then sends its key', async () => {
    let finishUpload: (key: string) => void = () => undefined;
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        posts.push({ url, body: JSON.parse((init?.body as string) ?? 'null') });
        const reply = (body: unknown) =>
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        if (url.endsWith('/images'))
          return new Promise<Response>((resolve) => (finishUpload = (key) => resolve(reply({ key }))));
        return Promise.resolve(reply({ id: 1, status: 'ACTIVE', memberCode: '0123456789', attributes: [] }));
      }),
    );
    const onDone = vi.fn();
    render(
      <LiffSessionProvider session={session} texts={memberLiffTexts.ja}>
        <RegistrationForm attributes={[photo]} values={[]} mode="register" onDone={onDone} />
      </LiffSessionProvider>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' })] },
    });
    const button = await screen.findByRole('button', { name: 'アップロード中…' });
    expect(button.hasAttribute('disabled')).toBe(true);

    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/member-liff/api/v1/store/5/images']));
    finishUpload('img-key-1');
    const send = await screen.findByRole('button', { name: '登録する' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts.at(-1)).toEqual({
      url: '/member-liff/api/v1/store/5/members/',
      body: [{ attributeId: 6, value: 'img-key-1' }],
    });
  });

  it("shows the server's text on each wrong field and drops it from a field once it is edited", async () => {
    const name = { ...photo, id: 7, label: 'お名前', type: 'STRING' as const, isRequired: true };
    const phone = { ...photo, id: 8, label: '電話番号', type: 'STRING' as const, isRequired: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              success: false,
              code: 'VALIDATION_ERROR',
              message: memberMessages.requiredAttributes,
              errors: [
                { path: 'attributes.7', message: memberMessages.required },
                { path: 'attributes.8', message: memberMessages.required },
              ],
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    render(
      <LiffSessionProvider session={session} texts={memberLiffTexts.ja}>
        <RegistrationForm attributes={[name, phone]} values={[]} mode="register" onDone={vi.fn()} />
      </LiffSessionProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    const field = (label: string) => screen.getByTestId(`field-${label}`);
    await waitFor(() => expect(field('お名前').textContent).toContain('必須項目です'));
    expect(field('電話番号').textContent).toContain('必須項目です');
    expect(screen.getByText('必須項目がすべて入力されていません。')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/お名前/), { target: { value: '七海 さくら' } });
    expect(field('お名前').textContent).not.toContain('必須項目です');
    expect(field('お名前').className).not.toContain('invalid');
    // the field not touched keeps its message
    expect(field('電話番号').textContent).toContain('必須項目です');
    expect(field('電話番号').className).toContain('invalid');
  });
});
