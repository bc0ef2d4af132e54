import { announcementMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { toDateTimeLocal } from '../../../lib/format.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { AnnouncementEditor, previewStatus, type AnnouncementEditorResult } from './announcement-editor.tsx';

const hour = 3_600_000;
const local = (offsetMs: number) => toDateTimeLocal(new Date(Date.now() + offsetMs).toISOString());

function renderEditor(onSubmit = vi.fn((_body: AnnouncementEditorResult) => Promise.resolve())) {
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <AnnouncementEditor onSubmit={onSubmit} onCancel={() => undefined} /> }],
    initialPath: '/',
  });
  render(ui);
  return { onSubmit };
}

const statusChip = () => within(screen.getByTestId('announcement-status')).getByText(/./).textContent;

describe('previewStatus', () => {
  it('derives the status from the dates, as the server does', () => {
    const now = new Date('2026-11-21T12:00:00');
    expect(previewStatus({ publishAt: '', archiveAt: '' }, now)).toBe('DRAFT');
    expect(previewStatus({ publishAt: '2026-11-22T09:00', archiveAt: '' }, now)).toBe('SCHEDULED');
    expect(previewStatus({ publishAt: '2026-11-20T09:00', archiveAt: '' }, now)).toBe('PUBLISHED');
    expect(previewStatus({ publishAt: '2026-11-20T09:00', archiveAt: '2026-11-21T11:00' }, now)).toBe(
      'ARCHIVED',
    );
  });
});

// MUI's first render is slow when the whole suite runs in parallel.
describe('AnnouncementEditor', { timeout: 20_000 }, () => {
  it('shows the status the dates give while typing, and a live preview', () => {
    renderEditor();
    expect(statusChip()).toBe('Draft');
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: local(48 * hour) } });
    expect(statusChip()).toBe('Scheduled');
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: local(-48 * hour) } });
    expect(statusChip()).toBe('Published');
    fireEvent.change(screen.getByLabelText('Archive at'), { target: { value: local(-24 * hour) } });
    expect(statusChip()).toBe('Archived');

    fireEvent.change(screen.getByLabelText(/Content/), { target: { value: '# Maintenance\n- 02:00 stop' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Maintenance' })).toBeTruthy();
    expect(within(preview).getByRole('listitem').textContent).toBe('02:00 stop');
  });

  it('checks the dates with the contract rule before sending', async () => {
    const { onSubmit } = renderEditor();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Notice' } });
    fireEvent.change(screen.getByLabelText(/Content/), { target: { value: 'Body' } });
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2026-12-02T09:00' } });
    fireEvent.change(screen.getByLabelText('Archive at'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(announcementMessages.archiveAfterPublish)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends instants and puts the server field errors on their fields', async () => {
    const onSubmit = vi.fn((_body: AnnouncementEditorResult) =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_ERROR', announcementMessages.titleMax, [
          { path: 'title', message: announcementMessages.titleMax },
        ]),
      ),
    );
    renderEditor(onSubmit);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Notice' } });
    fireEvent.change(screen.getByLabelText(/Content/), { target: { value: 'Body' } });
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title: 'Notice',
      type: 'ANNOUNCEMENT',
      publishAt: new Date('2026-12-01T09:00').toISOString(),
      archiveAt: null,
    });
    const title = screen.getByLabelText(/Title/);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(announcementMessages.titleMax)).toBeTruthy();
  });

  it('publishes now with one button (no date to type), from this moment', async () => {
    const { onSubmit } = renderEditor();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Notice' } });
    fireEvent.change(screen.getByLabelText(/Content/), { target: { value: 'Body' } });
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const publishAt = Date.parse(onSubmit.mock.calls[0]![0].publishAt!);
    expect(publishAt).toBeGreaterThanOrEqual(before);
    expect(publishAt).toBeLessThanOrEqual(Date.now());
    // an announcement already published has nothing to publish
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: local(-hour) } });
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
  });
});
