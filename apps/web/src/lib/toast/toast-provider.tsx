import 'react-toastify/ReactToastify.css';
import { type ReactNode, useMemo } from 'react';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { type ToastApi, ToastContext } from './toast-context.ts';

// The message doubles as the id: the same text never stacks twice (e.g. a list failing on refetch).
const options = (message: string) => ({ toastId: message });

// Error toasts still on screen. A later success means the user fixed what failed, so a stale
// "New passwords do not match" must not sit beside "Password changed successfully".
const shownErrors = new Set<string>();

function dismissEarlierErrors(): void {
  for (const id of shownErrors) toast.dismiss(id);
  shownErrors.clear();
}

/** Toasts: top-right, 3000 ms, closable, pause on hover, draggable (width cap in global.css). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => {
        dismissEarlierErrors();
        toast.success(message, options(message));
      },
      error: (message) => {
        shownErrors.add(message);
        toast.error(message, { ...options(message), onClose: () => shownErrors.delete(message) });
      },
      info: (message) => void toast.info(message, options(message)),
      warning: (message) => void toast.warning(message, options(message)),
    }),
    [],
  );
  return (
    <ToastContext value={api}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={3000}
        closeButton
        closeOnClick={false}
        pauseOnHover
        draggable
        newestOnTop
        theme="light"
      />
    </ToastContext>
  );
}
