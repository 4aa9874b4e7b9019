// Orders for the admin screens, made through the public API as shoppers would (register, sign in, save an
// address, order cash on delivery), and delivered by the admin. Used by the admin journeys, Buy again's, the a11y sweep
// and the screenshots script.
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.mjs';
import { ADDRESS, apiLogin, newShopper, registerByApi } from './shopper-steps.mjs';

/**
 * @param {string} baseUrl
 * @param {string} path
 * @param {{ token?: string, body?: unknown, method?: string }} [options]
 */
export async function call(baseUrl, path, options = {}) {
  const { token, body, method } = options;
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer;
}

/** A registered, signed-in shopper with one saved address: { ...shopper, token, addressId }. `who` overrides name, email or password. */
export async function apiShopper(baseUrl, tag, address = {}, who = {}) {
  const shopper = { ...newShopper(tag), ...who };
  await registerByApi(baseUrl, shopper);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  const fields = {
    name: ADDRESS.Name,
    building: ADDRESS.Building,
    address_line: ADDRESS['Address line'],
    district: ADDRESS.District,
    city: ADDRESS.City,
    state: ADDRESS.State,
    country: ADDRESS.Country,
    pincode: ADDRESS.Pincode,
    mobile: ADDRESS.Mobile,
    ...address,
  };
  const saved = await call(baseUrl, 'address/create', { token, body: fields });
  return { ...shopper, token, addressId: saved.data._id };
}

/** In-stock products of the demo catalogue, `count` of them, with the price the server will charge. */
export async function inStockProducts(baseUrl, count) {
  const { data: categories } = await call(baseUrl, 'category/get');
  const { data: subs } = await call(baseUrl, 'subcategory/get', { body: {} });
  const found = [];
  for (const sub of subs) {
    const category = sub.category[0];
    if (!category) continue;
    const { data } = await call(baseUrl, 'product/get-product-by-category-and-subcategory', {
      body: { categoryId: category._id, subCategoryId: sub._id, inStock: true },
    });
    for (const p of data) if (p.stock >= 5 && found.length < count) found.push({ ...p, charged: p.price - Math.ceil((p.price * p.discount) / 100) });
    if (found.length >= count) break;
  }
  assert.ok(found.length >= count && categories.length > 0, 'the demo catalogue has enough products in stock');
  return found;
}

/** A cash-on-delivery order of the given lines ([product, quantity]); answers the order. */
export async function apiOrder(baseUrl, shopper, lines) {
  const totalAmt = lines.reduce((sum, [p, q]) => sum + p.charged * q, 0);
  const { data } = await call(baseUrl, 'order/cash-on-delivery', {
    token: shopper.token,
    body: { list_items: lines.map(([p, q]) => ({ productId: p._id, quantity: q })), totalAmt, address: shopper.addressId },
  });
  return data;
}

/**
 * Products of the journey's own (a journey may change their price and stock; the demo's are other journeys'), each
 * like a demo product in its picture and category, priced ₹100, ₹120, ₹140…, and a new shopper whose cash orders of
 * them the admin delivered: `orders` lists each order's lines as [index of the product, units]. Answers the admin's
 * token, the products, the shopper and the orders' ids.
 * @param {string} baseUrl @param {string} tag @param {string[]} names @param {Array<Array<[number, number]>>} orders
 */
export async function deliveredOrders(baseUrl, tag, names, orders) {
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [demo] = await inStockProducts(baseUrl, 1);
  const stamp = String(Date.now()).slice(-5);
  const products = [];
  for (const [i, name] of names.entries()) {
    const made = await call(baseUrl, 'product/create', {
      token: admin,
      body: {
        name: `${name} ${stamp}`,
        image: demo.image.slice(0, 1),
        unit: 'pack',
        stock: 30,
        price: 100 + 20 * i,
        hsn: '8518',
        gstRate: 18,
        discount: 0,
        description: 'Bought before.',
        category: demo.category.map((c) => (typeof c === 'string' ? c : c._id)),
        subCategory: demo.subCategory.map((s) => (typeof s === 'string' ? s : s._id)),
      },
    });
    products.push({ ...made.data, charged: made.data.price });
  }
  const shopper = await apiShopper(baseUrl, tag);
  const ids = [];
  for (const lines of orders) {
    const order = await apiOrder(
      baseUrl,
      shopper,
      lines.map(([i, units]) => /** @type {[any, number]} */ ([products[i], units])),
    );
    await call(baseUrl, 'order/admin/update-status', { token: admin, body: { orderId: order.orderId, status: 'DELIVERED' } });
    ids.push(order.orderId);
  }
  return { admin, products, shopper, orderIds: ids };
}
