import { expect, type Locator, type Page } from '@playwright/test';

/** A form field's row by its property (the form runtime marks each row `data-field`). */
export const field = (scope: Page | Locator, prop: string) => scope.locator(`[data-field="${prop}"]`);

/** Types a date into a date field and closes its picker, as a user typing it would. */
export async function pickDate(page: Page, prop: string, date: string): Promise<void> {
  await field(page, prop).locator('input').fill(date);
  await field(page, prop).locator('input').press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
}
