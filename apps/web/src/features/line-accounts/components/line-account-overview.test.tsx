import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineAccountBody } from '../../../testing/line-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { LineAccountOverview } from './line-account-overview.tsx';

const renderOverview = (chatMode: string | null) => {
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <LineAccountOverview account={lineAccountBody({ chatMode })} /> }],
    initialPath: '/',
  });
  render(ui);
};

describe('LineAccountOverview', { timeout: 20_000 }, () => {
  it("says what LINE's chat mode means rather than its raw word", () => {
    renderOverview('bot');
    expect(screen.getByText('Bot (automatic replies)')).toBeTruthy();
    expect(screen.queryByText('bot')).toBeNull();
  });

  it('shows a mode it does not know as LINE sent it', () => {
    renderOverview('assistant');
    expect(screen.getByText('assistant')).toBeTruthy();
  });
});
