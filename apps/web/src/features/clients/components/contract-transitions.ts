import {
  contractStatuses,
  contractTransitionError,
  type ContractChange,
  type ContractStatus,
} from '@app/contracts';

export type ContractChangeTarget = { status: ContractStatus; via: ContractChange };

/**
 * The states a contract may move to from `from`, each with the call that does it, straight from the
 * contract's state machine: status changes first, then cancel (CANCELLED) and disable (DISABLED).
 */
export function allowedContractChanges(from: ContractStatus): ContractChangeTarget[] {
  return contractStatuses.flatMap((status): ContractChangeTarget[] => {
    const via: ContractChange =
      status === 'DISABLED' ? 'disable' : status === 'CANCELLED' ? 'cancel' : 'status';
    return contractTransitionError(from, status, via) === undefined ? [{ status, via }] : [];
  });
}
