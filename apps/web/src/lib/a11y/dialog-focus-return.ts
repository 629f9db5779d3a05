const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Every modal gives focus back to the control that opened it. Mantine does this for a modal
 * that was already mounted when it opened, but not for one mounted open (the lazily loaded
 * Import and Change Password dialogs), and never when the opener is gone (a deleted row): focus
 * then fell to <body>. This watches the whole document once: it remembers the last focused
 * element outside any dialog and, when a dialog closes leaving focus on <body>, returns it
 * there — or to the page's heading when that control no longer exists.
 */
export function installDialogFocusReturn(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  let fromDialog = false;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement | null;
    if (!target || target === doc.body) return;
    if (target.closest(DIALOG)) {
      fromDialog = true;
      return;
    }
    opener = target;
    fromDialog = false;
  };

  const restore = () => {
    if (!fromDialog) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    // Still open, or playing its closing transition: wait until it has left the document.
    if (doc.querySelector(DIALOG)) return;
    fromDialog = false;
    const target = opener?.isConnected ? opener : doc.querySelector<HTMLElement>('main h1');
    target?.focus();
  };

  const observer = new MutationObserver(restore);
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('focusin', onFocusIn);
  const onFocusOut = () => queueMicrotask(restore);
  doc.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
  };
}
