import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lineAccountBody } from '../../../testing/line-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ChatSettingsForm } from './chat-settings-form.tsx';

function renderForm(overrides = {}, canEdit = true) {
  const onSubmit = vi.fn(() => Promise.resolve());
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <ChatSettingsForm account={lineAccountBody(overrides)} canEdit={canEdit} onSubmit={onSubmit} />
        ),
      },
    ],
    initialPath: '/',
  });
  render(ui);
  return { onSubmit };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('ChatSettingsForm (既読をつけるタイミング)', { timeout: 20_000 }, () => {
  it('shows the current choice and saves another one', async () => {
    const { onSubmit } = renderForm({ chatMode: 'chat', markAsReadMode: 'manual', markAsReadTiming: 'AUTO' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Automatic/ }).checked).toBe(true);
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /When the chat is opened/ }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ markAsReadTiming: 'OPEN' }));
    // chat on at LINE: no note that LINE reads by itself
    expect(screen.queryByText(/LINE answers this account in Bot mode/)).toBeNull();
  });

  it('says LINE reads by itself in Bot mode when a timing is chosen', () => {
    renderForm({ chatMode: 'bot', markAsReadMode: 'auto', markAsReadTiming: 'ANSWER' });
    expect(screen.getByText(/LINE answers this account in Bot mode/)).toBeTruthy();
  });

  it('is read-only without the right to change settings', () => {
    renderForm({ markAsReadTiming: 'OPEN' }, false);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /When answered/ }).disabled).toBe(true);
  });
});
