import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skipBrowserTests } from './harness/browser.ts';
import { openPage, signIn, testId, useSuite } from './harness/fixtures.ts';

// The domain page's pictures: a logo sent from the images tab is what the page shows at once (the answer stored
// by the upload's hook) and after a reload (stored by the server); removing it leaves no preview.
describe.skipIf(skipBrowserTests)('domain pictures', () => {
  const suite = useSuite();

  it('master uploads and removes the domain logo from the images tab', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, suite.server.adminEmail, suite.server.adminPassword, '/domain/edit/0006');
    await testId(page, 'tab-images').click();
    const logo = await sharp({ create: { width: 488, height: 110, channels: 3, background: '#06a' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await testId(page, 'domain-image-logo-choose').click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    const preview = testId(page, 'domain-image-logo-preview');
    await preview.waitFor({ state: 'visible' });
    const src = await preview.getAttribute('src');
    expect(src).toBeTruthy();

    await page.reload();
    await testId(page, 'tab-images').click();
    await preview.waitFor({ state: 'visible' });

    await testId(page, 'domain-image-logo').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await preview.waitFor({ state: 'detached' });
  });
});
