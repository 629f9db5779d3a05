import 'react-toastify/ReactToastify.css';
import { type ReactNode, useMemo } from 'react';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { type ToastApi, ToastContext } from './toast-context.ts';

// The message doubles as the id: the same text never stacks twice (e.g. a list failing on refetch).
const options = (message: string) => ({ toastId: message });

/** Toasts per spec §2: top-right, 3000 ms, closable, pause on hover, draggable (width cap in global.css). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => void toast.success(message, options(message)),
      error: (message) => void toast.error(message, options(message)),
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
