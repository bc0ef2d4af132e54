import { useTheme } from '@mui/material/styles';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRIMARY, readableColor } from '../config/theme.ts';
import { lineAccountBody } from '../testing/line-fixtures.ts';
import { failure, mockFetch } from '../testing/mock-fetch.ts';
import { rememberLineAccountId } from '../lib/line-account-param.ts';
import { renderableApp } from '../testing/test-providers.tsx';
import { RootLayout } from './root-layout.tsx';

function ThemeProbe() {
  const theme = useTheme();
  return <output data-testid="primary">{theme.palette.primary.main}</output>;
}

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <ThemeProbe /> },
      { path: '/client/announcements', element: <ThemeProbe /> },
    ],
  },
];

describe('LINE account branding', () => {
  it('swaps in the account mainColor, title and favicon when the URL names a lineAccountId', async () => {
    const fetchMock = mockFetch({
      'GET /client/api/v1/line-account/7': {
        body: lineAccountBody({
          id: 7,
          mainColor: '#E4007F',
          title: 'みどり薬局',
          faviconUrl: '/brand/fav.png',
        }),
      },
    });
    const { ui } = renderableApp({ routes, initialPath: '/login?lineAccountId=7' });
    render(ui);
    await waitFor(() =>
      expect(screen.getByTestId('primary').textContent).toBe(readableColor('#E4007F', 'light')),
    );
    expect(document.title).toBe('みどり薬局');
    expect(document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href')).toBe(
      '/brand/fav.png',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the product look, silently, when the account cannot be read', async () => {
    const fetchMock = mockFetch({
      'GET /client/api/v1/line-account/8': { status: 404, body: failure(404, 'NOT_FOUND', 'Not found') },
    });
    const onError = vi.fn();
    const { ui } = renderableApp({ routes, initialPath: '/login?lineAccountId=8', onError });
    render(ui);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByTestId('primary').textContent).toBe(readableColor(DEFAULT_PRIMARY, 'light'));
    expect(document.title).toBe('LINE OA Manager');
    expect(onError).not.toHaveBeenCalled();
  });

  it('does not ask for branding without a lineAccountId', () => {
    const fetchMock = mockFetch({});
    const { ui } = renderableApp({ routes, initialPath: '/login' });
    render(ui);
    expect(screen.getByTestId('primary').textContent).toBe(readableColor(DEFAULT_PRIMARY, 'light'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the account last worked on in the client area, on pages that name none, until logout', async () => {
    const fetchMock = mockFetch({
      'GET /client/api/v1/line-account/7': { body: lineAccountBody({ id: 7, mainColor: '#E4007F' }) },
    });
    rememberLineAccountId(7);
    const { ui } = renderableApp({ routes, initialPath: '/client/announcements' });
    const view = render(ui);
    await waitFor(() =>
      expect(screen.getByTestId('primary').textContent).toBe(readableColor('#E4007F', 'light')),
    );
    view.unmount();
    // outside the client area (the login page) a remembered account does not brand the page
    const login = renderableApp({ routes, initialPath: '/login' });
    const loginView = render(login.ui);
    expect(screen.getByTestId('primary').textContent).toBe(readableColor(DEFAULT_PRIMARY, 'light'));
    loginView.unmount();
    rememberLineAccountId(null);
    const after = renderableApp({ routes, initialPath: '/client/announcements' });
    render(after.ui);
    expect(screen.getByTestId('primary').textContent).toBe(readableColor(DEFAULT_PRIMARY, 'light'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
