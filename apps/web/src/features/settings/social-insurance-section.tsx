import { SettingsFormSection } from './settings-gate.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { SocialInsuranceForm } from './social-insurance-form.tsx';

/** Settings → Social Insurance: who pays and how much of the gross salary. */
export default function SocialInsuranceSection() {
  return (
    <SettingsFormSection failureMessage="Failed to fetch settings">
      {(current, readOnly) => (
        <SettingsPanel
          title="Social Insurance"
          description="A percentage of the gross salary, split between the company and the employee."
        >
          <SocialInsuranceForm key={current.version} current={current} readOnly={readOnly} />
        </SettingsPanel>
      )}
    </SettingsFormSection>
  );
}
