import assert from 'node:assert/strict';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { newShopper, openInApp, openSignedIn, registerByApi, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

const counts = async (baseUrl, productId) => {
  const body = await (await fetch(`${baseUrl}/api/review/${productId}?limit=10`)).json();
  return { total: body.totalReviews, average: body.averageRating, reviews: body.data };
};
const label = (n) => (n === 1 ? '1 review' : n > 0 ? `${n} reviews` : 'No reviews yet');

/** The rating line under the title and the home card of the product both say `total`; with none, no 0.0 beside it. */
async function expectCounts(page, name, total, average) {
  const text = total > 0 ? `${average.toFixed(1)} (${label(total)})` : label(0);
  await page.locator('.buy-box .stars').getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
  await page.locator('.reviews > .stars').getByText(text, { exact: true }).waitFor();
}

async function expectCard(page, name, total) {
  const card = page
    .locator('.product-card')
    .filter({ has: page.locator('.product-card__name', { hasText: name }) })
    .first();
  await card.locator('.rating-ring__count', { hasText: label(total) }).waitFor({ timeout: 10_000 });
}

/**
 * docs/product.md#validation, #roles and #errors: a shopper writes a review on the product page and sees the rating and
 * count move there and on the product's card (also after a reload, through the API's catalogue cache);
 * a second review edits the first; the admin deletes it from its delete icon; a visitor is told to log in.
 */
test('reviews', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const errors = [];
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));

  const shopper = newShopper('review');
  await registerByApi(baseUrl, shopper);
  await openSignedIn(page, baseUrl, shopper.email, shopper.password);

  // The home page's first card → its product page.
  const firstCard = page.locator('.product-card').first();
  await firstCard.waitFor();
  const name = (await firstCard.locator('.product-card__name').textContent()).trim();
  await firstCard.locator('.product-card__link').click();
  await page.waitForURL(/\/product\/.+-[0-9A-Z]+$/);
  const productPath = new URL(page.url()).pathname;
  const productId = productPath.split('-').at(-1);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const before = await counts(baseUrl, productId);
  await expectCounts(page, name, before.total, before.average);

  // Write: 5 stars to start; choose 4, comment, submit.
  const form = page.getByRole('form', { name: 'Write a review' });
  await form.waitFor();
  await expect(form.getByRole('button', { name: '5 stars' }), 'starts at 5 stars').toHaveAttribute('aria-pressed', 'true');
  await form.getByRole('button', { name: '4 stars' }).click();
  await form.getByLabel(/Comment/).fill('Crisp and fresh, delivered fast.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await page.getByText('Review submitted successfully!').first().waitFor();
  const written = await counts(baseUrl, productId);
  assert.equal(written.total, before.total + 1);
  const mine = written.reviews.find((r) => r.name === shopper.name);
  assert.ok(mine && mine.rating === 4 && mine.verifiedPurchase === false, JSON.stringify(mine));
  await expectCounts(page, name, written.total, written.average);
  const item = page.locator('.reviews__item').filter({ hasText: 'Crisp and fresh, delivered fast.' });
  await item.waitFor();
  await expect(item).toHaveText(new RegExp(shopper.name));
  await expect(item.getByText('Verified purchase'), 'no delivered order: not verified').toHaveCount(0);
  // The form now edits this review.
  await page.getByRole('form', { name: 'Edit your review' }).waitFor();
  await screenshot(page.locator('.reviews'), artifactsDir, 'reviews-desktop');

  // The card: at once on the home page (IndexedDB), and after a reload (the server's answer).
  await page.goBack();
  await page.waitForURL(`${baseUrl}/`);
  await expectCard(page, name, written.total);
  await page.reload();
  await expectCard(page, name, written.total);

  // Edit: a second review is the same review with the new rating.
  await openInApp(page, productPath);
  const edit = page.getByRole('form', { name: 'Edit your review' });
  await edit.waitFor();
  await expect(edit.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await expect(edit.getByLabel(/Comment/)).toHaveValue('Crisp and fresh, delivered fast.');
  await edit.getByRole('button', { name: '2 stars' }).click();
  await edit.getByLabel(/Comment/).fill('Changed my mind: a little stale.');
  await edit.getByRole('button', { name: 'Update Review' }).click();
  await page.getByText('Review updated successfully!').first().waitFor();
  const edited = await counts(baseUrl, productId);
  assert.equal(edited.total, written.total, 'an edit adds no review');
  assert.deepEqual(
    edited.reviews.filter((r) => r.name === shopper.name).map((r) => [r.rating, r.comment]),
    [[2, 'Changed my mind: a little stale.']],
  );
  await expectCounts(page, name, edited.total, edited.average);

  // A visitor: the form is there, and submitting says to log in.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await visitorContext.newPage();
  visitor.on('pageerror', (e) => errors.push(String(e)));
  await visitor.goto(`${baseUrl}${productPath}`);
  const visitorForm = visitor.getByRole('form', { name: 'Write a review' });
  await visitorForm.getByRole('button', { name: 'Submit Review' }).click();
  await visitorForm.getByRole('alert').getByText('You must be logged in to submit a review').waitFor();
  await expect(visitor.getByRole('button', { name: /^Delete review by/ }), 'no delete icon for visitors').toHaveCount(0);
  await visitor.locator('.reviews').scrollIntoViewIfNeeded();
  await screenshot(visitor.locator('.reviews'), artifactsDir, 'reviews-phone');
  await expect(page.getByRole('button', { name: /^Delete review by/ }), 'no delete icon for shoppers').toHaveCount(0);

  // The admin (signing in on the visitor's phone) deletes the review from its icon, after confirming.
  const admin = visitor;
  await openSignedIn(admin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, productPath);
  await admin.getByRole('button', { name: `Delete review by ${shopper.name}` }).waitFor();
  assert.deepEqual(await seriousViolations(admin), [], 'the review area with the delete icons and the form');
  await admin.getByRole('button', { name: `Delete review by ${shopper.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Delete review' });
  await dialog.getByText(`Delete the review by ${shopper.name}? This cannot be undone.`).waitFor();
  await screenshot(admin, artifactsDir, 'reviews-admin-confirm-phone');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Review deleted successfully.').first().waitFor();
  const after = await counts(baseUrl, productId);
  assert.equal(after.total, before.total);
  assert.equal(
    after.reviews.some((r) => r.name === shopper.name),
    false,
  );
  await expectCounts(admin, name, after.total, after.average);

  // An admin may review too; deleting their own review gives them the empty form back.
  const adminForm = admin.getByRole('form', { name: 'Write a review' });
  await adminForm.getByRole('button', { name: 'Submit Review' }).click();
  await admin.getByRole('form', { name: 'Edit your review' }).waitFor();
  await admin.getByRole('button', { name: 'Delete review by Admin', exact: true }).click();
  await admin.getByRole('dialog', { name: 'Delete review' }).getByRole('button', { name: 'Delete' }).click();
  await adminForm.waitFor();
  await expect(adminForm.getByRole('button', { name: '5 stars' })).toHaveAttribute('aria-pressed', 'true');
  assert.equal((await counts(baseUrl, productId)).total, before.total);
  await visitorContext.close();

  assert.deepEqual(errors, [], 'no uncaught errors in the pages');
  await context.close();
});
