import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ContractStatusDialog } from './contract-status-dialog.tsx';
import { allowedContractChanges } from './contract-transitions.ts';

function renderDialog(props: Partial<Parameters<typeof ContractStatusDialog>[0]> = {}) {
  const onSubmit = vi.fn(() => Promise.resolve());
  const onClose = vi.fn();
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <ContractStatusDialog
            open
            companyName="株式会社みどり"
            current="ACTIVE"
            onClose={onClose}
            onSubmit={onSubmit}
            {...props}
          />
        ),
      },
    ],
    initialPath: '/',
  });
  render(ui);
  return { onSubmit, onClose };
}

const offered = () =>
  within(screen.getByRole('radiogroup'))
    .getAllByRole<HTMLInputElement>('radio')
    .map((r) => r.value);

describe('allowedContractChanges', () => {
  it('follows the contract state machine, with cancel and disable on their own calls', () => {
    expect(allowedContractChanges('DRAFT')).toEqual([
      { status: 'PENDING_APPROVAL', via: 'status' },
      { status: 'ACTIVE', via: 'status' },
      { status: 'CANCELLED', via: 'cancel' },
      { status: 'DISABLED', via: 'disable' },
    ]);
    expect(allowedContractChanges('CANCELLED')).toEqual([{ status: 'DISABLED', via: 'disable' }]);
    expect(allowedContractChanges('DISABLED')).toEqual([]);
  });
});

// MUI's first render is slow when the whole suite runs in parallel.
describe('ContractStatusDialog', { timeout: 20_000 }, () => {
  it('offers only the states an ACTIVE contract may move to', () => {
    renderDialog();
    expect(offered()).toEqual(['SUSPENDED', 'CANCELLED', 'DISABLED']);
    expect(screen.queryByRole('radio', { name: 'Draft' })).toBeNull();
  });

  it('says a DISABLED contract cannot change and offers nothing', () => {
    renderDialog({ current: 'DISABLED' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByText('This status cannot change any more.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Change' }).disabled).toBe(true);
  });

  it('confirms a cancel through the cancel call, warning what it means', async () => {
    const { onSubmit, onClose } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Cancelled' }));
    expect(screen.getByText(/can no longer log in/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel contract' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ status: 'CANCELLED', via: 'cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open with the server refusal', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError(409, 'CONFLICT', 'A ACTIVE contract cannot change to SUSPENDED')),
    );
    const { onClose } = renderDialog({ onSubmit, initialStatus: 'SUSPENDED' });
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cannot change to SUSPENDED');
    expect(onClose).not.toHaveBeenCalled();
  });
});
