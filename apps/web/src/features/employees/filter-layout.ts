/** The filter grid's spans, shared by the form and its loading placeholder so the swap does not move anything. */
export function filterSpans(showSalaryFilters: boolean) {
  // Two rows from md up: search, the job pair and As of, then grade, level, salaries and the buttons.
  return {
    search: { base: 12, md: 3 },
    pair: { base: 6, md: 3 },
    asOf: { base: 12, md: 3 },
    narrow: { base: 6, md: showSalaryFilters ? 2 : 4 },
    buttons: { base: 12, md: 4 },
  };
}
