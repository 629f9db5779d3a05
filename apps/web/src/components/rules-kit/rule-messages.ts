/** The toasts of a rules form: created/updated on success; a failure says the server's reason, else these. */
export interface SaveMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/** A rule's save toasts, from its noun as a sentence starts it: 'Base salary' → 'Failed to create base salary'. */
export function saveMessages(noun: string): SaveMessages {
  const lower = noun.toLowerCase();
  return {
    created: `${noun} created successfully`,
    updated: `${noun} updated successfully`,
    createFailed: `Failed to create ${lower}`,
    updateFailed: `Failed to update ${lower}`,
  };
}

/** A rule's delete toasts and confirm dialog, from its noun: 'Base salary' → 'Delete base salary'. */
export function deleteMessages(noun: string) {
  const lower = noun.toLowerCase();
  return {
    deleted: `${noun} deleted successfully`,
    failed: `Failed to delete ${lower}`,
    confirmTitle: `Delete ${lower}`,
    confirmMessage: `Are you sure you want to delete this ${lower}?`,
  };
}

/** The texts of a required pick of one rule, from its noun as a label shows it: 'Grade' → 'Select grade'. */
export function pickMessages(noun: string) {
  const lower = noun.toLowerCase();
  return { label: noun, placeholder: `Select ${lower}`, nothingFoundMessage: `No ${lower} found` };
}

/**
 * A rules list's texts, from its title: 'Base Salaries' → 'Could not load base salaries', the read's
 * failure toast 'Failed to fetch base salaries', 'No base salaries yet' and, to someone who may only
 * look, 'Base salaries appear here once someone with edit rights adds them.'
 */
export function listMessages(title: string, { added = 'adds' }: { added?: string } = {}) {
  const what = title.toLowerCase();
  return {
    what,
    failureMessage: `Failed to fetch ${what}`,
    emptyTitle: `No ${what} yet`,
    readOnlyEmpty: `${what.charAt(0).toUpperCase()}${what.slice(1)} appear here once someone with edit rights ${added} them.`,
  };
}
