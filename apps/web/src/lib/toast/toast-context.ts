import { requiredContext } from '../required-context.ts';

export interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export const [ToastContext, useToast] = requiredContext<ToastApi>(
  'useToast must be used within a ToastProvider',
);
