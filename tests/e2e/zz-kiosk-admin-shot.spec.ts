import { expect, test } from '@playwright/test';
test('admin kiosk tab screenshot', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 1000 });
  await page.goto('/admin');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Kiosk' }).click();
  await page.getByLabel('Idle time in seconds').fill('2');
  await page.getByLabel(/Kiosk mode: a shared/).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Idle time' })).toBeVisible();
  await page.screenshot({ path: 'test-results/kiosk-admin.png', fullPage: false });
});
