/** Mantine selects speak strings; ids stay numbers everywhere else. */
export interface SelectOption {
  value: string;
  label: string;
}

export function toOptions(items: readonly { id: number; name: string }[] | undefined): SelectOption[] {
  return (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
}

/** A form's id value (number, numeric string, empty or null) as the select's value. */
export function selectValue(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

/** The chosen id as a number, or null when nothing (valid) is chosen. */
export function chosenId(value: unknown): number | null {
  const id = Number(selectValue(value));
  return Number.isInteger(id) && id > 0 ? id : null;
}
