import { useState } from 'react';

/** Which rule the inline form above the list edits; null while it adds. */
export function useInlineEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  return {
    editing,
    startEdit: (row: T) => {
      setEditing(row);
      // The form sits above the list; on a long list the user would not see it switch.
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    stopEdit: () => setEditing(null),
  };
}
