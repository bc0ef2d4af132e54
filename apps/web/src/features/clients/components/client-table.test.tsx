import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ClientListToolbar } from './client-table.tsx';

const params = (values: Record<string, string>): ListParams => ({
  page: 1,
  limit: 20,
  get: (name) => values[name] ?? '',
  setPage: () => undefined,
  setLimit: () => undefined,
  setFilters: () => undefined,
});

const renderToolbar = (values: Record<string, string>) => {
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <ClientListToolbar params={params(values)} /> }],
    initialPath: '/',
    language: 'ja',
  });
  render(ui);
};

describe('ClientListToolbar', () => {
  it('shows すべて under the status label while no status is chosen (the label does not stand in for a value)', async () => {
    renderToolbar({});
    const status = await screen.findByRole('combobox', { name: /契約ステータス/ });
    expect(status.textContent).toBe('すべて');
    const label = document.getElementById(status.getAttribute('aria-labelledby')!.split(' ')[0]!);
    expect(label?.textContent).toBe('契約ステータス');
    expect(label?.getAttribute('data-shrink')).toBe('true');
  });

  it('shows the chosen status', async () => {
    renderToolbar({ status: 'ACTIVE' });
    expect((await screen.findByRole('combobox', { name: /契約ステータス/ })).textContent).toBe('契約中');
  });
});
