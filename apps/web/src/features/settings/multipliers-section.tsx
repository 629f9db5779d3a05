import { MultipliersEditor } from './multipliers-editor.tsx';
import { SettingsFormSection } from './settings-gate.tsx';

/** Settings → Salary Multipliers: six base multipliers and custom ones, saved together. */
export default function MultipliersSection() {
  return (
    <SettingsFormSection failureMessage="Failed to fetch multipliers">
      {(current, readOnly) => (
        <MultipliersEditor key={current.version} current={current} readOnly={readOnly} />
      )}
    </SettingsFormSection>
  );
}
