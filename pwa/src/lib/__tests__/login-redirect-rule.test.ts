import { describe, expect, it } from 'vitest';
import { shouldSendToLogin } from '../login-redirect-rule';

describe('spec §4: where a lost session sends the user', () => {
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
