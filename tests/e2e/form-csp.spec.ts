import { expect, test } from '@playwright/test';
import { fillLogin, shot } from './support';

test('the hypertension follow-up computes BMI and the grade under the server’s CSP, with no violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|unsafe-eval|EvalError|Refused to/i.test(text)) problems.push(`console: ${text}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // Devtools-injected, so not itself subject to the page's CSP.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  await fillLogin(page, 'doctor');
  await expect(page).not.toHaveURL(/\/login/);

  const response = await page.goto('/form-preview/hypertensionfollowup');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');

  const field = (prop: string) => page.locator(`[data-field="${prop}"]`);
  await expect(field('sbp')).toBeVisible();
  await field('sbp').locator('input').fill('150');
  await field('dbp').locator('input').fill('95');
  await field('height').locator('input').fill('165');
  await field('weight').locator('input').fill('68');

  await expect(field('bmi').locator('input')).toHaveValue('24.98');
  await expect(field('bpLevel')).toContainText('1级高血压');
  await expect(field('bpControl')).toContainText('未达标');
  // The why of the calculated value opens (a popover rendered by antd, under the same CSP).
  await field('bmi')
    .getByRole('button', { name: /为什么/ })
    .click();
  await expect(page.getByTestId('why-content')).toContainText('bmi.calc');
  await shot(page, 'form-csp');

  // An anomaly shows amber on its field as it happens; saving an incomplete form shows the
  // required fields' messages in red, focuses the first and warns with its message.
  await page.keyboard.press('Escape');
  await field('sbp').locator('input').fill('80');
  // 80/95 is two anomalies on the systolic row: 收缩压应高于舒张压 and 血压偏低 (<90/60).
  await expect(field('sbp').locator('.fr-msg-warning[data-rule="bp.order"]')).toContainText('收缩压应高于舒张压');
  await expect(field('sbp').locator('.fr-msg-warning[data-rule="bp.low"]')).toContainText('血压偏低');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message')).toContainText('随访日期不能为空');
  await expect(field('visitDate').locator('.fr-msg-error')).toHaveText('随访日期不能为空');
  await expect(field('visitDate').locator('input')).toBeFocused();
  await shot(page, 'form-messages');

  // The print view of the same record: A4 rules apply under print media.
  await page.getByText('打印预览').click();
  await expect(page.locator('.fr-mode-print')).toBeVisible();
  await expect(page.locator('[data-field="bmi"]')).toContainText('24.98');
  await page.emulateMedia({ media: 'print' });
  const breakInside = await page.locator('[data-field="bmi"]').evaluate((el) => getComputedStyle(el).breakInside);
  expect(breakInside).toBe('avoid');
  await shot(page, 'form-print');
  await page.emulateMedia({ media: 'screen' });

  const violations = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});
