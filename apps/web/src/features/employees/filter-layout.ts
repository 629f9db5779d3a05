/** The filter grid's spans, shared by the form and its loading placeholder so the swap does not move anything. */
export function filterSpans(showSalaryFilters: boolean) {
  // Two rows from md up: search and the job pair, then grade, level, salaries and the buttons.
  return {
    search: { base: 12, md: 4 },
    pair: { base: 6, md: 4 },
    narrow: { base: 6, md: showSalaryFilters ? 2 : 4 },
    buttons: { base: 12, md: 4 },
  };
}
