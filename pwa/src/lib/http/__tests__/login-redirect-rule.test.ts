import { describe, expect, it } from 'vitest';
import { loginReturnState, shouldSendToLogin } from '../login-redirect-rule';
import { returnPathAfterLogin } from '../login-return';

describe('docs/product.md#states: where a lost session sends the user', () => {
  it.each([
    ['/api/cart/get', '/cart', true],
    ['http://shop.test/api/order/order-list', '/my-orders', true],
    ['/api/product/get-product-details', '/product/watch-01J', false],
    ['/api/products', '/', false],
    ['/api/home', '/', false],
    ['/api/', '/checkout', false],
    ['/api/cart/get', '/login', false],
    ['/api/productivity/x', '/cart', true], // a segment, not a prefix
  ])('a failing %s seen on %s → /login: %s', (call, page, expected) => {
    expect(shouldSendToLogin(call, page)).toBe(expected);
  });
});

describe('signing in returns to the page that needed a session', () => {
  it.each([
    [{ from: '/dashboard/category' }, '/dashboard/category'],
    [{ from: '/dashboard/allorders?page=2' }, '/dashboard/allorders?page=2'],
    [undefined, '/'],
    [null, '/'],
    [{ from: 42 }, '/'],
    [{ from: 'https://evil.test/' }, '/'], // another origin
    [{ from: '//evil.test/x' }, '/'], // protocol-relative: another origin
    [{ from: '/\\evil.test' }, '/'], // browsers read a backslash as a slash
    [{ from: '/login' }, '/'], // no loop back to the login page
  ])('state %j → %s', (state, expected) => {
    expect(returnPathAfterLogin(state)).toBe(expected);
  });

  it('the login page itself hands on no return path', () => {
    expect(loginReturnState('/login')).toBeUndefined();
    expect(returnPathAfterLogin(loginReturnState('/dashboard/subcategory'))).toBe('/dashboard/subcategory');
  });
});
