import type { ClientListItem } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ApprovalQueue } from './approval-queue.tsx';

const waiting = {
  id: 12,
  companyName: 'サンプル食堂合同会社',
  agencyName: 'デモ代理店株式会社',
  contractStatus: 'PENDING_APPROVAL',
  createdAt: '2026-11-20T01:00:00.000Z',
} as ClientListItem;

describe('ApprovalQueue', { timeout: 20_000 }, () => {
  it('lists the clients awaiting approval and approves one with its button (ACTIVE)', async () => {
    const sent: unknown[] = [];
    const fetchMock = mockFetch({
      'PATCH /master/api/v1/client/12/contract-status': ({ body }) => {
        sent.push(body);
        return { body: { ...waiting, contractStatus: 'ACTIVE' } };
      },
    });
    const { ui } = renderableApp({
      routes: [{ path: '/', element: <ApprovalQueue clients={[waiting]} hrefOf={() => '/x'} /> }],
      initialPath: '/',
    });
    render(ui);
    const row = screen.getByTestId('awaiting-12');
    expect(row.textContent).toContain('サンプル食堂合同会社');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toEqual([{ contractStatus: 'ACTIVE' }]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when no client waits', () => {
    const { ui } = renderableApp({
      routes: [{ path: '/', element: <ApprovalQueue clients={[]} hrefOf={() => '/x'} /> }],
      initialPath: '/',
    });
    render(ui);
    expect(screen.queryByTestId('approval-queue')).toBeNull();
  });
});
