import { createContext, use } from 'react';

export interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const value = use(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
