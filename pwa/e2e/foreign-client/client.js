/* global location, document -- this page runs in the browser, on another origin */
// Everything a foreign client does, through the API's own origin (given as ?api=…), with credentials on.
const API = new URL(location.href).searchParams.get('api');
const log = (line) => (document.getElementById('log').textContent += `${line}\n`);

async function call(method, path, body, token, headers = {}) {
  const res = await fetch(`${API}/api${path}`, {
    method,
    credentials: 'include',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  log(`${method} ${path} → ${res.status}`);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return { json, requestId: res.headers.get('x-request-id') };
}

async function shop(email, password) {
  const { json: login } = await call('POST', '/user/login', { email, password });
  const token = login.data.accesstoken;
  const { json: products } = await call('POST', '/product/get', { page: 1, limit: 10 });
  const product = products.data.find((p) => p.stock > 0);
  await call('POST', '/cart/create', { productId: product._id }, token);
  const { json: cart } = await call('GET', '/cart/get', null, token);
  const { json: address } = await call(
    'POST',
    '/address/create',
    {
      name: 'Ravi',
      building: '12 Lake View',
      address_line: 'MG Road',
      district: 'Central',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pincode: '560001',
      mobile: '9876543210',
    },
    token,
  );
  const { json: order, requestId } = await call(
    'POST',
    '/order/cash-on-delivery',
    { list_items: cart.data, totalAmt: cart.totals.grandTotal, addressId: address.data._id },
    token,
    { 'idempotency-key': crypto.randomUUID() },
  );
  return { orderId: order.data.orderId, product: product.name, total: cart.totals.grandTotal, image: product.image?.[0] ?? null, requestId };
}

document.getElementById('shop').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const out = document.getElementById('result');
  shop(form.get('email'), form.get('password')).then(
    (result) => (out.textContent = JSON.stringify({ ok: true, ...result })),
    (error) => (out.textContent = JSON.stringify({ ok: false, error: String(error.message ?? error) })),
  );
});
