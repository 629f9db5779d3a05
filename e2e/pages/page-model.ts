import type { Page } from 'playwright-core';

/**
 * A page model: the page it drives. Subclasses declare their locators as readonly fields
 * (`readonly form = this.page.getByRole('form', …)`); a locator finds nothing until used, so
 * declaring them all up front costs nothing and each stays one line.
 */
export abstract class PageModel {
  constructor(readonly page: Page) {}
}
