import assert from 'node:assert/strict';
import { axeViolations, seriousOf, seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, apiLogin, openInApp, openSignedIn, screenshot, searchAdminProducts } from './lib/shopper-steps.mjs';
import { expect, test, CI_ONLY } from './fixtures.mjs';

/**
 * The admin's after-order screens as a new admin walks them (docs/product.md#coupons, #returns, #screens), on a
 * phone (390 px, touch) and a laptop (1366 px), in English and then, switched by the shop's language switch, in Hindi:
 * coupons say "no limit" in words, a coupon to come is scheduled from its start, a disabled one can be enabled again,
 * the empty coupon form says what is missing and focuses the first field; the refund's reference problem goes once
 * one is typed and Mark received's name holds its label; the product edit modal is "Edit product" and a unit reads in
 * the language; the overview's low stock gives a total whose figures are the server's and lists the running-low units
 * before the sold out (docs/product.md#screen-behaviour), its long name stays readable with Adjust open, and Adjust
 * sets the stock in its row; the side menu marks the page on screen and names the admin once; the language switch
 * reads on one line in both languages in the footer, the account menu (the /user page on a phone, a popover on a
 * wide screen) and the dashboard's side menu (docs/product.md#languages).
 */
const SIZES = [
  { width: 390, height: 844, touch: true },
  { width: 1366, height: 900, touch: false },
];
const WORDS = {
  'en-IN': {
    noLimit: '0 taken, no limit',
    perAccount: 'No limit per account',
    scheduled: /^Scheduled from /,
    disabled: 'Disabled',
    enabled: 'Enabled',
    enable: (code) => `Enable coupon ${code}`,
    add: 'Add Coupon',
    missingCode: 'Enter a code: 3 to 24 letters, digits or hyphens.',
    missingValue: 'Enter the discount: per cent off, or rupees off for a flat coupon.',
    markReceived: 'Mark received',
    refund: 'Refund',
    referenceRequired: "Enter the refund's reference.",
    editProduct: 'Edit product',
    edit: (name) => `Edit ${name}`,
    pack: 'pack',
    menu: 'Coupons',
    adjust: (name) => `Adjust ${name}`,
    lowTotal: /^\d[\d,]* products and options under 5: \d[\d,]* running low, \d[\d,]* sold out$/,
    /** Where the total, running low and sold out are among the total's figures. */
    lowFigures: [0, 2, 3],
    newStock: (name) => `New stock of ${name}`,
    save: 'Save',
    adjusted: (name) => `Stock of ${name} set to 60`,
  },
  'hi-IN': {
    noLimit: '0 इस्तेमाल, कोई सीमा नहीं',
    perAccount: 'हर खाते के लिए कोई सीमा नहीं',
    scheduled: /से शुरू होगा$/,
    disabled: 'बंद',
    enabled: 'चालू',
    enable: (code) => `कूपन ${code} चालू करें`,
    add: 'कूपन जोड़ें',
    missingCode: 'कोड लिखें: 3 से 24 अक्षर, अंक या हाइफ़न।',
    missingValue: 'छूट लिखें: प्रतिशत, या तय रकम वाले कूपन के लिए रुपये।',
    markReceived: 'वापस मिला',
    refund: 'रिफ़ंड करें',
    referenceRequired: 'रिफ़ंड का रेफ़रेंस लिखें।',
    editProduct: 'प्रोडक्ट बदलें',
    edit: (name) => `${name} बदलें`,
    pack: 'पैक',
    menu: 'कूपन',
    adjust: (name) => `${name} का स्टॉक ठीक करें`,
    lowTotal: /^5 से कम वाले \d[\d,]* प्रोडक्ट और विकल्प: \d[\d,]* खत्म होने वाले, \d[\d,]* बिक चुके$/,
    lowFigures: [1, 2, 3],
    newStock: (name) => `${name} का नया स्टॉक`,
    save: 'सेव करें',
    adjusted: (name) => `${name} का स्टॉक अब 60 है`,
  },
};

/** @param {string} baseUrl @param {string} path @param {string} token @param {unknown} body */
async function call(baseUrl, path, token, body, method = 'POST') {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/** Coupons, a product with a long name running low, and a cash order's return waiting to be received, for one walk. */
async function seed(baseUrl, admin, tag) {
  const day = 86_400_000;
  const now = Date.now();
  const code = (word) => `${word}-${tag}`.toUpperCase().slice(0, 24);
  const coupon = (word, fields = {}) =>
    call(baseUrl, 'coupon/create', admin, {
      code: code(word),
      type: 'percent',
      value: 10,
      startsAt: new Date(now - day).toISOString(),
      endsAt: new Date(now + 7 * day).toISOString(),
      ...fields,
    });
  const open = await coupon('OPEN');
  const soon = await coupon('SOON', { startsAt: new Date(now + 2 * day).toISOString(), endsAt: new Date(now + 9 * day).toISOString() });
  const off = await coupon('OFF');
  await call(baseUrl, 'coupon/disable', admin, { _id: off._id });

  const [demo] = await inStockProducts(baseUrl, 1);
  // The name's last word is digits, which are all one width: a tag's letters are not, and "…Pack enmwxhxvmm" (its
  // m's and w's) wrapped to a fourth line at 390 px where "…Pack en 482913" takes three.
  const name = `Organic Cold-Pressed Virgin Coconut Oil Family Value Pack ${tag.slice(0, 2)} ${String(Date.now()).slice(-6)}`;
  const product = await call(baseUrl, 'product/create', admin, {
    name,
    image: demo.image.slice(0, 1),
    unit: 'pack',
    stock: 2,
    price: 480,
    hsn: '8518',
    gstRate: 18,
    discount: 0,
    description: 'Pressed cold.',
    category: demo.category.map((c) => (typeof c === 'string' ? c : c._id)),
    subCategory: demo.subCategory.map((s) => (typeof s === 'string' ? s : s._id)),
  });

  const shopper = await apiShopper(baseUrl, `five-${tag}`);
  const order = await apiOrder(baseUrl, shopper, [[demo, 1]]);
  await call(baseUrl, 'order/admin/update-status', admin, { orderId: order.orderId, status: 'DELIVERED' });
  await call(baseUrl, 'order/return', shopper.token, { orderId: order.orderId, items: [{ productId: demo._id, quantity: 1 }], reason: 'Leaking' });
  const returns = await call(baseUrl, 'order/admin/returns', admin, undefined, 'GET');
  const ret = returns.find((r) => r.orderId === order.orderId);
  await call(baseUrl, 'order/admin/return-status', admin, { returnId: ret._id, status: 'APPROVED' });
  return { codes: { open: open.code, soon: soon.code, off: off.code }, product: { ...product, name }, orderId: order.orderId };
}

/** Each cell of a table row lies within the screen's width. */
async function allCellsOnScreen(row, width) {
  const boxes = await row.locator('td').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect()).map((r) => [r.left, r.right]));
  for (const [left, right] of boxes) assert.ok(left >= 0 && right <= width, `a cell lies at ${left}–${right} px on a ${width} px screen`);
}

/** Both of the switch's languages, and the bar between them, sit on one line: each one's height overlaps every other's. */
async function switchOnOneLine(scope, where) {
  const group = scope.getByRole('group', { name: /^(Language|भाषा)$/ });
  await group.first().waitFor();
  const boxes = await group.first().evaluate((el) =>
    [...el.querySelectorAll('button, [aria-hidden]')].map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    }),
  );
  const oneLine = Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
  expect({ where, oneLine, parts: boxes.length }, JSON.stringify(boxes)).toEqual({ where, oneLine: true, parts: 3 });
}

/**
 * One language's walk on a signed-in admin's `page` already in that language: coupons, returns, Admin Products and
 * the overview's low stock, with the data `seeded` for it. Saves the low-stock Adjust at 1366 px only (the row
 * leaves the list), where the walk ends on the overview.
 */
async function walk(page, { baseUrl, artifactsDir, admin }, language, size, seeded) {
  const words = WORDS[language];
  const tag = `${language === 'en-IN' ? 'en' : 'hi'}-${size.width}`;
  // Coupons: limits in words, the coupon to come scheduled, the disabled one enabled again.
  await openInApp(page, '/dashboard/coupons');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const row = (code) => page.getByTestId(`coupon-row-${code}`);
  await expect(row(seeded.codes.open)).toContainText(words.noLimit);
  await expect(row(seeded.codes.open)).toContainText(words.perAccount);
  await expect(row(seeded.codes.open)).not.toContainText(/None|null/);
  await expect(row(seeded.codes.soon).getByTestId('coupon-state')).toHaveText(words.scheduled);
  // Every term of a coupon is on screen, none off to the side of a table scrolled sideways.
  await allCellsOnScreen(row(seeded.codes.open), size.width);
  if (size.width === 1366) {
    // The side menu marks this page, and names the admin once.
    const menu = page.locator('.dashboard__menu');
    await expect(menu.locator('a[aria-current="page"]')).toHaveText(words.menu);
    await expect(menu.locator('.account-menu__who')).not.toContainText('(');
  }
  assert.deepEqual(await seriousViolations(page), [], `${tag} coupons: axe`);
  await screenshot(page, artifactsDir, `admin-five-coupons-${tag}`);
  if (size.width === 390) {
    await expect(row(seeded.codes.off).getByTestId('coupon-state')).toHaveText(words.disabled);
    await row(seeded.codes.off)
      .getByRole('button', { name: words.enable(seeded.codes.off) })
      .click();
    await expect(row(seeded.codes.off).getByTestId('coupon-state')).toHaveText(words.enabled);
  }

  // The empty coupon form: what is missing, per field, and the focus on the first.
  await page.getByTestId('coupon-add').click();
  const form = page.getByRole('dialog', { name: words.add });
  await form.getByTestId('coupon-form-save').click();
  await expect(form.getByText(words.missingCode)).toBeVisible();
  await expect(form.getByText(words.missingValue)).toBeVisible();
  await expect(form.getByTestId('coupon-form-code')).toBeFocused();
  await expect(form).not.toContainText(/must be a number|संख्या/);
  await form.getByTestId('coupon-form-code').fill('FIRST');
  await form.getByTestId('coupon-form-save').click();
  await expect(form.getByTestId('coupon-form-value')).toBeFocused();
  await expect(form.getByTestId('coupon-form-value')).toBeInViewport();
  await screenshot(page, artifactsDir, `admin-five-coupon-form-${tag}`);
  // A code another coupon has: the server's refusal under Code, focused, the dialog open, in the admin's language,
  // never the API's field path nor a toast behind the dialog.
  const code = form.getByTestId('coupon-form-code');
  await code.fill(seeded.codes.open);
  await form.getByTestId('coupon-form-value').fill('10');
  await form.getByTestId('coupon-form-save').click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  const problem = form.locator(`[id="${(await code.getAttribute('aria-describedby')).split(' ').pop()}"]`);
  await expect(problem).toContainText(seeded.codes.open);
  await expect(problem).not.toContainText('code:');
  await expect(form).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);
  await screenshot(page, artifactsDir, `admin-five-coupon-taken-${tag}`);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // Returns: Mark received's name holds its label; the refund's reference problem goes once one is typed.
  await openInApp(page, '/dashboard/returns');
  const returnRow = page.getByTestId('admin-return-row').filter({ hasText: seeded.orderId });
  await returnRow.waitFor();
  await allCellsOnScreen(returnRow, size.width);
  // Each move's name holds the words it shows (axe's label-in-name, WCAG 2.5.3), and nothing else serious: one
  // run of axe answers both.
  const violations = await axeViolations(page);
  assert.deepEqual(
    violations.filter((v) => v.id === 'label-content-name-mismatch').map((v) => v.nodes.map((n) => n.target.join(' '))),
    [],
    `${tag} returns: label in name`,
  );
  assert.deepEqual(seriousOf(violations), [], `${tag} returns: axe`);
  await screenshot(page, artifactsDir, `admin-five-returns-${tag}`);
  if (size.width === 390) {
    const receive = returnRow.getByTestId('return-receive');
    await expect(receive).toHaveText(words.markReceived);
    assert.ok((await receive.getAttribute('aria-label')).includes(words.markReceived), 'Mark received: its name holds its label');
    await receive.click();
    await page.getByTestId('return-move-confirm').click();
    await expect(returnRow.getByTestId('return-refund')).toBeVisible();
    await returnRow.getByTestId('return-refund').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('return-move-confirm').click();
    await expect(dialog.getByRole('alert')).toHaveText(words.referenceRequired);
    await dialog.getByTestId('refund-reference').fill('UPI-4711');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await screenshot(page, artifactsDir, `admin-five-refund-${tag}`);
    await dialog.getByRole('button').first().click();
    await expect(dialog).toHaveCount(0);
  }

  // Admin Products: the unit in the language, and the edit modal says it edits.
  await openInApp(page, '/dashboard/product');
  // (The other language's product, its name but two words the same, may be found too.)
  const card = await searchAdminProducts(page, seeded.product.name);
  await expect(card.locator('.admin-card__unit')).toHaveText(words.pack);
  await screenshot(page, artifactsDir, `admin-five-products-${tag}`);
  await card.getByRole('button', { name: words.edit(seeded.product.name) }).click();
  const editor = page.getByRole('dialog', { name: words.editProduct });
  await expect(editor).toBeVisible();
  await screenshot(page, artifactsDir, `admin-five-edit-product-${tag}`);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);

  // Overview: the low stock's total, its figures the server's; running low before sold out.
  const expected = (await apiGet(baseUrl, 'order/admin/low-stock?lowStock=5', admin)).data;
  assert.ok(expected.runningLow > 0 && expected.soldOut > 0, 'the demo has units running low and sold out');
  await openInApp(page, '/dashboard');
  const total = page.getByTestId('overview-low-total');
  await expect(total).toHaveText(words.lowTotal);
  const figures = (await total.textContent()).match(/\d[\d,]*/g).map((n) => Number(n.replace(/,/g, '')));
  assert.deepEqual(
    words.lowFigures.map((i) => figures[i]),
    [expected.total, expected.runningLow, expected.soldOut],
    `${tag}: the low stock's figures`,
  );
  const rows = page.getByTestId('overview-low-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((list) => list.map((li) => Number(li.getAttribute('data-available'))));
  assert.ok(shown[0] > 0, `${tag}: the first row is running low, not sold out`);
  const firstOut = shown.findIndex((n) => n <= 0);
  assert.ok(firstOut === -1 || shown.slice(firstOut).every((n) => n <= 0), `${tag}: sold out rows come after every running-low one`);

  // The long name running low stays readable with Adjust, and with its form open; Adjust sets it in its row.
  const name = seeded.product.name;
  const lowRow = rows.filter({ hasText: name });
  await lowRow.waitFor();
  const lines = () =>
    lowRow
      .locator('span')
      .first()
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
  assert.ok((await lines()) <= 3, `${tag}: the low-stock name takes ${await lines()} lines`);
  await lowRow.getByRole('button', { name: words.adjust(name) }).click();
  const field = lowRow.getByRole('spinbutton', { name: words.newStock(name) });
  await expect(field).toBeFocused();
  assert.ok((await lines()) <= 3, `${tag}: with Adjust open, the low-stock name takes ${await lines()} lines`);
  await lowRow.scrollIntoViewIfNeeded();
  await screenshot(page, artifactsDir, `admin-five-overview-${tag}`);
  if (size.width === 1366) {
    await field.fill('60');
    await lowRow.getByRole('button', { name: words.save }).click();
    await expect(page.locator('.toast').filter({ hasText: words.adjusted(name) })).toHaveCount(1);
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
    // What the shop sells now is the figure set (a cart line reserves nothing).
    const details = await (
      await fetch(`${baseUrl}/api/product/get-product-details`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: seeded.product._id }),
      })
    ).json();
    assert.equal(details.data.stock, 60, `${tag}: the stock set`);
  }
}

test('admin after-order screens, in English then Hindi', CI_ONLY, async ({ baseUrl, artifactsDir, launch }) => {
  test.setTimeout(480_000);
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const stamp = Date.now().toString(36);
  /** Each language's own coupons, product and return. */
  const seeded = { 'en-IN': await seed(baseUrl, admin, `en${stamp}`), 'hi-IN': await seed(baseUrl, admin, `hi${stamp}`) };
  const browser = await launch();

  for (const size of SIZES) {
    const at = `${size.width}`;
    const context = await browser.newContext({ locale: 'en-IN', viewport: size, hasTouch: size.touch, isMobile: size.touch });
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await switchOnOneLine(page.locator('footer'), `footer at ${at}`);
    if (size.width === 1366) {
      // The account menu is a popover here: its switch on one line in both languages, then back to English.
      await page.getByRole('button', { name: 'Account' }).click();
      const popover = page.locator('.account-popover__panel .account-menu');
      await switchOnOneLine(popover, `account menu at ${at}`);
      await popover.getByRole('button', { name: 'हिन्दी' }).click();
      await switchOnOneLine(popover, `account menu in Hindi at ${at}`);
      await popover.getByRole('button', { name: 'English' }).click();
      await switchOnOneLine(popover, `account menu at ${at}, English again`);
      await page.keyboard.press('Escape');
      await expect(popover).toHaveCount(0);
    }

    await walk(page, { baseUrl, artifactsDir, admin }, 'en-IN', size, seeded['en-IN']);

    // To Hindi with the switch of a menu: on a phone the account menu's own page (Account opens it), which names the
    // admin once too; on a wide screen the dashboard's side menu, beside the overview.
    const menu = size.touch ? page.locator('main .account-menu') : page.locator('.dashboard__menu .account-menu');
    if (size.touch) {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.waitForURL(`${baseUrl}/user`);
      await expect(menu.locator('.account-menu__who')).not.toContainText('(');
      await screenshot(page, artifactsDir, `admin-five-menu-${at}`);
    }
    const where = size.touch ? 'account menu' : 'dashboard menu';
    await switchOnOneLine(menu, `${where} at ${at}`);
    await menu.getByRole('button', { name: 'हिन्दी' }).click();
    await switchOnOneLine(menu, `${where} in Hindi at ${at}`);
    await switchOnOneLine(page.locator('footer'), `footer in Hindi at ${at}`);

    await walk(page, { baseUrl, artifactsDir, admin }, 'hi-IN', size, seeded['hi-IN']);
    await context.close();
  }
});
