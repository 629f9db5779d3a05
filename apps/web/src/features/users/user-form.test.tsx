import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { UserForm } from './user-form.tsx';

describe('UserForm permissions', () => {
  it('says beside Show Settings, Edit/Delete Settings and Show Accumulated Cost what they reveal about pay', () => {
    renderWithProviders(<UserForm editing={null} onDone={() => {}} />, { route: '/users' });
    const rules = "Lets this user work out every employee's pay from the salary rules.";
    for (const label of ['Show Settings', 'Edit/Delete Settings']) {
      const box = screen.getByRole('checkbox', { name: label });
      expect(box).toHaveAccessibleDescription(rules);
    }
    // The permission's name and the screens' Total Cost meet here: said once, with what it reveals.
    expect(screen.getByRole('checkbox', { name: 'Show Accumulated Cost' })).toHaveAccessibleDescription(
      'Accumulated Cost is the Total Cost the screens show. Lets this user rank every employee by pay, since cost rises with pay.',
    );
    expect(screen.getByRole('checkbox', { name: 'Edit Employee' })).not.toHaveAccessibleDescription();
  });
});
