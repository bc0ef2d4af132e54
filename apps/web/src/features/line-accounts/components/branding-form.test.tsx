import { lineAccountMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRIMARY, readableColor } from '../../../config/theme.ts';
import { lineAccountBody } from '../../../testing/line-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { BrandingForm, pickerColorOf, toBrandingBody } from './branding-form.tsx';

function renderForm(overrides = {}, canEdit = true) {
  const onSubmit = vi.fn(() => Promise.resolve());
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: <BrandingForm account={lineAccountBody(overrides)} canEdit={canEdit} onSubmit={onSubmit} />,
      },
    ],
    initialPath: '/',
  });
  render(ui);
  return { onSubmit };
}

const colourField = () => screen.getByLabelText('Theme colour');
const previewPrimary = () => screen.getByTestId('branding-preview').getAttribute('data-primary');

describe('BrandingForm', { timeout: 20_000 }, () => {
  it('previews the typed colour at once, before saving', async () => {
    renderForm({ mainColor: '#1C7F09' });
    expect(previewPrimary()).toBe(readableColor('#1C7F09', 'light'));
    fireEvent.change(colourField(), { target: { value: '#E4007F' } });
    await waitFor(() => expect(previewPrimary()).toBe(readableColor('#E4007F', 'light')));
  });

  it('shows the contract rule for a wrong colour code and previews the default green meanwhile', async () => {
    const { onSubmit } = renderForm({ mainColor: '#0B6BCB' });
    fireEvent.change(colourField(), { target: { value: '#12' } });
    expect(await screen.findByText(lineAccountMessages.mainColor)).toBeTruthy();
    expect(previewPrimary()).toBe(readableColor(DEFAULT_PRIMARY, 'light'));
    expect(screen.getByText(/preview shows the default green/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(colourField().getAttribute('aria-invalid')).toBe('true'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a preset colour and saves blanks as cleared values', async () => {
    const { onSubmit } = renderForm({ title: 'みどり', logoUrl: 'https://example.com/logo.png' });
    fireEvent.click(screen.getByRole('button', { name: '#D14343' }));
    await waitFor(() => expect(previewPrimary()).toBe(readableColor('#D14343', 'light')));
    fireEvent.change(screen.getByLabelText('Logo URL'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'みどり',
      mainColor: '#D14343',
      logoUrl: null,
      faviconUrl: null,
    });
  });

  it('refuses a logo address that is not a URL with the contract text', async () => {
    const { onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText('Logo URL'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(lineAccountMessages.logoUrl)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is read-only without the permission to change settings', () => {
    renderForm({}, false);
    expect((colourField() as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('branding helpers', { timeout: 20_000 }, () => {
  it('gives the colour picker a valid value even while the text is not one', () => {
    expect(pickerColorOf('#E4007F')).toBe('#e4007f');
    expect(pickerColorOf('#E40')).toBe(DEFAULT_PRIMARY.toLowerCase());
  });

  it('turns empty fields into nulls', () => {
    expect(
      toBrandingBody({
        title: ' ',
        mainColor: '#123456',
        logoUrl: '',
        faviconUrl: ' https://x.example/f.ico ',
      }),
    ).toEqual({
      title: null,
      mainColor: '#123456',
      logoUrl: null,
      faviconUrl: 'https://x.example/f.ico',
    });
  });
});
