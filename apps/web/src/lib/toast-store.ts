export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; message: string; severity: ToastSeverity };

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

/** Show a toast from anywhere, including the QueryClient's global error handlers outside React. */
export function showToast(message: string, severity: ToastSeverity = 'error'): void {
  current = { id: nextId++, message, severity };
  listeners.forEach((l) => l());
}

export function dismissToast(): void {
  current = null;
  listeners.forEach((l) => l());
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToast = (): Toast | null => current;
